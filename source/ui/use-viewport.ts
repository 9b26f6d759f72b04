/**
The viewport over a transcript as a hook: the person's view model (expansion, focus, scroll anchor),
the layout of the rows on screen, the spinner for running calls, and `apply` for key commands. Shared
by the full-screen TranscriptView and the agent shell, which differ only in who owns the keys and how
many rows the viewport gets.
*/
import {useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';
import type {TranscriptState} from '../transcript/reducer.js';
import {focusedIndex, initialViewState, type ViewState} from '../transcript/view-state.js';
import {
	createLayout,
	type FrameRow,
	frameRows,
	type Layout,
	type LayoutEnv,
	type Position,
} from './layout.js';
import {
	applyCommand,
	effectiveTop,
	initialViewportModel,
	jumpTo,
	resolveFocus,
	scrollRows,
	topViewportModel,
	type ViewportCommand,
	type ViewportModel,
} from './navigation.js';

/** Braille spinner frames for running calls. */
export const spinnerFrames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** What the viewport shows and how. */
export type ViewportOptions = {
	readonly transcript: TranscriptState;
	/** Rows for panels (the caller's frame minus its status and other rows); at least 1. */
	readonly rows: number;
	/** Columns of the terminal. */
	readonly columns: number;
	readonly previewLines: number;
	/** The hint a collapsed panel shows, e.g. `ctrl+o to expand`. */
	readonly expandHint: string;
	readonly initialView?: ViewState;
	/**
	Where the view starts: `bottom` (the default) follows new output; `top` shows the beginning with
	the first item focused, as for a finished log.
	*/
	readonly start?: 'top' | 'bottom';
	/** The terminal draws pictures: image panels keep rows for them. */
	readonly pictures?: boolean;
};

/** The laid-out viewport: the rows on screen and the command entry point. */
export type Viewport = {
	readonly env: LayoutEnv;
	readonly layout: Layout;
	readonly top: Position;
	/** Exactly `rows` rows. */
	readonly frame: readonly FrameRow[];
	/** Index of the focused item, or -1. */
	readonly focused: number;
	/** Apply a key command to the layout on screen (stable identity). */
	readonly apply: (command: ViewportCommand) => void;
	/** Focus the item at this index and bring its header to the top of the screen (stable identity). */
	readonly jump: (index: number) => void;
	/** Scroll by rows, negative up: the mouse wheel (stable identity). */
	readonly scroll: (rows: number) => void;
	/**
	Index of the focused item (or -1) after every command applied so far, including those of the key
	chunk being handled, which `focused` shows only after the next render (stable identity).
	*/
	readonly focusNow: () => number;
};

/** Lay out the transcript for the rows on screen; re-renders every 100 ms while a visible call runs. */
export function useViewport(options: ViewportOptions): Viewport {
	const {transcript, rows, columns, previewLines, expandHint, initialView, start, pictures = false} = options;
	const [model, setModel] = useState<ViewportModel>(() =>
		(start === 'top' ? topViewportModel : initialViewportModel)(initialView ?? initialViewState),
	);
	const [tick, setTick] = useState(0);
	const env: LayoutEnv = useMemo(
		() => ({
			items: transcript.items,
			indexById: transcript.indexById,
			rows: Math.max(1, rows),
			width: columns,
			previewLines,
			expandHint,
			spinner: spinnerFrames[tick % spinnerFrames.length] ?? '*',
			pictures,
		}),
		[transcript, rows, columns, previewLines, expandHint, tick, pictures],
	);
	const layout = useMemo(() => createLayout(env, model.view), [env, model.view]);
	const top = useMemo(() => effectiveTop(model, layout), [model, layout]);
	const frame = useMemo(() => frameRows(layout, top), [layout, top]);
	const focused = focusedIndex(resolveFocus(model, env.items).view, env.items, env.indexById);
	const running = frame.some(({index}) => {
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

	// Commands act on the layout on screen. A ref updated at commit (not a fresh callback per render,
	// which Ink subscribes only in a later passive effect) means a key pressed right after a resize or
	// a new item never acts on a stale layout.
	const latest = useRef(env);
	useLayoutEffect(() => {
		latest.current = env;
	});
	// Only the commands below change the model. They build on this ref, set at once, so the keys of one
	// chunk (`jjj`, `jn`) each start where the one before left, before React renders anything.
	const modelNow = useRef(model);
	const update = useCallback((change: (model: ViewportModel) => ViewportModel) => {
		modelNow.current = change(modelNow.current);
		setModel(modelNow.current);
	}, []);
	const apply = useCallback(
		(command: ViewportCommand) => {
			update((model) => applyCommand(model, command, latest.current));
		},
		[update],
	);
	const jump = useCallback(
		(index: number) => {
			update((model) => jumpTo(model, latest.current, index));
		},
		[update],
	);
	const scroll = useCallback(
		(rows: number) => {
			update((model) => scrollRows(model, rows, latest.current));
		},
		[update],
	);
	const focusNow = useCallback(() => {
		const {items, indexById} = latest.current;
		return focusedIndex(resolveFocus(modelNow.current, items).view, items, indexById);
	}, []);
	return {env, layout, top, frame, focused, apply, jump, scroll, focusNow};
}
