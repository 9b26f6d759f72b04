/*
The worker thread that runs grep's regular expressions (started by source/tools/grep-matcher.ts).
JavaScript regexes backtrack, and some patterns take exponential time on one long line: (a|a)*$ or
(a+)+$ against "aaa…ab". V8 cannot interrupt a running match, so on the main thread such a pattern would
freeze lector; in this thread it freezes only this thread, which the main thread terminates when a
request runs over its time budget or the search is aborted.

Plain JavaScript for the reason given in source/read/documents/extract-worker.js: a Worker needs a .js
file, the same one from source/ under vitest (which runs the TypeScript sources) and from dist/
(`npm run build` copies it there, beside the modules and the CLI's chunks: scripts/build.mjs). Keep it small: only the matching, which can run
away, belongs here; walking, reading, sniffing, caps and notices stay in TypeScript on the main thread.

workerData: {progress: Int32Array on a SharedArrayBuffer}. progress[0] is the index, in the current
request, of the text being matched, so that the main thread can name the file that was too slow.

Messages, a batch of texts each, answered in the order they came, one reply each:
	{type: 'search', id, source, flags, keep, maxLineChars, texts: [{bytes, encoding, skip}]}
	  ->  {type: 'found', id, files: [{total, lines: [{line, text}]}]} | {type: 'failed', id, message}
Each text comes as its file's bytes (an ArrayBuffer moved here, not copied) and is decoded here as
`encoding` after `skip` bytes (a BOM), so decoding is off the main thread too. For each text, in order:
`total` matching lines, and the first `keep` of them in `lines` (1-based number, text clipped to
`maxLineChars` UTF-16 units followed by an ellipsis). The main thread reads the next files while this
thread matches, and sends them in batches: a message's round trip (~60 µs) costs more than searching a
small file.
*/
import {parentPort, workerData} from 'node:worker_threads';

/** @type {Int32Array | undefined} */
const progress = workerData?.progress;

/** The last compiled pattern: a search sends the same one with every batch. */
let cached;

function regexFor(source, flags) {
	if (cached === undefined || cached.source !== source || cached.flags !== flags) {
		cached = {source, flags, regex: new RegExp(source, flags)};
	}

	return cached.regex;
}

/** One decoder per encoding; not fatal: undecodable bytes become U+FFFD, as in the read engine. */
const decoders = new Map();

function decode({bytes, encoding, skip}) {
	let decoder = decoders.get(encoding);
	if (decoder === undefined) {
		decoder = new TextDecoder(encoding);
		decoders.set(encoding, decoder);
	}

	return decoder.decode(new Uint8Array(bytes, skip));
}

function clip(text, maxLineChars) {
	return text.length > maxLineChars ? `${text.slice(0, maxLineChars)}…` : text;
}

/** Tests every line (no `g` flag, so test() carries no lastIndex from one line to the next). */
function searchText(regex, text, keep, maxLineChars) {
	const lines = [];
	let total = 0;
	const all = text.split(/\r\n|\r|\n/);
	for (let index = 0; index < all.length; index++) {
		const line = all[index];
		if (!regex.test(line)) {
			continue;
		}

		total++;
		if (lines.length < keep) {
			lines.push({line: index + 1, text: clip(line, maxLineChars)});
		}
	}

	return {total, lines};
}

parentPort?.on('message', (message) => {
	try {
		const regex = regexFor(message.source, message.flags);
		const files = message.texts.map((text, index) => {
			if (progress !== undefined) {
				Atomics.store(progress, 0, index);
			}

			return searchText(regex, decode(text), message.keep, message.maxLineChars);
		});
		parentPort?.postMessage({type: 'found', id: message.id, files});
	} catch (error) {
		const text = error instanceof Error ? error.message : String(error);
		parentPort?.postMessage({type: 'failed', id: message?.id, message: text});
	}
});
