/**
The prompt editor laid out as rows: lines wrap at the terminal's width, the cursor is an inverse
cell, and at most `maxRows` rows are shown, always including the cursor's. Pure; the editor's
height (which the transcript viewport gives up) is the length of the result.
*/
import {seg} from '../../panels/parts.js';
import type {Row} from '../../panels/types.js';
import {placeholderFor} from '../../text/sanitize.js';
import {clusters, clusterWidth, cutToWidth} from '../../text/width.js';
import type {Role} from '../../theme/roles.js';
import type {EditorState} from './editor.js';

/** The prompt mark on the editor's first row; later rows are indented by its width. */
export const promptMark = '› ';
const indent = '  ';

/** A grapheme cluster as shown: its visible text, its columns, where it starts in the text. */
type Cell = {readonly text: string; readonly width: number; readonly offset: number; readonly size: number};

/** Typed text is untrusted too (a paste may hold escapes): controls show as placeholders, a tab as spaces. */
function visible(cluster: string): string {
	if (cluster === '\t') {
		return '    ';
	}

	const point = cluster.codePointAt(0) ?? 0;
	return cluster.length <= 2 ? (placeholderFor(point) ?? cluster) : cluster;
}

function cellsOf(line: string, start: number): Cell[] {
	const cells: Cell[] = [];
	let offset = start;
	for (const cluster of clusters(line)) {
		const text = visible(cluster);
		const width = text === cluster ? clusterWidth(cluster) : text.length;
		cells.push({text, width, offset, size: cluster.length});
		offset += cluster.length;
	}

	return cells;
}

/** Rows of the editor and the index of the row holding the cursor. */
export type EditorLayout = {readonly rows: readonly Row[]; readonly cursorRow: number};

/**
Lay out the editor at `width` columns. `focused` draws the cursor; `placeholder` is shown dimmed
while the text is empty.
*/
export function layoutEditor(
	state: EditorState,
	width: number,
	options: {readonly focused: boolean; readonly placeholder: string},
): EditorLayout {
	const room = Math.max(1, width - promptMark.length);
	const rows: Row[] = [];
	let cursorRow = 0;
	let start = 0;
	for (const [index, line] of state.text.split('\n').entries()) {
		const cells = cellsOf(line, start);
		const end = start + line.length;
		if (options.focused && state.cursor === end) {
			// The cursor after the last character is a blank cell of its own.
			cells.push({text: ' ', width: 1, offset: end, size: 0});
		}

		let row: Array<ReturnType<typeof seg>> = [seg(index === 0 ? promptMark : indent, 'user')];
		let used = 0;
		const flush = () => {
			rows.push(row);
			row = [seg(indent, 'user')];
			used = 0;
		};

		for (const cell of cells) {
			if (used + cell.width > room && used > 0) {
				flush();
			}

			const isCursor =
				options.focused && state.cursor >= cell.offset && state.cursor < cell.offset + Math.max(1, cell.size);
			if (isCursor) {
				cursorRow = rows.length;
			}

			const role: Role = isCursor ? 'status' : 'text';
			row.push(seg(cell.text, role));
			used += cell.width;
		}

		rows.push(row);
		start = end + 1;
	}

	if (state.text === '' && options.placeholder !== '') {
		// Cut, never wrapped: a placeholder taking a second row would make the frame taller than planned.
		const left = room - (options.focused ? 1 : 0);
		const placeholder = cutToWidth(options.placeholder, left);
		if (placeholder !== '') {
			rows[0] = [...(rows[0] ?? [seg(promptMark, 'user')]), seg(placeholder, 'dim')];
		}
	}

	return {rows, cursorRow};
}

/** The rows to draw: at most `maxRows`, a window that keeps the cursor's row in it. */
export function visibleEditorRows(layout: EditorLayout, maxRows: number): readonly Row[] {
	const limit = Math.max(1, maxRows);
	if (layout.rows.length <= limit) {
		return layout.rows;
	}

	const start = Math.max(0, Math.min(layout.cursorRow, layout.rows.length - limit));
	return layout.rows.slice(start, start + limit);
}
