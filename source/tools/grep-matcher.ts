/**
grep's regular expressions run in a worker thread (grep-worker.js) under a time budget. A pattern that
backtracks catastrophically, such as (a|a)*$ on a long line, would otherwise freeze lector: V8 cannot
interrupt a running match, and the UI, the agent and the abort key share the main thread. When a batch of
files takes longer than the budget, or the search is aborted, the thread is terminated mid-match and every
waiting request fails at once; the next search starts a new thread.
*/
import type {EncodedText} from './grep-file.js';
import {MatcherFailure, MatcherThread, type MatchQuery, type TextMatches} from './grep-thread.js';

export {
	type LineMatch,
	MatcherFailure,
	type MatchQuery,
	MatchTimeout,
	type TextMatches,
} from './grep-thread.js';

/**
Longest the matching of one batch of files (a few MB of text at most) may take, in milliseconds. An
ordinary pattern matches megabytes in tens of milliseconds; a catastrophic one does not finish in a
lifetime.
*/
export const grepTimeBudgetMs = 1000;

/**
A thread kept between searches, since starting one costs ~20 ms: unref'ed while idle, and stopped after a
minute unused so a long session does not hold it.
*/
let kept: MatcherThread | undefined;
let idleTimer: NodeJS.Timeout | undefined;
const idleMs = 60_000;

function takeThread(budgetMs: number): MatcherThread {
	if (kept?.alive && kept.budgetMs === budgetMs) {
		clearTimeout(idleTimer);
		const thread = kept;
		kept = undefined;
		return thread;
	}

	return new MatcherThread(budgetMs);
}

/** Keeps a thread for the next search once its last request is answered (a search that hit its cap stops early). */
function returnThread(thread: MatcherThread): void {
	thread.whenIdle(() => {
		if (!thread.alive) {
			return;
		}

		// Searches running side by side each took a thread; one is enough to keep.
		if (kept !== undefined && kept !== thread) {
			kept.stop(new MatcherFailure('replaced'));
		}

		clearTimeout(idleTimer);
		kept = thread;
		idleTimer = setTimeout(() => {
			kept?.stop(new MatcherFailure('idle'));
			kept = undefined;
		}, idleMs).unref();
	});
}

/**
The matching of one search. Takes a thread on its first text; `close()` when done. On the signal's abort,
the thread is stopped and every waiting `match` rejects with the abort reason.
*/
export class Matcher {
	private thread: MatcherThread | undefined;
	private readonly budgetMs: number;
	private readonly signal: AbortSignal | undefined;
	private readonly onAbort = () => {
		this.thread?.stop(this.signal?.reason);
	};

	constructor(signal?: AbortSignal, budgetMs = grepTimeBudgetMs) {
		this.signal = signal;
		this.budgetMs = budgetMs;
		signal?.addEventListener('abort', this.onAbort, {once: true});
	}

	/**
	Matches each text line by line; `labels[i]` names `texts[i]` in a `MatchTimeout`. The texts' bytes
	move to the thread: their buffers are detached (copied first when shared). Rejects with
	`MatchTimeout` when this batch (or one sent before it) ran over the budget, with the abort reason, or
	with `MatcherFailure`.
	*/
	async match(
		texts: readonly EncodedText[],
		query: MatchQuery,
		labels: readonly string[],
	): Promise<TextMatches[]> {
		this.signal?.throwIfAborted();
		if (texts.length === 0) {
			return [];
		}

		this.thread ??= takeThread(this.budgetMs);
		return this.thread.match(texts, query, labels);
	}

	close(): void {
		this.signal?.removeEventListener('abort', this.onAbort);
		if (this.thread !== undefined) {
			returnThread(this.thread);
			this.thread = undefined;
		}
	}
}
