/**
The full-screen transcript view: a viewport over the transcript that lays out only the rows on
screen, a status line, and the keys from the key table. The frame is always one row shorter than
the terminal, because Ink clears the whole screen (and the scrollback) on every render once a frame
is as tall as the terminal (ink issues #935, #990).
*/
import {type Key, Text, useApp, useInput} from 'ink';
import {useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';
import type {KeyBindings} from '../keys/bindings.js';
import {isShellCommand} from '../keys/commands.js';
import {keyNameFromInk} from '../keys/key-names.js';
import type {Painter} from '../theme/ansi.js';
import type {TranscriptState} from '../transcript/reducer.js';
import type {ViewState} from '../transcript/view-state.js';
import {labelFor, paintFrame, statusRow} from './frame.js';
import HelpScreen from './help-screen.js';
import {useTerminalSize} from './use-terminal-size.js';
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
};

/** The interactive transcript. `q` (or the quit binding) exits the Ink app. */
export default function TranscriptView({
	transcript,
	bindings,
	painter,
	previewLines,
	initialView,
	onFrame,
}: Props) {
	const {exit} = useApp();
	const size = useTerminalSize();
	const [helpOpen, setHelpOpen] = useState(false);
	const toggleKey = labelFor(bindings, 'toggleExpand');
	const {env, layout, top, frame, focused, apply} = useViewport({
		transcript,
		// One row for the status line and one kept free so the frame never fills the terminal.
		rows: size.rows - 2,
		columns: size.columns,
		previewLines,
		expandHint: toggleKey === '' ? 'no key bound to expand' : `${toggleKey} to expand`,
		...(initialView === undefined ? {} : {initialView}),
	});
	const lines = useMemo(
		() => paintFrame(frame, focused, painter, statusRow(bindings, layout, top, env.width)),
		[frame, focused, painter, bindings, layout, top, env.width],
	);

	useEffect(() => {
		onFrame?.(lines.length);
	}, [lines, onFrame]);

	// The handler reads the latest props through a ref set at commit, so a key never sees stale state.
	const latest = useRef({bindings, exit, helpOpen});
	useLayoutEffect(() => {
		latest.current = {bindings, exit, helpOpen};
	});
	const onInput = useCallback(
		(input: string, key: Key) => {
			const current = latest.current;
			if (current.helpOpen) {
				setHelpOpen(false);
				return;
			}

			const name = keyNameFromInk(input, key);
			const command = name === undefined ? undefined : current.bindings.commandByKey.get(name);
			if (command === undefined || isShellCommand(command)) {
				return;
			}

			if (command === 'quit') {
				current.exit();
			} else if (command === 'help') {
				setHelpOpen(true);
			} else {
				apply(command);
			}
		},
		[apply],
	);
	useInput(onInput);

	if (helpOpen) {
		return <HelpScreen bindings={bindings} columns={size.columns} rows={size.rows - 1} />;
	}

	return <Text>{lines.join('\n')}</Text>;
}
