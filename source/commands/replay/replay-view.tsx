/**
The interactive replay: the TranscriptView over a transcript that grows while the log is read (or
followed), under a fixed header with the session's facts, with the counts of what was skipped in the
status line. Events are queued (event-queue.ts) and applied to a TranscriptStore once per flush, in
place: loading a log is linear in its size. Flushes are at most ten a second, so a load redraws the
status count at that rate at most (Ink writes nothing when a frame is unchanged). What was read
before the view came up is on its first frame.
*/

import process from 'node:process';
import {useCallback, useEffect, useMemo, useState} from 'react';
import type {KeyBindings} from '../../keys/bindings.js';
import {countsLine} from '../../sessions/stats.js';
import type {Painter} from '../../theme/ansi.js';
import {TranscriptStore} from '../../transcript/reducer.js';
import {initialViewState} from '../../transcript/view-state.js';
import {renderFullScreen} from '../../ui/full-screen.js';
import {type PictureOverlay, pictureOverlayFor} from '../../ui/picture-overlay.js';
import {type PendingFacts, sessionHeaderRows} from '../../ui/session-header.js';
import {loadViewSettings} from '../../ui/show.js';
import TranscriptView from '../../ui/transcript-view.js';
import type {EventQueue, ReplayFacts} from './event-queue.js';

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
	// What was read before the view came up is on its first frame, not a frame later.
	const [first] = useState(() => {
		const store = new TranscriptStore();
		const batch = queue.take();
		return {store, transcript: batch === undefined ? store.state : store.apply(batch.events)};
	});
	const {store} = first;
	const [transcript, setTranscript] = useState(first.transcript);
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
