/**
Styled lines: a line is a list of segments, each with sanitised text and a semantic role (a colour
is chosen later by the theme). Cutting and wrapping work on segments so styles survive them.
*/
import {clusters, clusterWidth, displayWidth, ellipsis, takeWidth, wordWrapRanges} from './width.js';

/** A run of sanitised text in one role. */
export type Segment<Role extends string = string> = {readonly text: string; readonly role: Role};

/** One terminal row (or one source line before wrapping). */
export type StyledLine<Role extends string = string> = readonly Segment<Role>[];

/** Width of a styled line in columns. */
export function lineWidth(line: StyledLine): number {
	let width = 0;
	for (const segment of line) {
		width += displayWidth(segment.text);
	}

	return width;
}

/** The plain text of a styled line. */
export function lineText(line: StyledLine): string {
	let text = '';
	for (const segment of line) {
		text += segment.text;
	}

	return text;
}

/**
Cut a styled line to at most `width` columns. When anything is cut, the last column is `…` in the
role of the segment it replaces.
*/
export function cutLine<Role extends string>(line: StyledLine<Role>, width: number): StyledLine<Role> {
	if (lineWidth(line) <= width) {
		return line;
	}

	const out: Array<Segment<Role>> = [];
	let left = Math.max(0, width - 1);
	let lastRole: Role | undefined;
	for (const segment of line) {
		lastRole = segment.role;
		const taken = takeWidth(segment.text, left);
		if (taken.text.length > 0) {
			out.push({text: taken.text, role: segment.role});
		}

		left -= taken.width;
		if (taken.text.length < segment.text.length) {
			break;
		}
	}

	if (width > 0 && lastRole !== undefined) {
		out.push({text: ellipsis, role: lastRole});
	}

	return out;
}

/**
Hard-wrap a styled line into rows of at most `width` columns. An empty line is one empty row.
Wide characters never straddle two rows.
*/
export function wrapLine<Role extends string>(
	line: StyledLine<Role>,
	width: number,
): Array<StyledLine<Role>> {
	const limit = Math.max(1, width);
	if (lineWidth(line) <= limit) {
		return [line];
	}

	const rows: Array<Array<Segment<Role>>> = [];
	let row: Array<Segment<Role>> = [];
	let used = 0;
	for (const segment of line) {
		let pending = '';
		for (const cluster of clusters(segment.text)) {
			const next = clusterWidth(cluster);
			if (used + next > limit && used > 0) {
				if (pending.length > 0) {
					row.push({text: pending, role: segment.role});
				}

				rows.push(row);
				row = [];
				pending = '';
				used = 0;
			}

			pending += cluster;
			used += next;
		}

		if (pending.length > 0) {
			row.push({text: pending, role: segment.role});
		}
	}

	rows.push(row);
	return rows;
}

/** The part of a styled line between two UTF-16 offsets of its text, styles kept. */
export function sliceLine<Role extends string>(
	line: StyledLine<Role>,
	from: number,
	to: number,
): Array<Segment<Role>> {
	const out: Array<Segment<Role>> = [];
	let offset = 0;
	for (const segment of line) {
		const start = Math.max(from, offset);
		const end = Math.min(to, offset + segment.text.length);
		if (start < end) {
			out.push({text: segment.text.slice(start - offset, end - offset), role: segment.role});
		}

		offset += segment.text.length;
		if (offset >= to) {
			break;
		}
	}

	return out;
}

/**
Word-wrap a styled line (prose) into rows of at most `width` columns: breaks at spaces, drops the
spaces at a break, and hard-wraps only words longer than a row. The breaks are exactly those of
`wordWrapToWidth` on the line's text, so a row count taken from the plain text matches. Styles are
kept, also across a break inside a segment. An empty line is one empty row.
*/
export function wordWrapLine<Role extends string>(
	line: StyledLine<Role>,
	width: number,
): Array<StyledLine<Role>> {
	const limit = Math.max(1, width);
	if (lineWidth(line) <= limit) {
		return [line];
	}

	return wordWrapRanges(lineText(line), limit).map(([from, to]) => sliceLine(line, from, to));
}

/** Number of rows `wrapLine` would produce, without building them. */
export function wrappedRowCount(line: StyledLine, width: number): number {
	const limit = Math.max(1, width);
	const total = lineWidth(line);
	if (total <= limit) {
		return 1;
	}

	return wrapLine(line, limit).length;
}
