/** Key commands applied to the viewport model: pure functions of the model and the layout env. */
import type {Command, SearchCommand, ShellCommand} from '../keys/commands.js';
import {assertNever} from '../transcript/assert-never.js';
import {
	focusedIndex,
	focusOn,
	isFocusable,
	nextFocusable,
	toggleAll,
	toggleOne,
	type ViewState,
} from '../transcript/view-state.js';
import {
	bottomTop,
	clampTop,
	createLayout,
	frameRows,
	headerRowOf,
	type Layout,
	type LayoutEnv,
	move,
	type Position,
	rowOf,
} from './layout.js';

/** Everything the person changed: expansion and focus, the scroll anchor, and whether to follow new output. */
export type ViewportModel = {
	readonly view: ViewState;
	readonly top: Position;
	/** Keep the end of the transcript on screen as items arrive. */
	readonly followTail: boolean;
	/**
	Nothing was focused yet and the view starts at the top: the first panel takes the focus once it
	arrives (a focus id of undefined otherwise means the last panel).
	*/
	readonly focusFirst?: boolean;
	/**
	Set by expanding or collapsing while following: the transcript's end the view was reshaped over.
	Until that end changes the view stays at `top` (the toggled panel keeps its row); once new output
	arrives it follows the end again. Following stops only when the person scrolls away from the end.
	*/
	readonly heldOver?: TranscriptEnd;
};

/**
The end of a transcript: its length and last item. The shell's store grows one array in place, but
items are immutable, so a new item or a streamed delta (which replaces the last item) changes this.
*/
type TranscriptEnd = {readonly count: number; readonly last: LayoutEnv['items'][number] | undefined};

function endOf(items: LayoutEnv['items']): TranscriptEnd {
	return {count: items.length, last: items.at(-1)};
}

/** The model at start: everything collapsed, showing the end. */
export const initialViewportModel = (view: ViewState): ViewportModel => ({
	view,
	top: {index: 0, offset: 0},
	followTail: true,
});

/** The model for a finished log: the top of the transcript, its first panel focused. */
export const topViewportModel = (view: ViewState): ViewportModel => ({
	view,
	top: {index: 0, offset: 0},
	followTail: false,
	focusFirst: true,
});

/** The model with `focusFirst` resolved: the first panel focused once there is one. */
export function resolveFocus(model: ViewportModel, items: LayoutEnv['items']): ViewportModel {
	if (model.focusFirst !== true) {
		return model;
	}

	// The first panel, as `g` focuses it: the focus keys move between panels only (prompts are reached
	// by `[`/`]` and search), so opening at the top and pressing `g` give the same view.
	const first = items[nextFocusable(items, -1, 1)];
	if (first === undefined) {
		return model;
	}

	const view = model.view.focusId === undefined ? focusOn(model.view, first.id) : model.view;
	return {view, top: model.top, followTail: model.followTail, heldOver: model.heldOver};
}

/** The top position to draw from. */
export function effectiveTop(model: ViewportModel, layout: Layout): Position {
	const {heldOver} = model;
	const {items} = layout.env;
	const held = heldOver !== undefined && heldOver.count === items.length && heldOver.last === items.at(-1);
	return model.followTail && !held ? bottomTop(layout) : move(layout, model.top, 0);
}

function settle(layout: Layout, view: ViewState, top: Position): ViewportModel {
	const bottom = bottomTop(layout);
	const atBottom = top.index === bottom.index && top.offset === bottom.offset;
	return {view, top, followTail: atBottom};
}

function scroll(model: ViewportModel, layout: Layout, delta: number): ViewportModel {
	return settle(layout, model.view, clampTop(layout, move(layout, effectiveTop(model, layout), delta)));
}

/** Anchor `index`'s header at screen row `row` (row 0 when it was off screen). */
function anchorHeader(layout: Layout, index: number, row: number): Position {
	const target = row >= 0 && row < layout.env.rows ? row : 0;
	return move(layout, {index, offset: layout.gap(index)}, -target);
}

/** Ids of the panels (tool calls) with a row on screen: what expand-all decides by. */
function shownPanels(layout: Layout, top: Position): string[] {
	const ids = new Set<string>();
	for (const {index} of frameRows(layout, top)) {
		const item = layout.env.items[index];
		if (item !== undefined && isFocusable(item)) {
			ids.add(item.id);
		}
	}

	return [...ids];
}

function toggle(model: ViewportModel, env: LayoutEnv, all: boolean): ViewportModel {
	const before = createLayout(env, model.view);
	const top = effectiveTop(model, before);
	const focused = focusedIndex(model.view, env.items, env.indexById);
	const item = env.items[focused];
	if (item === undefined) {
		return all ? held(model, env, toggleAll(model.view, shownPanels(before, top)), top) : model;
	}

	const row = headerRowOf(before, top, focused);
	const pinned = focusOn(model.view, item.id);
	const view = all ? toggleAll(pinned, shownPanels(before, top)) : toggleOne(pinned, item.id);
	const after = createLayout(env, view);
	// The focused panel keeps its screen row: no jump to the bottom (or anywhere else)...
	const anchored = anchorHeader(after, focused, row);
	// ...unless it holds a picture that would now run off the screen: a picture is drawn only whole, so
	// the view scrolls just enough to show it, keeping the header on screen.
	return held(model, env, view, all ? anchored : revealPictures(after, anchored, focused));
}

/**
The model after reshaping the view (expand, collapse) with its new top: a view that followed the
end keeps following (held at `top` until new output arrives), for expanding is not scrolling away.
*/
function held(model: ViewportModel, env: LayoutEnv, view: ViewState, top: Position): ViewportModel {
	return model.followTail
		? {view, top, followTail: true, heldOver: endOf(env.items)}
		: {view, top, followTail: false};
}

function revealPictures(layout: Layout, top: Position, index: number): Position {
	const spots = layout.viewAt(index).pictures ?? [];
	const header = headerRowOf(layout, top, index);
	const last = Math.max(...spots.map((spot) => header + spot.row + spot.rows));
	const overflow = last - layout.env.rows;
	return overflow > 0 && header > 0 ? move(layout, top, Math.min(overflow, header)) : top;
}

function reveal(layout: Layout, top: Position, index: number): Position {
	const header = headerRowOf(layout, top, index);
	if (header < 0) {
		return move(layout, top, header);
	}

	const end = rowOf(layout, top, index) + layout.height(index);
	const overflow = end - layout.env.rows;
	return overflow > 0 ? move(layout, top, Math.min(overflow, header)) : top;
}

function focusStep(model: ViewportModel, env: LayoutEnv, step: 1 | -1): ViewportModel {
	const layout = createLayout(env, model.view);
	const top = effectiveTop(model, layout);
	const focused = focusedIndex(model.view, env.items, env.indexById);
	if (focused >= 0) {
		// Inside a panel taller than the screen, the arrows scroll through it first.
		const header = headerRowOf(layout, top, focused);
		const end = rowOf(layout, top, focused) + layout.height(focused);
		if ((step === 1 && end > env.rows && header <= env.rows - 1) || (step === -1 && header < 0 && end > 0)) {
			return scroll(model, layout, step);
		}
	}

	const next = nextFocusable(env.items, focused >= 0 ? focused : env.items.length, step);
	const item = env.items[next];
	if (item === undefined) {
		return scroll(model, layout, step);
	}

	const view = focusOn(model.view, item.id);
	return settle(layout, view, clampTop(layout, reveal(layout, top, next)));
}

/**
Focus item `index` and scroll so its header is the first row on screen (or as near as the end of
the transcript allows): prompt jumps and search matches.
*/
export function jumpTo(model: ViewportModel, env: LayoutEnv, index: number): ViewportModel {
	const item = env.items[index];
	if (item === undefined) {
		return model;
	}

	const layout = createLayout(env, model.view);
	return settle(layout, focusOn(model.view, item.id), clampTop(layout, anchorHeader(layout, index, 0)));
}

/** The nearest user prompt before (`step` -1) or after (`step` 1) the focused item (else the top row). */
function promptStep(model: ViewportModel, env: LayoutEnv, step: 1 | -1): ViewportModel {
	const layout = createLayout(env, model.view);
	const focused = focusedIndex(model.view, env.items, env.indexById);
	const from = focused >= 0 ? focused : effectiveTop(model, layout).index;
	for (let index = from + step; index >= 0 && index < env.items.length; index += step) {
		if (env.items[index]?.type === 'user') {
			return jumpTo(model, env, index);
		}
	}

	return model;
}

/** After a page move, keep the focus on screen: the first focusable panel whose header is visible. */
function refocus(layout: Layout, model: ViewportModel): ViewportModel {
	const {items, indexById, rows} = layout.env;
	const top = effectiveTop(model, layout);
	const focused = focusedIndex(model.view, items, indexById);
	if (focused >= 0) {
		const start = rowOf(layout, top, focused);
		if (start + layout.gap(focused) < rows && start + layout.height(focused) > 0) {
			return model;
		}
	}

	let fallback: string | undefined;
	for (
		let index = top.index, row = rowOf(layout, top, top.index);
		index < items.length && row < rows;
		index++
	) {
		const item = items[index];
		if (item?.type === 'tool') {
			if (row + layout.gap(index) >= 0) {
				return {...model, view: focusOn(model.view, item.id)};
			}

			fallback ??= item.id;
		}

		row += layout.height(index);
	}

	return fallback === undefined ? model : {...model, view: focusOn(model.view, fallback)};
}

/**
Commands that move or reshape the viewport (quit, help, the search and the shell's own keys belong
to the UI around it).
*/
export type ViewportCommand = Exclude<
	Command,
	'quit' | 'help' | 'toggleMouse' | ShellCommand | SearchCommand
>;

/** Scroll by `rows` (negative: up), as the mouse wheel does; the focus follows as for page keys. */
export function scrollRows(unresolved: ViewportModel, rows: number, env: LayoutEnv): ViewportModel {
	const model = resolveFocus(unresolved, env.items);
	const layout = createLayout(env, model.view);
	return refocus(layout, scroll(model, layout, rows));
}

/** Apply one viewport command. */
export function applyCommand(
	unresolved: ViewportModel,
	command: ViewportCommand,
	env: LayoutEnv,
): ViewportModel {
	const model = resolveFocus(unresolved, env.items);
	const page = Math.max(1, env.rows - 1);
	switch (command) {
		case 'toggleExpand': {
			return toggle(model, env, false);
		}

		case 'toggleAll': {
			return toggle(model, env, true);
		}

		case 'focusNext': {
			return focusStep(model, env, 1);
		}

		case 'focusPrevious': {
			return focusStep(model, env, -1);
		}

		case 'pageDown':
		case 'pageUp': {
			const layout = createLayout(env, model.view);
			return refocus(layout, scroll(model, layout, command === 'pageDown' ? page : -page));
		}

		case 'top': {
			const first = env.items[nextFocusable(env.items, -1, 1)];
			const view = first === undefined ? model.view : focusOn(model.view, first.id);
			return {view, top: {index: 0, offset: 0}, followTail: false};
		}

		case 'bottom': {
			return {view: {...model.view, focusId: undefined}, top: {index: 0, offset: 0}, followTail: true};
		}

		case 'previousPrompt':
		case 'nextPrompt': {
			return promptStep(model, env, command === 'nextPrompt' ? 1 : -1);
		}

		default: {
			return assertNever(command);
		}
	}
}
