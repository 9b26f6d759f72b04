/**
A Markdown table at a width: columns at their natural widths when they fit; else narrowed fairly,
each cell wrapped at spaces inside its column; and when even that leaves too little room, each row
as `header: value` lines.
*/
import type {TableAlign} from '../markdown/blocks.js';
import {lineWidth, type Segment, wordWrapLine} from '../text/styled.js';
import type {Role} from '../theme/roles.js';
import type {Row} from './types.js';

type Cell = ReadonlyArray<Segment<Role>>;

/** Columns of a cell below which a table is drawn as `header: value` lines instead. */
const minColumnWidth = 6;

const separator = ' │ ';

function asHeader(cell: Cell): Row {
	return cell.map((segment) => (segment.role === 'assistant' ? {...segment, role: 'strong'} : segment));
}

/** Column widths that share `room` columns: narrow columns keep their width, wide ones split the rest. */
function fairWidths(natural: readonly number[], room: number): number[] {
	const widths = [...natural];
	let left = room;
	let columns = natural.length;
	for (const index of natural.map((_, i) => i).sort((a, b) => (natural[a] ?? 0) - (natural[b] ?? 0))) {
		const share = Math.floor(left / columns);
		const width = Math.min(natural[index] ?? 0, share);
		widths[index] = width;
		left -= width;
		columns--;
	}

	return widths;
}

function padCell(cell: Row, width: number, align: TableAlign): Row {
	const gap = Math.max(0, width - lineWidth(cell));
	const before = align === 'right' ? gap : align === 'center' ? Math.floor(gap / 2) : 0;
	const after = gap - before;
	return [
		...(before > 0 ? [{text: ' '.repeat(before), role: 'text' as const}] : []),
		...cell,
		...(after > 0 ? [{text: ' '.repeat(after), role: 'text' as const}] : []),
	];
}

function gridRow(cells: readonly Row[], widths: readonly number[], align: readonly TableAlign[]): Row[] {
	const wrapped = widths.map((width, index) => {
		const cell = cells[index] ?? [];
		return cell.length === 0 ? [[]] : wordWrapLine(cell, width);
	});
	const height = Math.max(1, ...wrapped.map((rows) => rows.length));
	const rows: Row[] = [];
	for (let offset = 0; offset < height; offset++) {
		const row: Array<Segment<Role>> = [];
		for (const [index, width] of widths.entries()) {
			if (index > 0) {
				row.push({text: separator, role: 'dim'});
			}

			row.push(...padCell(wrapped[index]?.[offset] ?? [], width, align[index] ?? null));
		}

		rows.push(row);
	}

	return rows;
}

/** `header: value` lines per row, rows apart by a blank line: for tables too wide to draw as a grid. */
function stackedRows(header: readonly Cell[], rows: ReadonlyArray<readonly Cell[]>, width: number): Row[] {
	const out: Row[] = [];
	for (const [index, row] of rows.entries()) {
		if (index > 0) {
			out.push([]);
		}

		for (const [column, cell] of row.entries()) {
			const name = asHeader(header[column] ?? []);
			out.push(...wordWrapLine([...name, {text: ': ', role: 'dim'}, ...cell], width));
		}
	}

	return out;
}

/** The table's rows at `width` columns. */
export function tableRows(
	header: readonly Cell[],
	rows: ReadonlyArray<readonly Cell[]>,
	align: readonly TableAlign[],
	width: number,
): Row[] {
	const columns = header.length;
	if (columns === 0) {
		return [];
	}

	const natural = header.map((cell, index) =>
		Math.max(1, lineWidth(cell), ...rows.map((row) => lineWidth(row[index] ?? []))),
	);
	const room = width - separator.length * (columns - 1);
	const total = natural.reduce((sum, value) => sum + value, 0);
	const widths = total <= room ? natural : fairWidths(natural, room);
	if (widths.some((value, index) => value < Math.min(minColumnWidth, natural[index] ?? 0))) {
		return stackedRows(header, rows, width);
	}

	const rule: Row = widths.flatMap(
		(value, index): Row => [
			...(index > 0 ? [{text: '─┼─', role: 'dim' as const}] : []),
			{text: '─'.repeat(value), role: 'dim'},
		],
	);
	return [
		...gridRow(header.map(asHeader), widths, align),
		rule,
		...rows.flatMap((row) => gridRow([...row], widths, align)),
	];
}
