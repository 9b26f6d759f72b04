/**
The interactive replay: the TranscriptView over a transcript that grows while the log is read (or
followed), under a fixed header with the session's facts, with the counts of what was skipped in the
status line. Events are queued and applied to a TranscriptStore once per flush, in place: loading a
log is linear in its size. Flushes are at most ten a second, so a load redraws the status count at
that rate at most (Ink writes nothing when a frame is unchanged).
*/

import {performance} from 'node:perf_hooks';
import process from 'node:process';
import {useCallback, useEffect, useMemo, useState} from 'react';
import type {KeyBindings} from '../../keys/bindings.js';
import {countsLine, type ReplayStats} from '../../sessions/stats.js';
import type {SessionMeta} from '../../sessions/types.js';
import type {Painter} from '../../theme/ansi.js';
import {TranscriptStore} from '../../transcript/reducer.js';
import {keepResults, type ResultVault} from '../../transcript/result-vault.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {initialViewState} from '../../transcript/view-state.js';
import {renderFullScreen} from '../../ui/full-screen.js';
import {type PictureOverlay, pictureOverlayFor} from '../../ui/picture-overlay.js';
import {type PendingFacts, sessionHeaderRows} from '../../ui/session-header.js';
import {loadViewSettings} from '../../ui/show.js';
import TranscriptView from '../../ui/transcript-view.js';

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

	/** With a `vault`, large tool results are kept on disk as they are pushed (see result-vault.ts). */
	constructor(vault?: ResultVault) {
		this.vault = vault;
	}

	push(events: readonly TranscriptEvent[]): void {
		this.pending.push(...(this.vault === undefined ? events : keepResults(events, this.vault)));
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

	private flush(): void {
		clearTimeout(this.timer);
		this.timer = undefined;
		if (this.listener === undefined || (this.pending.length === 0 && this.facts === undefined)) {
			return;
		}

		this.lastFlush = performance.now();
		const batch = {events: this.pending, facts: this.facts};
		this.pending = [];
		this.facts = undefined;
		this.listener(batch);
	}
}

/** How the replay view starts and what it shows above the transcript. */
export type ReplayViewOptions = {
	readonly expanded: boolean;
	/** The log, named in the header. */
	readonly filePath: string;
	/** Following a live log: start at the bottom and follow; otherwise start at the top. */
	readonly follow: boolean;
};

type Props = ReplayViewOptions & {
	readonly queue: EventQueue;
	readonly bindings: KeyBindings;
	readonly painter: Painter;
	readonly previewLines: number;
	readonly pictures?: PictureOverlay;
	readonly mouse?: boolean;
};

const noFacts: ReplayFacts = {meta: undefined, stats: undefined};

/** The replay view: a transcript fed by the queue, under the session header. */
export function LiveTranscript({
	queue,
	bindings,
	painter,
	previewLines,
	expanded,
	filePath,
	follow,
	pictures,
	mouse = false,
}: Props) {
	const [store] = useState(() => new TranscriptStore());
	const [transcript, setTranscript] = useState(store.state);
	const [facts, setFacts] = useState(() => queue.currentFacts() ?? noFacts);
	useEffect(
		() =>
			queue.subscribe((batch) => {
				// Applied here, once, not in a state updater: React may call an updater again, and the
				// store changes in place.
				setTranscript(store.apply(batch.events));
				if (batch.facts !== undefined) {
					setFacts(batch.facts);
				}
			}),
		[queue, store],
	);
	const {meta, stats, loading = false} = facts;
	// Following a log that holds nothing yet, or reading one: say so, not that its format is unknown.
	const empty = transcript.items.length === 0;
	const pending: PendingFacts | undefined =
		meta !== undefined ? undefined : follow && empty ? 'waiting' : loading ? 'loading' : undefined;
	const header = useCallback(
		(columns: number) => sessionHeaderRows(meta, filePath, columns, undefined, pending),
		[meta, filePath, pending],
	);
	const counts = stats === undefined ? '' : countsLine(stats);
	const notes = useMemo(() => (counts === '' ? [] : [counts]), [counts]);
	return (
		<TranscriptView
			transcript={transcript}
			bindings={bindings}
			painter={painter}
			previewLines={previewLines}
			initialView={expanded ? {...initialViewState, allExpanded: true} : initialViewState}
			header={header}
			notes={notes}
			start={follow ? 'bottom' : 'top'}
			mouse={mouse}
			holdKeys={loading && empty}
			{...(pictures === undefined ? {} : {pictures})}
		/>
	);
}

/** Run the interactive view until the person quits; `onQuit` stops the reader. */
export async function showLiveReplay(
	queue: EventQueue,
	options: ReplayViewOptions,
	onQuit: () => void,
): Promise<void> {
	const {stdout, stderr, env} = process;
	const {bindings, painter, previewLines, mouse} = await loadViewSettings(stdout, stderr, env);
	const pictures = pictureOverlayFor(stdout, env);
	await renderFullScreen(
		<LiveTranscript
			queue={queue}
			bindings={bindings}
			painter={painter}
			previewLines={previewLines}
			mouse={mouse}
			{...options}
			{...(pictures === undefined ? {} : {pictures})}
		/>,
		{stdout, stderr, exitOnCtrlC: true, onExit: onQuit, ...(pictures === undefined ? {} : {pictures})},
	);
}
