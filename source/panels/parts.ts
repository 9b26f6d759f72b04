/** Rows shared by every panel: errors, the "more lines" hint, result text. */
import type {ContentBlock} from '../read/types.js';
import {sanitizeLines} from '../text/sanitize.js';
import type {Segment} from '../text/styled.js';
import {wordWrapToWidth} from '../text/width.js';
import type {Role} from '../theme/roles.js';
import {formatCount} from './format.js';
import type {Row} from './types.js';
import {cutRow} from './view.js';

/** A segment (shorthand). */
export function seg(text: string, role: Role): Segment<Role> {
	return {text, role};
}

/**
An error message: plain text in the error colour, wrapped, every line shown. Errors are never
highlighted and never folded away.
*/
export function errorRows(message: string, width: number): Row[] {
	return proseRows(message.trim() === '' ? 'failed (no message)' : message, 'error', width);
}

/** Untrusted prose (errors, messages, warnings) in one role, word-wrapped. */
export function proseRows(text: string, role: Role, width: number): Row[] {
	return sanitizeLines(text).flatMap((line) =>
		wordWrapToWidth(line, width).map((row): Row => (row === '' ? [] : [seg(row, role)])),
	);
}

/** `… 12 more lines (ctrl+o to expand)`. */
export function moreRow(hidden: number, expandHint: string, width: number): Row {
	return cutRow(
		[seg(`… ${formatCount(hidden)} more ${hidden === 1 ? 'line' : 'lines'} (${expandHint})`, 'hint')],
		width,
	);
}

/** The text the model got, with image blocks summarised as one line each. */
export function contentText(content: readonly ContentBlock[]): string {
	return content
		.map((block) => (block.type === 'text' ? block.text : `[image ${block.mimeType}]`))
		.join('\n');
}
