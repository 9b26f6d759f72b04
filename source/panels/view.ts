/** Building blocks for PanelViews. */
import {cutLine, lineText, type Segment, sliceLine, wordWrapLine, wrapLine} from '../text/styled.js';
import {wordWrapRanges} from '../text/width.js';
import type {Role} from '../theme/roles.js';
import type {PanelView, PictureSpot, Row} from './types.js';

/** A view over rows already built. */
export function arrayView(rows: readonly Row[]): PanelView {
	return {
		height: rows.length,
		rows: (start, end) => rows.slice(Math.max(0, start), Math.max(0, end)),
	};
}

/** Views one under the other. */
export function stackViews(parts: readonly PanelView[]): PanelView {
	const visible = parts.filter((part) => part.height > 0);
	const height = visible.reduce((sum, part) => sum + part.height, 0);
	const pictures: PictureSpot[] = [];
	let top = 0;
	for (const part of visible) {
		for (const spot of part.pictures ?? []) {
			pictures.push({...spot, row: spot.row + top});
		}

		top += part.height;
	}

	return {
		height,
		...(pictures.length === 0 ? {} : {pictures}),
		rows(start, end) {
			const out: Row[] = [];
			let offset = 0;
			for (const part of visible) {
				const from = Math.max(start - offset, 0);
				const to = Math.min(end - offset, part.height);
				if (from < to) {
					out.push(...part.rows(from, to));
				}

				offset += part.height;
				if (offset >= end) {
					break;
				}
			}

			return out;
		},
	};
}

/** One row cut to the width with `…`. */
export function cutRow(segments: ReadonlyArray<Segment<Role>>, width: number): Row {
	return cutLine(segments, width);
}

/** One logical line wrapped to the width, each row indented by `indent` columns after the first. */
export function wrapRows(segments: ReadonlyArray<Segment<Role>>, width: number, indent = 0): Row[] {
	const first = wrapLine(segments, width);
	if (indent <= 0 || first.length <= 1) {
		return first;
	}

	const [head, ...rest] = first;
	const pad: Segment<Role> = {text: ' '.repeat(indent), role: 'text'};
	const tail = wrapLine(
		rest.flat().filter((segment) => segment.text !== ''),
		Math.max(1, width - indent),
	);
	return head === undefined ? [] : [head, ...tail.map((row) => [pad, ...row])];
}

/**
One logical line of prose wrapped at spaces (only words longer than a row are cut), each row after
the first indented by `indent` columns. Code uses `wrapRows`, which keeps every character in place.
*/
export function wrapProseRows(segments: ReadonlyArray<Segment<Role>>, width: number, indent = 0): Row[] {
	const text = lineText(segments);
	const first = wordWrapRanges(text, width)[0];
	if (indent <= 0 || first === undefined || text.slice(first[1]).trim() === '') {
		return wordWrapLine(segments, width);
	}

	// The rest starts at its next word: the spaces at the break are dropped, as wordWrapLine does.
	const restStart = text.length - text.slice(first[1]).trimStart().length;
	const pad: Segment<Role> = {text: ' '.repeat(indent), role: 'text'};
	const tail = wordWrapLine(sliceLine(segments, restStart, text.length), Math.max(1, width - indent));
	return [sliceLine(segments, first[0], first[1]), ...tail.map((row) => [pad, ...row])];
}
