/**
The viewport's layout, without React. The scroll position is an anchor (an item index and a row
offset inside it), never an absolute row, so nothing above or below the screen is ever measured:
a frame, a key press and a toggle cost what is on screen, not the length of the transcript.
*/
import {gapRow, viewForItem} from '../panels/item-view.js';
import type {PanelContext, PanelView, Row} from '../panels/types.js';
import type {TranscriptItem} from '../transcript/types.js';
import {isExpanded, type ViewState} from '../transcript/view-state.js';

/** Columns taken by the focus marker on the left of every row. */
export const markerWidth = 2;

/** What the viewport is showing, apart from the person's own view state. */
export type LayoutEnv = {
	readonly items: readonly TranscriptItem[];
	readonly indexById: ReadonlyMap<string, number>;
	/** Rows available to panels (the frame's height minus the status line). */
	readonly rows: number;
	/** Columns of the terminal. */
	readonly width: number;
	readonly previewLines: number;
	readonly expandHint: string;
	readonly spinner: string;
	/** The terminal draws pictures over image panels' blank rows (see picture-overlay.ts). */
	readonly pictures?: boolean;
};

/** The first row on screen: row `offset` of item `index`. */
export type Position = {readonly index: number; readonly offset: number};

/** A laid-out transcript: heights and views on demand, each built at most once per layout. */
export type Layout = {
	readonly env: LayoutEnv;
	readonly view: ViewState;
	readonly count: number;
	viewAt(index: number): PanelView;
	/** Blank rows above an item (one between items). */
	gap(index: number): number;
	/** Rows of an item including its gap. */
	height(index: number): number;
};

/** Lay out the transcript for a view state. Cheap: nothing is measured until asked for. */
export function createLayout(env: LayoutEnv, view: ViewState): Layout {
	const width = Math.max(1, env.width - markerWidth);
	const views = new Map<number, PanelView>();
	const viewAt = (index: number): PanelView => {
		let panel = views.get(index);
		if (panel === undefined) {
			const item = env.items[index];
			if (item === undefined) {
				return {height: 0, rows: () => []};
			}

			const context: PanelContext = {
				width,
				expanded: isExpanded(view, item.id),
				previewLines: env.previewLines,
				expandHint: env.expandHint,
				spinner: env.spinner,
				// The header and the picture fit on screen together, so the picture can be drawn whole.
				...(env.pictures === true ? {pictureRows: Math.max(1, env.rows - 1)} : {}),
			};
			panel = viewForItem(item, context);
			views.set(index, panel);
		}

		return panel;
	};

	const gap = (index: number) => (index > 0 ? 1 : 0);
	return {
		env,
		view,
		count: env.items.length,
		viewAt,
		gap,
		height: (index) => gap(index) + viewAt(index).height,
	};
}

function compare(a: Position, b: Position): number {
	return a.index === b.index ? a.offset - b.offset : a.index - b.index;
}

/** Move a position by `delta` rows (negative = up), stopping at the first and last rows. */
export function move(layout: Layout, from: Position, delta: number): Position {
	if (layout.count === 0) {
		return {index: 0, offset: 0};
	}

	let index = Math.min(Math.max(0, from.index), layout.count - 1);
	let offset = from.offset + delta;
	while (offset < 0 && index > 0) {
		index--;
		offset += layout.height(index);
	}

	while (offset >= layout.height(index) && index < layout.count - 1) {
		offset -= layout.height(index);
		index++;
	}

	return {index, offset: Math.max(0, Math.min(offset, layout.height(index) - 1))};
}

/** The top position that puts the last row of the transcript on the last row of the screen. */
export function bottomTop(layout: Layout): Position {
	let left = layout.env.rows;
	for (let index = layout.count - 1; index >= 0; index--) {
		const height = layout.height(index);
		if (height >= left) {
			return {index, offset: height - left};
		}

		left -= height;
	}

	return {index: 0, offset: 0};
}

/** Keep a top position from scrolling past the end (the last row never rises above the screen's bottom). */
export function clampTop(layout: Layout, top: Position): Position {
	const limit = bottomTop(layout);
	return compare(top, limit) > 0 ? limit : move(layout, top, 0);
}

/** Screen row of an item's first row (its gap), negative when above the screen. Walks only the items between. */
export function rowOf(layout: Layout, top: Position, index: number): number {
	let row = -top.offset;
	if (index >= top.index) {
		for (let current = top.index; current < index; current++) {
			row += layout.height(current);
		}
	} else {
		for (let current = top.index - 1; current >= index; current--) {
			row -= layout.height(current);
		}
	}

	return row;
}

/** Screen row of an item's first content row (its header). */
export function headerRowOf(layout: Layout, top: Position, index: number): number {
	return rowOf(layout, top, index) + layout.gap(index);
}

/** One row of a frame: the panel row and the item it belongs to (-1 for padding). */
export type FrameRow = {readonly row: Row; readonly index: number; readonly gap: boolean};

/** The rows on screen from `top`, exactly `env.rows` of them (padded with empty rows). */
export function frameRows(layout: Layout, top: Position): FrameRow[] {
	const out: FrameRow[] = [];
	const {rows} = layout.env;
	let index = top.index;
	let offset = top.offset;
	while (out.length < rows && index < layout.count) {
		const gap = layout.gap(index);
		for (; offset < gap && out.length < rows; offset++) {
			out.push({row: gapRow(layout.env.items[index], layout.env.width - markerWidth), index, gap: true});
		}

		const panel = layout.viewAt(index);
		const start = offset - gap;
		const end = Math.min(panel.height, start + rows - out.length);
		for (const row of panel.rows(start, end)) {
			out.push({row, index, gap: false});
		}

		index++;
		offset = 0;
	}

	while (out.length < rows) {
		out.push({row: [], index: -1, gap: true});
	}

	return out;
}
