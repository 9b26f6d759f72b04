/**
The interactive `lector watch`: the replay's transcript view over whichever session is followed,
under a header that says which (or that it waits for one), with the last switch in the status line.
*/
import process from 'node:process';
import {useCallback, useEffect, useMemo, useState} from 'react';
import type {KeyBindings} from '../../keys/bindings.js';
import {seg} from '../../panels/parts.js';
import type {Row} from '../../panels/types.js';
import {countsLine, type ReplayStats} from '../../sessions/stats.js';
import type {SessionMeta} from '../../sessions/types.js';
import type {SessionPick} from '../../sessions/watch-workspace.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {padToWidth} from '../../text/width.js';
import type {Painter} from '../../theme/ansi.js';
import {TranscriptStore} from '../../transcript/reducer.js';
import {initialViewState} from '../../transcript/view-state.js';
import {renderFullScreen} from '../../ui/full-screen.js';
import {type PictureOverlay, pictureOverlayFor} from '../../ui/picture-overlay.js';
import {sessionHeaderRows} from '../../ui/session-header.js';
import {loadViewSettings} from '../../ui/show.js';
import TranscriptView from '../../ui/transcript-view.js';
import type {EventQueue} from '../replay/event-queue.js';
import {switchNote} from './watch-text.js';

/** What the header and status line say; the latest value wins. */
export type WatchFacts = {
	/** The session followed; undefined while waiting for one. */
	readonly pick: SessionPick | undefined;
	readonly meta: SessionMeta | undefined;
	readonly stats: ReplayStats | undefined;
	/** When the session was taken up (for the status line's `since 10:02:03`). */
	readonly since: number | undefined;
};

export const noSession: WatchFacts = {pick: undefined, meta: undefined, stats: undefined, since: undefined};

/** What the watch view shows besides the sessions. */
export type WatchViewOptions = {
	readonly expanded: boolean;
	/** The workspace, as shown (`~/project`). */
	readonly workspace: string;
	/** The agents whose folders are watched, as shown (`lector, pi, Claude Code and Codex`). */
	readonly agents: string;
	readonly home: string;
};

type Props = WatchViewOptions & {
	readonly queue: EventQueue<WatchFacts>;
	readonly bindings: KeyBindings;
	readonly painter: Painter;
	readonly previewLines: number;
	readonly pictures?: PictureOverlay;
	readonly mouse?: boolean;
};

/** The header while no session is followed: waiting, where, and for which agents. */
export function waitingRows(workspace: string, agents: string, width: number): Row[] {
	return [
		[seg(padToWidth(sanitizeLine(` lector watch · waiting for a session in ${workspace}`), width), 'status')],
		[seg(sanitizeLine(` watching the session folders of ${agents} · q quits`), 'dim')],
	];
}

/** The watch view: the followed session's transcript, reset at each switch. */
export function WatchTranscript({
	queue,
	bindings,
	painter,
	previewLines,
	expanded,
	workspace,
	agents,
	home,
	pictures,
	mouse = false,
}: Props) {
	const [store] = useState(() => new TranscriptStore());
	const [transcript, setTranscript] = useState(store.state);
	const [facts, setFacts] = useState(() => queue.currentFacts() ?? noSession);
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
	const {pick, meta, stats, since} = facts;
	const header = useCallback(
		(columns: number) =>
			pick === undefined
				? waitingRows(workspace, agents, columns)
				: sessionHeaderRows(
						meta,
						pick.entry.filePath,
						columns,
						home,
						meta === undefined ? 'waiting' : undefined,
					),
		[pick, meta, workspace, agents, home],
	);
	const counts = stats === undefined ? '' : countsLine(stats);
	const switched = pick === undefined || since === undefined ? '' : switchNote(pick, since);
	const notes = useMemo(() => [switched, counts].filter((note) => note !== ''), [switched, counts]);
	return (
		<TranscriptView
			transcript={transcript}
			bindings={bindings}
			painter={painter}
			previewLines={previewLines}
			initialView={expanded ? {...initialViewState, allExpanded: true} : initialViewState}
			header={header}
			notes={notes}
			start="bottom"
			mouse={mouse}
			{...(pictures === undefined ? {} : {pictures})}
		/>
	);
}

/** Run the interactive view until the person quits; `onQuit` stops the watch. */
export async function showWatch(
	queue: EventQueue<WatchFacts>,
	options: WatchViewOptions,
	onQuit: () => void,
): Promise<void> {
	const {stdout, stderr, env} = process;
	const {bindings, painter, previewLines, mouse} = await loadViewSettings(stdout, stderr, env);
	const pictures = pictureOverlayFor(stdout, env);
	await renderFullScreen(
		<WatchTranscript
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
