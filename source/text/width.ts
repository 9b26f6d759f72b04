/**
Display width in terminal columns. Text made only of characters that are each one column and their
own grapheme cluster (ASCII, Latin letters, box drawing, common punctuation: what a panel's frame and
most code are made of) takes a fast path; anything else is split into grapheme clusters (so an emoji
ZWJ sequence or a letter with combining marks is one unit) and measured with string-width, which
knows East Asian Width and emoji presentation.
string-width and the grapheme segmenter are loaded on first use: building their Unicode tables
(emoji property regular expressions, ICU's segmenter) costs about 0.1 s, which a first frame of
plain code should not pay. string-width is an ES module, required synchronously (Node >= 20.19).
*/
import {createRequire} from 'node:module';

/** The character that marks a line cut to fit. */
export const ellipsis = '…';

/**
Characters one column wide that never join a neighbour into one grapheme cluster: printable ASCII,
Latin-1 and Latin Extended-A/B (without the soft hyphen, which is zero wide), the general
punctuation from the dashes to `…` and from `‰` on, arrows, box drawing, block elements and most
geometric shapes, the warning sign lector draws (`⚠`, without the emoji selector) and braille (its
spinner): a frame of them never loads string-width. test/text/width.test.ts checks each against
string-width and the segmenter.
*/
export const oneColumnRanges: ReadonlyArray<readonly [number, number]> = [
	[0x20, 0x7e],
	[0xa0, 0xac],
	[0xae, 0x24f],
	[0x2010, 0x2027],
	[0x2030, 0x205e],
	[0x2190, 0x21ff],
	[0x2500, 0x25fc],
	[0x26a0, 0x26a0],
	[0x2800, 0x28ff],
];

const hex = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const oneColumnText = new RegExp(
	`^[${oneColumnRanges.map(([first, last]) => `${hex(first)}-${hex(last)}`).join('')}]*$`,
);
/** A character outside `oneColumnRanges` (global, for scanning with lastIndex). */
const otherCharacter = new RegExp(
	`[^${oneColumnRanges.map(([first, last]) => `${hex(first)}-${hex(last)}`).join('')}]`,
	'g',
);
const clusterWidths = new Map<string, number>();

type StringWidth = (text: string) => number;
let stringWidthFunction: StringWidth | undefined;
let segmenter: Intl.Segmenter | undefined;

function isStringWidth(value: unknown): value is StringWidth {
	return typeof value === 'function';
}

function stringWidth(text: string): number {
	if (stringWidthFunction === undefined) {
		const loaded: unknown = createRequire(import.meta.url)('string-width');
		const found: unknown =
			typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, 'default') : loaded;
		if (!isStringWidth(found)) {
			throw new TypeError('string-width has no default export');
		}

		stringWidthFunction = found;
	}

	return stringWidthFunction(text);
}

/** True when every character is one column wide and its own cluster, so width equals length. */
export function isOneColumnText(text: string): boolean {
	return oneColumnText.test(text);
}

/** Width of one grapheme cluster in columns (0, 1 or 2). */
export function clusterWidth(cluster: string): number {
	if (cluster.length === 1 && oneColumnText.test(cluster)) {
		return 1;
	}

	let width = clusterWidths.get(cluster);
	if (width === undefined) {
		width = stringWidth(cluster);
		if (clusterWidths.size < 10_000) {
			clusterWidths.set(cluster, width);
		}
	}

	return width;
}

/** How much text the segmenter is given at once (see `clusters`). */
const segmentWindow = 128;

/**
The grapheme clusters of a text, in order. Node 20's Intl.Segmenter takes time quadratic in the length
of the string it iterates (40,000 characters: 0.4 s; a 3 MB line from a hostile log: hours), so only
what needs it is segmented, a window at a time. A one-column character (`oneColumnRanges`) followed by
another is a cluster of its own; the rest is segmented in windows whose last cluster may be cut by the
window's end, so it is dropped and the next window starts where it began. No boundary rule looks further
right than the next character, so every cluster kept is the one the whole text would give.
*/
export function clusters(text: string): string[] {
	if (isOneColumnText(text)) {
		return [...text];
	}

	segmenter ??= new Intl.Segmenter('en', {granularity: 'grapheme'});
	if (text.length <= segmentWindow) {
		return Array.from(segmenter.segment(text), (segment) => segment.segment);
	}

	const out: string[] = [];
	let start = 0;
	while (start < text.length) {
		otherCharacter.lastIndex = start;
		const other = otherCharacter.exec(text)?.index ?? text.length;
		// Up to the character before the next other one: that one may start a cluster with what follows.
		const plainEnd = other === text.length ? other : Math.max(start, other - 1);
		for (; start < plainEnd; start++) {
			out.push(text[start] as string);
		}

		if (start >= text.length) {
			break;
		}

		let end = start;
		let pieces: string[] = [];
		// A window ends between whole characters (never inside a surrogate pair: the rules see the next
		// character whole) and holds at least two clusters, so the one before the last is final.
		for (let size = segmentWindow; pieces.length < 2 && end < text.length; size *= 2) {
			end = Math.min(text.length, start + size);
			if (end < text.length && /[\ud800-\udbff]/.test(text[end - 1] ?? '')) {
				end += 1;
			}

			pieces = Array.from(segmenter.segment(text.slice(start, end)), (segment) => segment.segment);
		}

		// The last cluster may be cut by the window's end: kept only at the text's end.
		const keep = end === text.length ? pieces.length : pieces.length - 1;
		for (let index = 0; index < keep; index++) {
			const piece = pieces[index] as string;
			out.push(piece);
			start += piece.length;
		}
	}

	return out;
}

/** Display width of sanitised text (no escape sequences) in columns. */
export function displayWidth(text: string): number {
	if (isOneColumnText(text)) {
		return text.length;
	}

	let width = 0;
	for (const cluster of clusters(text)) {
		width += clusterWidth(cluster);
	}

	return width;
}

/**
The longest prefix of `text` at most `width` columns wide, and its width. A wide character that
would straddle the limit is left out whole.
*/
export function takeWidth(text: string, width: number): {text: string; width: number} {
	if (isOneColumnText(text)) {
		const taken = text.slice(0, Math.max(0, width));
		return {text: taken, width: taken.length};
	}

	let out = '';
	let used = 0;
	for (const cluster of clusters(text)) {
		const next = clusterWidth(cluster);
		if (used + next > width) {
			break;
		}

		out += cluster;
		used += next;
	}

	return {text: out, width: used};
}

/** Cut text to at most `width` columns, ending with `…` when anything was cut. */
export function cutToWidth(text: string, width: number): string {
	if (width <= 0) {
		return '';
	}

	if (displayWidth(text) <= width) {
		return text;
	}

	return takeWidth(text, width - 1).text + ellipsis;
}

/**
Hard-wrap text into rows of at most `width` columns, breaking between grapheme clusters (code is
not prose: no word wrapping). An empty text is one empty row. Wide characters never straddle rows.
*/
export function wrapToWidth(text: string, width: number): string[] {
	const limit = Math.max(1, width);
	if (isOneColumnText(text)) {
		if (text.length <= limit) {
			return [text];
		}

		const rows: string[] = [];
		for (let start = 0; start < text.length; start += limit) {
			rows.push(text.slice(start, start + limit));
		}

		return rows;
	}

	const rows: string[] = [];
	let row = '';
	let used = 0;
	for (const cluster of clusters(text)) {
		const next = clusterWidth(cluster);
		if (used + next > limit && used > 0) {
			rows.push(row);
			row = '';
			used = 0;
		}

		row += cluster;
		used += next;
	}

	rows.push(row);
	return rows;
}

/** Pad with spaces on the right to exactly `width` columns (text wider than that is returned as is). */
export function padToWidth(text: string, width: number): string {
	const missing = width - displayWidth(text);
	return missing > 0 ? text + ' '.repeat(missing) : text;
}

/**
Where `wordWrapToWidth` breaks `text`: one `[start, end)` range of UTF-16 offsets per row, trailing
spaces left out. Rows break at spaces where possible; a word longer than a row is hard-wrapped
between grapheme clusters. Spaces at a break are dropped, so the next row starts with a word. An
empty text is one empty row. Styled lines (styled.ts) slice their segments at these ranges, so a
row count taken from the plain text always matches the rows drawn.
*/
export function wordWrapRanges(text: string, width: number): Array<readonly [number, number]> {
	const limit = Math.max(1, width);
	if (displayWidth(text) <= limit) {
		return [[0, text.length]];
	}

	const rows: Array<readonly [number, number]> = [];
	// A row of spaces alone (indentation before a word longer than a row) is dropped, not drawn empty.
	const close = (from: number, to: number) => {
		const kept = text.slice(from, to).trimEnd().length;
		if (kept > 0) {
			rows.push([from, from + kept]);
		}
	};

	// The open row starts at `start` and is `used` columns wide, its trailing spaces included.
	let start = 0;
	let used = 0;
	let offset = 0;
	for (const word of text.split(/(?<= )/)) {
		const wordStart = offset;
		offset += word.length;
		const bare = displayWidth(word.trimEnd());
		// Spaces alone never start a row: they stay at the end of this one and are dropped there.
		if (used > 0 && bare > 0 && used + bare > limit) {
			close(start, wordStart);
			start = wordStart;
			used = 0;
		}

		if (bare <= limit) {
			used += displayWidth(word);
			continue;
		}

		// Longer than a row: hard-wrap it; its last piece is the open row unless it is only spaces.
		const pieces = wrapToWidth(text.slice(start, offset), limit);
		let pieceStart = start;
		for (const piece of pieces.slice(0, -1)) {
			close(pieceStart, pieceStart + piece.length);
			pieceStart += piece.length;
		}

		const last = text.slice(pieceStart, offset);
		start = last.trim() === '' ? offset : pieceStart;
		used = last.trim() === '' ? 0 : displayWidth(last);
	}

	close(start, text.length);
	return rows.length === 0 ? [[0, 0]] : rows;
}

/**
Wrap prose into rows of at most `width` columns, breaking at spaces where possible and hard-wrapping
words longer than a row. Spaces at a break are dropped. An empty text is one empty row.
*/
export function wordWrapToWidth(text: string, width: number): string[] {
	return wordWrapRanges(text, width).map(([from, to]) => text.slice(from, to));
}
