/**
The matches of one grep, gathered in walk order under the caps. Text files go to the matcher thread
(grep-matcher.ts) in batches, and the walk goes on reading while the thread matches. Results are applied
strictly in walk order, so the caps, the counts and the file where the search stops are the same as if
each file were searched alone, one after another; files read past that point are dropped.

Batches start at one file and grow by one up to `maxBatchFiles`: a round trip to the thread costs more
than searching a small file, so a search over a whole tree wants big batches, while one that soon
reaches its match cap should not read many files ahead of the batch that stops it (growing by one keeps
that to a few files where doubling would read up to as many files again).
*/
import {type EncodedText, type GrepMatch, grepMaxLineChars, type LoadedFile} from './grep-file.js';
import type {Matcher, MatchQuery, TextMatches} from './grep-matcher.js';

/** Most matching lines one grep returns. */
export const grepMatchCap = 100;
/** Most matching lines shown from one file. */
export const grepPerFileCap = 20;

/** A batch is sent once it holds this many files (it grows to it), or this many bytes. */
const maxBatchFiles = 32;
const batchBytes = 256 * 1024;

/**
Most files, and bytes of text, read and not yet applied: the walk waits above them,
so a slow pattern does not make it read the whole tree into memory ahead of the matching.
*/
const windowFiles = 64;
const windowBytes = 8 * 1024 * 1024;

/** The per-file and total counts a grep reports. */
export type GrepCounts = {
	filesSearched: number;
	filesMatched: number;
	/** Matches not shown because of the per-file cap. */
	hiddenMatches: number;
	/** Files skipped for being larger than the grep file cap. */
	skippedLarge: number;
};

/** A file added and not yet applied; `result` is set when the thread answers. */
type Entry = {readonly shown: string; readonly file: LoadedFile; result?: TextMatches};

export class GrepCollector {
	readonly matches: GrepMatch[] = [];
	readonly counts: GrepCounts = {filesSearched: 0, filesMatched: 0, hiddenMatches: 0, skippedLarge: 0};
	/** The total cap was reached: the search stopped early. */
	truncated = false;
	private readonly queue: Entry[] = [];
	/** Text files added and not yet sent to the thread. */
	private group: Entry[] = [];
	private groupBytes = 0;
	private batchFiles = 1;
	private waitingBytes = 0;
	private waitingFiles = 0;
	private failure: {readonly reason: unknown} | undefined;
	private wake: Array<() => void> = [];
	private readonly matcher: Matcher;
	private readonly query: MatchQuery;

	constructor(matcher: Matcher, regex: RegExp) {
		this.matcher = matcher;
		this.query = {regex, keep: grepPerFileCap, maxLineChars: grepMaxLineChars};
	}

	/**
	Adds the next file in walk order. Resolves to false once the search must stop (the total cap was
	reached); rejects with the matcher's failure (`MatchTimeout`, the abort reason, `MatcherFailure`).
	*/
	async add(shown: string, file: LoadedFile): Promise<boolean> {
		this.throwIfFailed();
		if (this.truncated || file.kind === 'binary' || file.kind === 'unreadable') {
			return !this.truncated;
		}

		const entry: Entry = {shown, file};
		this.queue.push(entry);
		if (file.kind === 'text') {
			this.group.push(entry);
			this.groupBytes += file.bytes.length;
			this.waitingBytes += file.bytes.length;
			this.waitingFiles++;
			if (this.group.length >= this.batchFiles || this.groupBytes >= batchBytes) {
				this.send();
			}
		}

		this.drain();
		while (this.busy() && (this.waitingFiles >= windowFiles || this.waitingBytes >= windowBytes)) {
			this.send();
			await this.change();
		}

		this.throwIfFailed();
		return !this.truncated;
	}

	/** Waits for the files added so far; call after the last one. */
	async finish(): Promise<void> {
		this.send();
		while (this.busy() && this.queue.length > 0) {
			await this.change();
		}

		this.throwIfFailed();
	}

	/** Sends the files grouped so far as one batch. */
	private send(): void {
		const batch = this.group;
		if (batch.length === 0) {
			return;
		}

		const bytes = this.groupBytes;
		this.group = [];
		this.groupBytes = 0;
		this.batchFiles = Math.min(this.batchFiles + 1, maxBatchFiles);
		// The bytes move to the thread (they are detached here); only the group's total is kept.
		const texts = batch.flatMap((entry): EncodedText[] => (entry.file.kind === 'text' ? [entry.file] : []));
		this.matcher
			.match(
				texts,
				this.query,
				batch.map((entry) => entry.shown),
			)
			.then(
				(results) => {
					for (const [index, entry] of batch.entries()) {
						entry.result = results[index];
					}

					this.waitingBytes -= bytes;
					this.waitingFiles -= batch.length;
					this.drain();
				},
				(reason: unknown) => {
					this.failure ??= {reason};
					this.notify();
				},
			);
	}

	private busy(): boolean {
		return this.failure === undefined && !this.truncated;
	}

	private throwIfFailed(): void {
		if (this.failure !== undefined) {
			throw this.failure.reason;
		}
	}

	private async change(): Promise<void> {
		return new Promise((resolve) => {
			this.wake.push(resolve);
		});
	}

	private notify(): void {
		const waiting = this.wake;
		this.wake = [];
		for (const resolve of waiting) {
			resolve();
		}
	}

	/** Applies the files at the front of the queue whose results are in, in order. */
	private drain(): void {
		while (!this.truncated && this.queue.length > 0) {
			const head = this.queue[0];
			if (head === undefined || (head.file.kind === 'text' && head.result === undefined)) {
				break;
			}

			this.queue.shift();
			if (head.result === undefined) {
				this.counts.skippedLarge++;
			} else if (!this.apply(head.shown, head.result)) {
				this.truncated = true;
				this.queue.length = 0;
			}
		}

		this.notify();
	}

	/** One searched file's matches under the caps; false when the total cap stops the search. */
	private apply(shown: string, result: TextMatches): boolean {
		const take = Math.min(grepPerFileCap, grepMatchCap - this.matches.length);
		const shownLines = result.lines.slice(0, take);
		const more = result.total - shownLines.length;
		this.counts.filesSearched++;
		if (shownLines.length > 0) {
			this.counts.filesMatched++;
			for (const {line, text} of shownLines) {
				this.matches.push({path: shown, line, text});
			}
		}

		if (this.matches.length >= grepMatchCap && more > 0) {
			return false;
		}

		this.counts.hiddenMatches += more;
		return true;
	}
}
