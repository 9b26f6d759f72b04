/**
The full-screen transcript view: a viewport over the transcript that lays out only the rows on
screen, a status line, and the keys from the key table. The frame is always one row shorter than
the terminal, because Ink clears the whole screen (and the scrollback) on every render once a frame
is as tall as the terminal (ink issues #935, #990).
*/
import {Text, useApp} from 'ink';
import {useCallback, useEffect, useMemo, useState} from 'react';
import type {KeyBindings} from '../keys/bindings.js';
import type {KeyContext} from '../keys/commands.js';
import type {Row} from '../panels/types.js';
import {cutLine} from '../text/styled.js';
import type {Painter} from '../theme/ansi.js';
import type {TranscriptState} from '../transcript/reducer.js';
import type {ViewState} from '../transcript/view-state.js';
import {labelFor, paintFrame, statusRow} from './frame.js';
import HelpScreen from './help-screen.js';
import type {FrameRow} from './layout.js';
import type {PictureOverlay} from './picture-overlay.js';
import {useMouse} from './use-mouse.js';
import {usePictures} from './use-pictures.js';
import {useSearch} from './use-search.js';
import {useTerminalSize} from './use-terminal-size.js';
import {useViewKeys} from './use-view-keys.js';
import {useViewport} from './use-viewport.js';

export {spinnerFrames} from './use-viewport.js';

type Props = {
	readonly transcript: TranscriptState;
	readonly bindings: KeyBindings;
	readonly painter: Painter;
	/** Lines in a collapsed preview; 0 shows headers alone. */
	readonly previewLines: number;
	/** Expansion and focus to start with. */
	readonly initialView?: ViewState;
	/** Called after each frame is computed, with its height in rows (for tests and the benchmark). */
	readonly onFrame?: (rows: number) => void;
	/**
	Fixed rows above the viewport (a replay's session header), built for the terminal's columns. The
	viewport gets the rows they leave; on a very short terminal they give way first.
	*/
	readonly header?: (columns: number) => readonly Row[];
	/** Shown in the status line after the position, e.g. a replay's counts of skipped lines. */
	readonly notes?: readonly string[];
	/** `bottom` (default) follows new output; `top` starts at the beginning, first item focused. */
	readonly start?: 'top' | 'bottom';
	/**
	The view: `replay` (default) has prompts and search; `read` (one read) has neither. Keys of
	commands that do not work here are ignored, and the help and the status line leave them out.
	*/
	readonly context?: Exclude<KeyContext, 'shell'>;
	/** Draws pictures over image panels, when the terminal speaks an inline image protocol. */
	readonly pictures?: PictureOverlay;
	/** Start with mouse-wheel scrolling on (the config file's `mouse`); the m key toggles it. */
	readonly mouse?: boolean;
	/**
	Hold the keys, to act on them in order once this turns false: a replay whose first items are not
	read yet, so that keys pressed before its first screen act on that screen, not on an empty one.
	*/
	readonly holdKeys?: boolean;
};

const noNotes: readonly string[] = [];
const noFrame: readonly FrameRow[] = [];

/** The interactive transcript. `q` (or the quit binding) exits the Ink app. */
export default function TranscriptView({
	transcript,
	bindings,
	painter,
	previewLines,
	initialView,
	onFrame,
	header,
	notes = noNotes,
	start,
	context = 'replay',
	pictures,
	mouse = false,
	holdKeys = false,
}: Props) {
	const {exit} = useApp();
	const size = useTerminalSize();
	const [helpOpen, setHelpOpen] = useState(false);
	const toggleKey = labelFor(bindings, 'toggleExpand');
	// The header never takes the last viewport row, the status line or the row kept free.
	const headerRows = useMemo(
		() =>
			(header?.(size.columns) ?? [])
				.slice(0, Math.max(0, size.rows - 3))
				.map((row) => painter.paint(cutLine(row, size.columns))),
		[header, size, painter],
	);
	const {env, layout, top, frame, focused, apply, jump, scroll, focusNow} = useViewport({
		transcript,
		// One row for the status line and one kept free so the frame never fills the terminal.
		rows: size.rows - 2 - headerRows.length,
		columns: size.columns,
		previewLines,
		expandHint: toggleKey === '' ? 'no key bound to expand' : `${toggleKey} to expand`,
		...(initialView === undefined ? {} : {initialView}),
		...(start === undefined ? {} : {start}),
		pictures: pictures !== undefined,
	});
	usePictures(pictures, layout, top, helpOpen ? noFrame : frame, headerRows.length);
	const {on: mouseOn, toggle: toggleMouse, take: takeMouse} = useMouse(mouse);
	const search = useSearch({
		transcript,
		focused,
		focusNow,
		jump,
		width: env.width,
	});
	const lines = useMemo(() => {
		const status =
			search.promptRow ??
			statusRow(
				bindings,
				layout,
				top,
				focused,
				env.width,
				[
					...(search.status === undefined ? [] : [search.status]),
					...notes,
					// Why dragging no longer selects text.
					...(mouseOn ? ['mouse on (m)'] : []),
				],
				context,
			);
		// The viewport keeps one row for its layout; on a terminal of two rows or fewer it gives way to
		// the status line, so the frame is still one row shorter than the terminal.
		return [...headerRows, ...paintFrame(frame, focused, painter, status)].slice(-Math.max(1, size.rows - 1));
	}, [
		frame,
		focused,
		painter,
		bindings,
		layout,
		top,
		env.width,
		headerRows,
		search.promptRow,
		search.status,
		notes,
		context,
		mouseOn,
		size.rows,
	]);

	useEffect(() => {
		onFrame?.(lines.length);
	}, [lines, onFrame]);

	const openHelp = useCallback(() => {
		setHelpOpen(true);
	}, []);
	useViewKeys({
		bindings,
		hold: holdKeys,
		context,
		helpOpen,
		openHelp,
		quit: exit,
		apply,
		scroll,
		toggleMouse,
		takeMouse,
		search,
	});
	const closeHelp = useCallback(() => {
		setHelpOpen(false);
	}, []);

	if (helpOpen) {
		return (
			<HelpScreen
				bindings={bindings}
				context={context}
				columns={size.columns}
				rows={size.rows - 1}
				onClose={closeHelp}
			/>
		);
	}

	return <Text>{lines.join('\n')}</Text>;
}
