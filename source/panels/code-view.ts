/**
A code view: source lines with a dim gutter of real line numbers, highlighted by block. Collapsed
previews cut long lines with `…`; expanded views wrap them (code between any two characters, prose at
spaces) and are built lazily, so only the rows on screen are highlighted and assembled.
*/
import {highlightLines} from '../highlight/highlight.js';
import {sanitizeLine} from '../text/sanitize.js';
import {cutLine, type Segment} from '../text/styled.js';
import {displayWidth, isOneColumnText, wordWrapRanges, wrapToWidth} from '../text/width.js';
import type {Role} from '../theme/roles.js';
import type {PanelView, Row} from './types.js';
import {wrapProseRows, wrapRows} from './view.js';

/** Source lines per highlighted block in an expanded view. */
export const highlightBlockLines = 200;

/** Appended to lines the engine clipped before the model got them. */
export const clippedMarker = ' ⋯';

/** What a code view shows. */
export type CodeSource = {
	/** Line texts as the engine returned them (unsanitised). */
	readonly lines: readonly string[];
	/** Real number of the first line; undefined hides the numbers. */
	readonly firstLine: number | undefined;
	/** highlight.js language, or undefined for plain text. */
	readonly language: string | undefined;
	/** Real line numbers the engine clipped. */
	readonly clipped: ReadonlySet<number>;
	/**
	Prose (plain text, Markdown): expanded lines wrap at spaces. Code wraps between any two characters
	instead, so a row never hides that a line goes on (indentation and spacing stay exact).
	*/
	readonly prose?: boolean;
};

type Gutter = {readonly width: number; label(index: number, first: boolean): Segment<Role>};

function makeGutter(source: CodeSource): Gutter {
	const {firstLine} = source;
	if (firstLine === undefined) {
		return {width: 0, label: () => ({text: '', role: 'gutter'})};
	}

	const digits = String(firstLine + Math.max(0, source.lines.length - 1)).length;
	const blank = `${' '.repeat(digits)} │ `;
	return {
		width: digits + 3,
		label: (index, first) => ({
			text: first ? `${String(firstLine + index).padStart(digits)} │ ` : blank,
			role: 'gutter',
		}),
	};
}

function isClipped(source: CodeSource, index: number): boolean {
	return source.firstLine !== undefined && source.clipped.has(source.firstLine + index);
}

function withMarker(segments: Row, clipped: boolean): Row {
	return clipped ? [...segments, {text: clippedMarker, role: 'dim'}] : segments;
}

/** The first `count` lines, highlighted as one block, each cut to the width. */
export function previewView(source: CodeSource, count: number, width: number): PanelView {
	const shown = source.lines.slice(0, Math.max(0, count)).map((line) => sanitizeLine(line));
	const gutter = makeGutter(source);
	const contentWidth = Math.max(1, width - gutter.width);
	const highlighted = highlightLines(shown, source.language);
	const rows: Row[] = highlighted.map((segments, index) => [
		gutter.label(index, true),
		...cutLine(withMarker(segments, isClipped(source, index)), contentWidth),
	]);
	return {height: rows.length, rows: (start, end) => rows.slice(Math.max(0, start), Math.max(0, end))};
}

function rowsFor(text: string, width: number, prose: boolean): number {
	if (prose) {
		// The same breaks wrapProseRows draws (both come from wordWrapRanges), so heights match the rows.
		return displayWidth(text) <= width ? 1 : wordWrapRanges(text, width).length;
	}

	if (isOneColumnText(text)) {
		return Math.max(1, Math.ceil(text.length / width));
	}

	return displayWidth(text) <= width ? 1 : wrapToWidth(text, width).length;
}

/** Every line, wrapped to the width; rows are built and highlighted only when asked for. */
export function expandedView(source: CodeSource, width: number): PanelView {
	const sanitized = source.lines.map((line) => sanitizeLine(line));
	const gutter = makeGutter(source);
	const contentWidth = Math.max(1, width - gutter.width);
	const prose = source.prose === true;
	const wrap = prose ? wrapProseRows : wrapRows;
	// starts[i] is the first row of line i; starts[length] is the height.
	const starts = new Int32Array(sanitized.length + 1);
	for (const [index, text] of sanitized.entries()) {
		const counted = isClipped(source, index) ? text + clippedMarker : text;
		starts[index + 1] = (starts[index] ?? 0) + rowsFor(counted, contentWidth, prose);
	}

	const blocks = new Map<number, Row[]>();
	const highlightedLine = (index: number): Row => {
		const block = Math.floor(index / highlightBlockLines);
		let lines = blocks.get(block);
		if (lines === undefined) {
			const from = block * highlightBlockLines;
			lines = highlightLines(sanitized.slice(from, from + highlightBlockLines), source.language);
			blocks.set(block, lines);
		}

		return lines[index - block * highlightBlockLines] ?? [];
	};

	const lineAtRow = (row: number): number => {
		let low = 0;
		let high = sanitized.length - 1;
		while (low < high) {
			const middle = (low + high + 1) >> 1;
			if ((starts[middle] ?? 0) <= row) {
				low = middle;
			} else {
				high = middle - 1;
			}
		}

		return low;
	};

	const height = starts[sanitized.length] ?? 0;
	return {
		height,
		rows(start, end) {
			const from = Math.max(0, start);
			const to = Math.min(height, end);
			const out: Row[] = [];
			for (let index = from < to ? lineAtRow(from) : sanitized.length; index < sanitized.length; index++) {
				const lineStart = starts[index] ?? 0;
				if (lineStart >= to) {
					break;
				}

				const wrapped = wrap(withMarker(highlightedLine(index), isClipped(source, index)), contentWidth);
				// The height was counted on plain text; keep exactly that many rows even if styling split a cluster.
				const count = (starts[index + 1] ?? lineStart) - lineStart;
				for (let offset = 0; offset < count; offset++) {
					const row = lineStart + offset;
					if (row >= from && row < to) {
						out.push([gutter.label(index, offset === 0), ...(wrapped[offset] ?? [])]);
					}
				}
			}

			return out;
		},
	};
}
