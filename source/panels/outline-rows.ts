/** The outline a read sent, as panel rows: a one-line summary collapsed, every entry expanded. */

import {sanitizeLine} from '../text/sanitize.js';
import type {AnyReadDetails} from '../transcript/details.js';
import {formatCount, formatLines} from './format.js';
import {seg} from './parts.js';
import type {Row} from './types.js';
import {cutRow} from './view.js';

function entriesWord(count: number): string {
	return `${formatCount(count)} ${count === 1 ? 'entry' : 'entries'}`;
}

/**
`outline: 42 entries sent` (`42 of 60 entries` when the byte budget left some out), followed when
collapsed by `hint` (`ctrl+o to expand`, from the key table; empty when another row already names the
key). Expanded, one row per entry: kind, name and line range, indented by depth, then the count of
entries the model was told were left out. No rows when the read sent no outline.
*/
export function outlineRows(details: AnyReadDetails, expanded: boolean, width: number, hint = ''): Row[] {
	const {outline} = details;
	if (outline === undefined) {
		return [];
	}

	const total = details.outlineTotal ?? outline.length;
	const count =
		total > outline.length
			? `${formatCount(outline.length)} of ${entriesWord(total)}`
			: entriesWord(outline.length);
	const summary = seg(`outline: ${count} sent`, 'dim');
	if (!expanded) {
		return [
			cutRow(hint === '' || outline.length === 0 ? [summary] : [summary, seg(`  (${hint})`, 'hint')], width),
		];
	}

	const rows: Row[] = [cutRow([summary], width)];

	let base = Number.POSITIVE_INFINITY;
	for (const entry of outline) {
		base = Math.min(base, entry.depth);
	}

	for (const entry of outline) {
		const indent = '  '.repeat(1 + entry.depth - base);
		const range =
			entry.startLine === entry.endLine ? `${entry.startLine}` : `${entry.startLine}-${entry.endLine}`;
		rows.push(
			cutRow(
				[
					seg(`${indent}${entry.kind === 'heading' ? '#'.repeat(entry.depth + 1) : entry.kind} `, 'dim'),
					seg(sanitizeLine(entry.name), 'text'),
					seg(`  ${range}`, 'range'),
				],
				width,
			),
		);
	}

	// The model's outline ends with the same count (source/read/outline/render.ts).
	const omitted = total - outline.length;
	if (omitted > 0) {
		const what = `${formatCount(omitted)} more ${omitted === 1 ? 'entry' : 'entries'}`;
		rows.push(cutRow([seg(`  (${what} left out to keep this short)`, 'dim')], width));
	}

	return rows;
}

/** The header's count for an outline read (no lines, an outline): `outline of 181 lines`. */
export function outlineCountLabel(details: AnyReadDetails): string | undefined {
	return details.outline !== undefined && details.linesShown === 0 && details.totalLines !== undefined
		? `outline of ${formatLines(details.totalLines)}`
		: undefined;
}
