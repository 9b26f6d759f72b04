/**
The queue between a log's reader and the replay (or watch) view: events and session facts pushed as
they are read, delivered to the view in batches, at most ten a second while a log loads. Apart from
the view, so that reading can start while the view's modules (Ink, React) still load.
*/
import {performance} from 'node:perf_hooks';
import type {ReplayStats} from '../../sessions/stats.js';
import type {SessionMeta} from '../../sessions/types.js';
import {keepResults, type ResultVault} from '../../transcript/result-vault.js';
import type {TranscriptEvent} from '../../transcript/types.js';

/**
Least milliseconds between two deliveries to the view. The first after a quiet spell goes at once
(the first screen, a followed log's new line); a load then redraws at most ten times a second.
*/
export const flushMs = 100;

/** What the header and the status line say about the session; the latest value wins. */
export type ReplayFacts = {
	readonly meta: SessionMeta | undefined;
	readonly stats: ReplayStats | undefined;
	/** The log is still being read: without facts yet, the header says so (not "unknown format"). */
	readonly loading?: boolean;
};

/** One delivery: the events since the last one, and the facts when they changed. */
export type ReplayBatch<Facts = ReplayFacts> = {
	readonly events: readonly TranscriptEvent[];
	readonly facts: Facts | undefined;
};

/** Events and session facts pushed by a reader, delivered to one listener in batches. */
export class EventQueue<Facts = ReplayFacts> {
	private readonly vault: ResultVault | undefined;
	private pending: TranscriptEvent[] = [];
	private facts: Facts | undefined;
	private latestFacts: Facts | undefined;
	private listener: ((batch: ReplayBatch<Facts>) => void) | undefined;
	private timer: NodeJS.Timeout | undefined;
	private lastFlush = Number.NEGATIVE_INFINITY;
	private eventsArrived: (() => void) | undefined;
	private readonly eventsPushed = new Promise<void>((resolve) => {
		this.eventsArrived = resolve;
	});

	/** With a `vault`, large tool results are kept on disk as they are pushed (see result-vault.ts). */
	constructor(vault?: ResultVault) {
		this.vault = vault;
	}

	push(events: readonly TranscriptEvent[]): void {
		this.pending.push(...(this.vault === undefined ? events : keepResults(events, this.vault)));
		if (events.length > 0) {
			this.eventsArrived?.();
		}

		this.schedule();
	}

	/** New session facts, delivered with the next batch (a follow updates them per chunk read). */
	setFacts(facts: Facts): void {
		this.facts = facts;
		this.latestFacts = facts;
		this.schedule();
	}

	/** The facts set last, for a view's first frame (it subscribes only after that frame). */
	currentFacts(): Facts | undefined {
		return this.latestFacts;
	}

	/** Attach the one listener; what was pushed before is delivered at once. */
	subscribe(listener: (batch: ReplayBatch<Facts>) => void): () => void {
		this.listener = listener;
		this.flush();
		return () => {
			this.listener = undefined;
		};
	}

	private schedule(): void {
		// A timeout even when due at once: the rest of the chunk being read joins the same batch.
		this.timer ??= setTimeout(
			() => {
				this.flush();
			},
			Math.max(0, this.lastFlush + flushMs - performance.now()),
		);
	}

	/**
	What was pushed and not yet delivered, as one batch, now (undefined when nothing was): a view's
	first frame draws it at once, rather than a frame later. It counts as a delivery.
	*/
	take(): ReplayBatch<Facts> | undefined {
		clearTimeout(this.timer);
		this.timer = undefined;
		if (this.pending.length === 0 && this.facts === undefined) {
			return undefined;
		}

		this.lastFlush = performance.now();
		const batch = {events: this.pending, facts: this.facts};
		this.pending = [];
		this.facts = undefined;
		return batch;
	}

	/** Resolves once events have been pushed (at once if some were): the first screen has something. */
	untilEvents(): Promise<void> {
		return this.eventsPushed;
	}

	private flush(): void {
		if (this.listener === undefined) {
			clearTimeout(this.timer);
			this.timer = undefined;
			return;
		}

		const batch = this.take();
		if (batch !== undefined) {
			this.listener(batch);
		}
	}
}
