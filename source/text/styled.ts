/**
Styled lines: a line is a list of segments, each with sanitised text and a semantic role (a colour
is chosen later by the theme). Cutting and wrapping work on segments so styles survive them.
*/
import {clusters, clusterWidth, displayWidth, ellipsis, takeWidth} from './width.js';

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

/** Number of rows `wrapLine` would produce, without building them. */
export function wrappedRowCount(line: StyledLine, width: number): number {
	const limit = Math.max(1, width);
	const total = lineWidth(line);
	if (total <= limit) {
		return 1;
	}

	return wrapLine(line, limit).length;
}
