/**
The full-screen transcript view: a viewport over the transcript that lays out only the rows on
screen, a status line, and the keys from the key table. The frame is always one row shorter than
the terminal, because Ink clears the whole screen (and the scrollback) on every render once a frame
is as tall as the terminal (ink issues #935, #990).
*/
import {type Key, Text, useApp, useInput} from 'ink';
import {useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';
import type {KeyBindings} from '../keys/bindings.js';
import {keyNameFromInk} from '../keys/key-names.js';
import type {Painter} from '../theme/ansi.js';
import type {TranscriptState} from '../transcript/reducer.js';
import {focusedIndex, initialViewState, type ViewState} from '../transcript/view-state.js';
import {labelFor, paintFrame, statusRow} from './frame.js';
import HelpScreen from './help-screen.js';
import {createLayout, frameRows, type LayoutEnv} from './layout.js';
import {applyCommand, effectiveTop, initialViewportModel, type ViewportModel} from './navigation.js';
import {useTerminalSize} from './use-terminal-size.js';

/** Braille spinner frames for running calls. */
export const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

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
	const [model, setModel] = useState<ViewportModel>(() =>
		initialViewportModel(initialView ?? initialViewState),
	);
	const [tick, setTick] = useState(0);
	const [helpOpen, setHelpOpen] = useState(false);
	const toggleKey = labelFor(bindings, 'toggleExpand');
	const env: LayoutEnv = useMemo(
		() => ({
			items: transcript.items,
			indexById: transcript.indexById,
			// One row for the status line and one kept free so the frame never fills the terminal.
			rows: Math.max(1, size.rows - 2),
			width: size.columns,
			previewLines,
			expandHint: toggleKey === '' ? 'no key bound to expand' : `${toggleKey} to expand`,
			spinner: spinnerFrames[tick % spinnerFrames.length] ?? '*',
		}),
		[transcript, size, previewLines, toggleKey, tick],
	);

	const layout = useMemo(() => createLayout(env, model.view), [env, model.view]);
	const top = useMemo(() => effectiveTop(model, layout), [model, layout]);
	const rows = useMemo(() => frameRows(layout, top), [layout, top]);
	const focused = focusedIndex(model.view, env.items, env.indexById);
	const lines = useMemo(
		() => paintFrame(rows, focused, painter, statusRow(bindings, layout, top, env.width)),
		[rows, focused, painter, bindings, layout, top, env.width],
	);
	const running = rows.some(({index}) => {
		const item = env.items[index];
		return item?.type === 'tool' && item.status === 'running';
	});

	useEffect(() => {
		if (!running) {
			return;
		}

		const timer = setInterval(() => {
			setTick((value) => value + 1);
		}, 100);
		return () => {
			clearInterval(timer);
		};
	}, [running]);

	useEffect(() => {
		onFrame?.(lines.length);
	}, [lines, onFrame]);

	// Keys are applied to the layout on screen. A ref updated at commit (not a fresh handler per
	// render, which Ink subscribes only in a later passive effect) means a key pressed right after a
	// resize or a new item never acts on a stale layout.
	const latest = useRef({env, bindings, exit, helpOpen});
	useLayoutEffect(() => {
		latest.current = {env, bindings, exit, helpOpen};
	});
	const onInput = useCallback((input: string, key: Key) => {
		const current = latest.current;
		if (current.helpOpen) {
			setHelpOpen(false);
			return;
		}

		const name = keyNameFromInk(input, key);
		const command = name === undefined ? undefined : current.bindings.commandByKey.get(name);
		if (command === undefined) {
			return;
		}

		if (command === 'quit') {
			current.exit();
		} else if (command === 'help') {
			setHelpOpen(true);
		} else {
			setModel((model) => applyCommand(model, command, current.env));
		}
	}, []);
	useInput(onInput);

	if (helpOpen) {
		return <HelpScreen bindings={bindings} columns={size.columns} rows={size.rows - 1} />;
	}

	return <Text>{lines.join('\n')}</Text>;
}
