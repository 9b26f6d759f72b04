/*
The worker thread that parses PDFs (pdf.js) and Word files (mammoth) for the read engine, so that a
damaged or hostile file can exhaust only this thread's heap and time: the main thread
(source/read/documents/worker-job.ts) stops it on a time limit or an abort, and survives its crash.

Plain JavaScript, not TypeScript, on purpose: a Worker needs a JavaScript file, and vitest runs lector
from its TypeScript sources. As a .js file it is used as is from source/ under vitest, and
`npm run build` copies it to dist/ next to the compiled modules and next to the bundled CLI's chunks
(scripts/build.mjs), so the same `new URL('./extract-worker.js', import.meta.url)` finds it in all. Keep it small: only the parsing
that can run away belongs here; paging, caps and notices stay in TypeScript on the main thread.

Messages are plain data, one request at a time, each answered by one reply (close has none):
	{type: 'open-pdf', data: ArrayBuffer}  ->  {type: 'opened', pageCount} | failed
	{type: 'pdf-page', page, budget?}      ->  {type: 'page', text, stopped?: 'caps' | 'scan'} | failed
	{type: 'docx', data, maxParagraphs?, lastParagraphs?}
	                                       ->  {type: 'html', html, paragraphs?: {kept, total?, from?}} | failed
	{type: 'notebook', data: ArrayBuffer}  ->  {type: 'json', json} | failed   (capped-json.js)
	{type: 'close'}                           drops the open PDF; no reply
where failed is {type: 'failed', error: {kind, message}}, kind being the library error's name.
*/
import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {parentPort} from 'node:worker_threads';
import {parseCappedJson} from './capped-json.js';
import {DOMMatrix2d} from './dom-matrix.js';
import {boundedWord, lastParagraphsWord} from './word-cut.js';

/** The open PDF's loading task (to destroy it) and document, between open-pdf and close. */
let task;
let document;

/**
Where pdf.js finds the data it ships: the standard 14 fonts (without them every page with Helvetica
or Times falls back slowly, about twice the time per page) and the CMaps that map CJK fonts to text.
Paths end with a slash, as pdf.js wants.
*/
function dataFolders(root) {
	return {
		standardFontDataUrl: `${path.join(root, 'standard_fonts')}${path.sep}`,
		cMapUrl: `${path.join(root, 'cmaps')}${path.sep}`,
		cMapPacked: true,
	};
}

/**
Where pdf.js is: the copy `npm run build` puts in dist/pdfjs/ beside the bundled worker (the package
ships that copy, not pdfjs-dist, whose optional 32 MB canvas binary only drawing needs), else the
installed pdfjs-dist (under vitest and in dist/'s module build).
*/
function pdfjsLocation() {
	const beside = fileURLToPath(new URL('pdfjs/', import.meta.url));
	if (existsSync(path.join(beside, 'pdf.mjs'))) {
		return {root: beside, module: path.join(beside, 'pdf.mjs')};
	}

	const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
	return {root, module: path.join(root, 'legacy', 'build', 'pdf.mjs')};
}

let pdfjs;

/**
pdf.js, loaded on first use: a worker that only ever converts Word files never pays for it. It needs a
DOMMatrix as it loads (dom-matrix.js gives one, the same with or without @napi-rs/canvas installed),
and warns (console.warn, before any verbosity option applies) that it found no canvas package to draw
with: lector only takes text, and the warning would land on the terminal, so it is dropped.
*/
async function loadPdfjs() {
	if (pdfjs === undefined) {
		const location = pdfjsLocation();
		globalThis.DOMMatrix ??= DOMMatrix2d;
		const warn = console.warn;
		console.warn = () => {};
		try {
			const module = await import(pathToFileURL(location.module).href);
			pdfjs = {getDocument: module.getDocument, data: dataFolders(location.root)};
		} finally {
			console.warn = warn;
		}
	}

	return pdfjs;
}

async function closePdf() {
	const open = task;
	task = undefined;
	document = undefined;
	await open?.destroy();
}

async function openPdf(data) {
	await closePdf();
	const {getDocument, data: folders} = await loadPdfjs();
	// isEvalSupported off: a PDF must never run code; verbosity 0: pdf.js warnings would land on the terminal.
	task = getDocument({
		data: new Uint8Array(data),
		isEvalSupported: false,
		verbosity: 0,
		disableFontFace: true,
		...folders,
	});
	document = await task.promise;
	return {type: 'opened', pageCount: document.numPages};
}

/**
The text of one page: pdf.js's items joined, a line break where pdf.js saw one. With a `budget`, pdf.js
streams the page and is stopped once the text is more than a read could show (`stopped: 'caps'`), or
past `budget.scanChars` characters in all (`stopped: 'scan'`, e.g. one endless line): a page of
millions of text operators costs what is shown, not what it holds.
*/
async function pageText(page, budget) {
	if (document === undefined) {
		throw new Error('no PDF is open');
	}

	const reader = (await document.getPage(page)).streamTextContent().getReader();
	const tally = budget === undefined ? undefined : new PageTally(budget);
	let text = '';
	for (;;) {
		const {done, value} = await reader.read();
		if (done) {
			return {type: 'page', text};
		}

		for (const item of value.items) {
			// Marked-content items carry no text; only text items have `str`.
			if (typeof item.str !== 'string') {
				continue;
			}

			const piece = item.hasEOL === true ? `${item.str}\n` : item.str;
			text += piece;
			tally?.add(piece);
		}

		const stopped = tally?.stopped();
		if (stopped !== undefined) {
			await reader.cancel(new Error('lector: the page is past what the read can show'));
			return {type: 'page', text, stopped};
		}
	}
}

/**
Counts a page's text as it streams, to know when a read cannot show more of it. The count is a lower
bound of what the engine's fitter (documents/fit.ts) charges: a finished non-blank line costs at least
its length in UTF-16 units over 2 (code points), and at most `lineChars` of it is kept.
*/
class PageTally {
	constructor(budget) {
		this.budget = budget;
		this.lines = 0;
		this.cost = 0;
		this.chars = 0;
		/** The current line: its length so far, and up to its last non-space character (0: blank so far). */
		this.lineChars = 0;
		this.lineVisible = 0;
	}

	add(piece) {
		this.chars += piece.length;
		// The engine splits lines at \r too (formats/pdf.ts): so does the count, or it would charge too much.
		const segments = piece.split(/\r|\n/);
		for (const [index, segment] of segments.entries()) {
			if (index > 0) {
				this.endLine();
			}

			this.extendLine(segment);
		}
	}

	extendLine(segment) {
		const lastVisible = segment.search(/\S\s*$/);
		if (lastVisible !== -1) {
			this.lineVisible = this.lineChars + lastVisible + 1;
		}

		this.lineChars += segment.length;
	}

	/** Blank lines cost nothing here: the engine squeezes runs of them, so counting none stays a lower bound. */
	endLine() {
		if (this.lineVisible > 0) {
			this.lines++;
			this.cost += Math.min(Math.ceil(this.lineVisible / 2), this.budget.lineChars);
		}

		this.lineChars = 0;
		this.lineVisible = 0;
	}

	stopped() {
		if (this.lines > this.budget.lines || this.cost > this.budget.bytes) {
			return 'caps';
		}

		return this.chars > this.budget.scanChars ? 'scan' : undefined;
	}
}

async function convertWord(data, maxParagraphs, lastParagraphs) {
	const {default: mammoth} = await import('mammoth');
	// Pictures get no src (the engine writes `[image: alt text]`): mammoth would inline them as base64 data URIs.
	const convert = async (buffer) =>
		(
			await mammoth.convertToHtml(
				{buffer},
				{convertImage: mammoth.images.imgElement(async () => ({src: ''})), externalFileAccess: false},
			)
		).value;
	// Only what the read can show is converted (word-cut.js).
	const bounded =
		lastParagraphs === undefined
			? await boundedWord(data, maxParagraphs)
			: await lastParagraphsWord(data, lastParagraphs);
	if (bounded.cut === undefined) {
		return {type: 'html', html: await convert(bounded.buffer)};
	}

	try {
		return {type: 'html', html: await convert(bounded.buffer), paragraphs: bounded.cut};
	} catch {
		// The cut left something open that the container list does not know: convert the whole file.
		return {type: 'html', html: await convert(Buffer.from(data))};
	}
}

async function handle(message) {
	switch (message?.type) {
		case 'open-pdf': {
			return openPdf(message.data);
		}

		case 'pdf-page': {
			return pageText(message.page, message.budget);
		}

		case 'docx': {
			return convertWord(message.data, message.maxParagraphs, message.lastParagraphs);
		}

		case 'notebook': {
			// What a read can show, the rest counted: JSON.parse would build every string of a huge output.
			return {type: 'json', json: parseCappedJson(Buffer.from(message.data))};
		}

		case 'close': {
			await closePdf();
			return undefined;
		}

		default: {
			throw new Error(`unknown request ${String(message?.type)}`);
		}
	}
}

// One request at a time, in order: a close must finish before the next file opens.
let queue = Promise.resolve();
parentPort?.on('message', (message) => {
	queue = queue.then(async () => {
		try {
			const reply = await handle(message);
			if (reply !== undefined) {
				parentPort?.postMessage(reply);
			}
		} catch (error) {
			const kind = error instanceof Error ? error.name : 'Error';
			const text = error instanceof Error ? error.message : String(error);
			parentPort?.postMessage({type: 'failed', error: {kind, message: text}});
		}
	});
});
