/**
One worker thread running grep-worker.js, seen from the main thread: requests are sent at once and
answered in order, each batch under a time budget kept by one watchdog timer; `stop()` terminates the
thread even in the middle of a match. The pool and the per-search API are in grep-matcher.ts.
*/

import {Worker} from 'node:worker_threads';
import {isRecord} from '../read/is-record.js';
import type {EncodedText} from './grep-file.js';

/** One matching line: its 1-based number and its text, clipped. */
export type LineMatch = {readonly line: number; readonly text: string};

/** What the worker found in one text: how many lines match, and the first `keep` of them. */
export type TextMatches = {readonly total: number; readonly lines: readonly LineMatch[]};

/** What to look for; the same for every batch of a search. */
export type MatchQuery = {
	readonly regex: RegExp;
	/** Most matching lines returned per text; the rest are only counted in `total`. */
	readonly keep: number;
	/** Lines longer than this many UTF-16 units are clipped, with an ellipsis. */
	readonly maxLineChars: number;
};

/** The matching of the text labelled `label` (a file's shown path) ran over the budget. */
export class MatchTimeout extends Error {
	readonly label: string;
	readonly budgetMs: number;

	constructor(label: string, budgetMs: number) {
		super(`matching ${label} took longer than ${budgetMs} ms`);
		this.name = 'MatchTimeout';
		this.label = label;
		this.budgetMs = budgetMs;
	}
}

/** The worker failed for another reason: an error it reported, or a crash. */
export class MatcherFailure extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'MatcherFailure';
	}
}

/** The worker's module, beside this one: plain JavaScript, so the same URL works from source/ and dist/. */
const workerUrl = new URL('./grep-worker.js', import.meta.url);

type Pending = {
	readonly id: number;
	readonly labels: readonly string[];
	readonly resolve: (found: TextMatches[]) => void;
	readonly reject: (reason: unknown) => void;
};

function isLineMatch(value: unknown): value is LineMatch {
	return isRecord(value) && Number.isSafeInteger(value['line']) && typeof value['text'] === 'string';
}

function isTextMatches(value: unknown): value is TextMatches {
	const lines = isRecord(value) ? value['lines'] : undefined;
	return (
		isRecord(value) &&
		Number.isSafeInteger(value['total']) &&
		Array.isArray(lines) &&
		lines.every((line) => isLineMatch(line))
	);
}

/**
The bytes as an ArrayBuffer of their own, to move to the thread without a copy: a Buffer that is a view
into a larger or shared buffer (Node's pool) must not be detached, so it is copied.
*/
function ownBuffer(bytes: Uint8Array): ArrayBuffer {
	const {buffer} = bytes;
	return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength
		? buffer
		: new Uint8Array(bytes).buffer;
}

/**
One worker thread. Requests are sent at once and answered in order, so the worker matches one batch while
the main thread reads the next. Once stopped or crashed it stays stopped and every request fails.
*/
export class MatcherThread {
	readonly budgetMs: number;
	private readonly worker: Worker;
	/** The index, in the request being matched, of the text being matched; written by the worker. */
	private readonly progress = new Int32Array(new SharedArrayBuffer(4));
	/** Sent and not yet answered, oldest first: the first is the one the worker is matching. */
	private readonly queue: Pending[] = [];
	/** When the first request in the queue started, as far as this thread can tell (ms). */
	private headSince = 0;
	private watchdog: NodeJS.Timeout | undefined;
	private nextId = 0;
	private failure: unknown;
	private onIdle: (() => void) | undefined;

	constructor(budgetMs: number) {
		this.budgetMs = budgetMs;
		// No execArgv: the thread needs none of the flags lector runs with (an --input-type would even stop it).
		this.worker = new Worker(workerUrl, {workerData: {progress: this.progress}, execArgv: []});
		this.worker.unref();
		this.worker.on('message', (message: unknown) => {
			this.answer(message);
		});
		this.worker.on('error', (error) => {
			this.stop(new MatcherFailure(error.message));
		});
		this.worker.on('exit', (code) => {
			this.stop(new MatcherFailure(`the matcher thread stopped unexpectedly (exit code ${code})`));
		});
	}

	get alive(): boolean {
		return this.failure === undefined;
	}

	/** Moves the texts' bytes to the thread: their buffers are detached (copied first when shared). */
	async match(
		texts: readonly EncodedText[],
		query: MatchQuery,
		labels: readonly string[],
	): Promise<TextMatches[]> {
		if (this.failure !== undefined) {
			throw this.failure;
		}

		const id = this.nextId++;
		const found = new Promise<TextMatches[]>((resolve, reject) => {
			this.queue.push({id, labels, resolve, reject});
		});
		if (this.queue.length === 1) {
			// Busy, the thread keeps the process alive; idle, it must not.
			this.worker.ref();
			this.headSince = performance.now();
			this.arm(this.budgetMs);
		}

		const buffers = texts.map((text) => ownBuffer(text.bytes));
		this.worker.postMessage(
			{
				type: 'search',
				id,
				source: query.regex.source,
				flags: query.regex.flags,
				keep: query.keep,
				maxLineChars: query.maxLineChars,
				texts: texts.map((text, index) => ({
					bytes: buffers[index],
					encoding: text.encoding,
					skip: text.bomBytes,
				})),
			},
			buffers,
		);
		return found;
	}

	/** Calls `callback` once no request is waiting (at once when none is); not when the thread stops. */
	whenIdle(callback: () => void): void {
		if (this.queue.length === 0) {
			callback();
		} else {
			this.onIdle = callback;
		}
	}

	/** Terminates the thread at once, even in the middle of a match; waiting requests fail with `reason`. */
	stop(reason: unknown): void {
		if (this.failure !== undefined) {
			return;
		}

		this.failure = reason;
		clearTimeout(this.watchdog);
		this.onIdle = undefined;
		for (const pending of this.queue.splice(0)) {
			pending.reject(reason);
		}

		void this.worker.terminate();
	}

	/**
	One timer for the whole queue rather than one per request: when it fires, the first request has run
	for the budget (stop), or the queue moved on meanwhile (wait for the rest of the new first's budget).
	*/
	private arm(delayMs: number): void {
		this.watchdog = setTimeout(() => {
			const head = this.queue[0];
			if (head === undefined) {
				return;
			}

			const elapsed = performance.now() - this.headSince;
			if (elapsed >= this.budgetMs) {
				const label = head.labels[Atomics.load(this.progress, 0)] ?? head.labels[0] ?? '';
				this.stop(new MatchTimeout(label, this.budgetMs));
			} else {
				this.arm(this.budgetMs - elapsed);
			}
		}, delayMs);
	}

	private answer(message: unknown): void {
		const pending = this.queue[0];
		if (!isRecord(message) || pending === undefined || message['id'] !== pending.id) {
			this.stop(new MatcherFailure('the matcher thread sent an unexpected answer'));
			return;
		}

		this.queue.shift();
		// The next request starts now: the worker takes it as soon as it has posted this answer.
		this.headSince = performance.now();
		if (this.queue.length === 0) {
			clearTimeout(this.watchdog);
			this.worker.unref();
		}

		const files = message['files'];
		if (
			message['type'] === 'found' &&
			Array.isArray(files) &&
			files.length === pending.labels.length &&
			files.every((file) => isTextMatches(file))
		) {
			pending.resolve(files);
		} else {
			const reason = typeof message['message'] === 'string' ? message['message'] : 'a malformed answer';
			pending.reject(new MatcherFailure(reason));
		}

		if (this.queue.length === 0 && this.onIdle !== undefined) {
			const callback = this.onIdle;
			this.onIdle = undefined;
			callback();
		}
	}
}
