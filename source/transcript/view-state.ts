/**
What the person did to the transcript view: which panels are expanded and which one has focus, both
keyed by call id so they survive new items arriving. Pure functions; the UI keeps one ViewState.
*/
import type {TranscriptItem} from './types.js';

export type ViewState = {
	/** The default for every panel, flipped by "toggle all". */
	readonly allExpanded: boolean;
	/** Panels whose state differs from `allExpanded`. */
	readonly flipped: ReadonlySet<string>;
	/** The focused item's id; undefined means the last focusable item. */
	readonly focusId: string | undefined;
};

/** Everything collapsed, nothing focused. */
export const initialViewState: ViewState = {allExpanded: false, flipped: new Set(), focusId: undefined};

/** Whether the panel with this id is expanded. */
export function isExpanded(state: ViewState, id: string): boolean {
	return state.allExpanded !== state.flipped.has(id);
}

/** Expand or collapse one panel. */
export function toggleOne(state: ViewState, id: string): ViewState {
	const flipped = new Set(state.flipped);
	if (!flipped.delete(id)) {
		flipped.add(id);
	}

	return {...state, flipped};
}

/**
Expand every panel, or collapse every panel when all of `shown` (the ids of the panels on screen) are
already expanded. Deciding by what is on screen, not by the global default, is what makes every press
visible: after ctrl+o expanded the one panel shown, a press collapses it rather than "expanding" all
the others off screen. Without `shown` (nothing on screen), by the default alone. O(shown).
*/
export function toggleAll(state: ViewState, shown: readonly string[] = []): ViewState {
	const everyExpanded =
		shown.length > 0
			? shown.every((id) => isExpanded(state, id))
			: state.allExpanded && state.flipped.size === 0;
	return {...state, allExpanded: !everyExpanded, flipped: new Set()};
}

/** Items that take focus: tool calls (each has a panel to expand). */
export function isFocusable(item: TranscriptItem): boolean {
	return item.type === 'tool';
}

/** Index of the focused item: the focus id when present, else the last focusable item, else -1. */
export function focusedIndex(
	state: ViewState,
	items: readonly TranscriptItem[],
	indexById: ReadonlyMap<string, number>,
): number {
	if (state.focusId !== undefined) {
		const index = indexById.get(state.focusId);
		if (index !== undefined) {
			return index;
		}
	}

	return nextFocusable(items, items.length, -1);
}

/** The nearest focusable index strictly before (`step` -1) or after (`step` 1) `from`, or -1. */
export function nextFocusable(items: readonly TranscriptItem[], from: number, step: 1 | -1): number {
	for (let index = from + step; index >= 0 && index < items.length; index += step) {
		const item = items[index];
		if (item !== undefined && isFocusable(item)) {
			return index;
		}
	}

	return -1;
}

/** Focus the item with this id. */
export function focusOn(state: ViewState, id: string): ViewState {
	return state.focusId === id ? state : {...state, focusId: id};
}
