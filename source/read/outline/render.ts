import type {OutlineEntry, ReadDetails, ReadLimits} from '../types.js';

/** The outline a truncated read's notice carries costs at most this many bytes (UTF-8). */
export const maxNoticeOutlineBytes = 8 * 1024;

/**
Bytes the outline block of a truncated read's notice may use: a quarter of the output cap, at most
8 KiB. So a capped read returns at most `maxBytes` of lines plus this plus the notice's sentences.
*/
export function noticeOutlineBudget(limits: ReadLimits): number {
	return Math.min(Math.floor(limits.maxBytes / 4), maxNoticeOutlineBytes);
}

function byteLength(text: string): number {
	return Buffer.byteLength(text, 'utf8');
}

function rangeOf(entry: OutlineEntry): string {
	return entry.startLine === entry.endLine ? String(entry.startLine) : `${entry.startLine}-${entry.endLine}`;
}

/** One entry as the model reads it: `  function greet  12-20`, indented two spaces per level. */
export function outlineLine(entry: OutlineEntry, baseDepth: number): string {
	const indent = '  '.repeat(1 + Math.max(0, entry.depth - baseDepth));
	const label =
		entry.kind === 'heading' ? `${'#'.repeat(entry.depth + 1)} ${entry.name}` : `${entry.kind} ${entry.name}`;
	return `${indent}${label}  ${rangeOf(entry)}`;
}

function minDepth(entries: readonly OutlineEntry[]): number {
	let depth = Number.POSITIVE_INFINITY;
	for (const entry of entries) {
		depth = Math.min(depth, entry.depth);
	}

	return Number.isFinite(depth) ? depth : 0;
}

function omittedLine(omitted: number, hint?: string): string {
	const how = hint === undefined ? '' : `; ${hint}`;
	return `  (${omitted} more entr${omitted === 1 ? 'y' : 'ies'} left out to keep this short${how})`;
}

/**
The outline block: a header line, one line per entry, and a line saying how many entries the budget
left out (with `hint` on how to get them, if given). Built only from the entries sent and the size of
the outline they came from.
*/
export function outlineBlock(
	header: string,
	sent: readonly OutlineEntry[],
	total: number,
	hint?: string,
): string {
	const base = minDepth(sent);
	const lines = [header, ...sent.map((entry) => outlineLine(entry, base))];
	const omitted = total - sent.length;
	if (omitted > 0) {
		lines.push(omittedLine(omitted, hint));
	}

	return lines.join('\n');
}

/** Lines the model already has in the same result: their entries matter least when space is short. */
export type ShownLines = {readonly first: number; readonly last: number};

/**
The entries that fit `budgetBytes` once rendered under `header`: all when they fit; else the deepest
levels are dropped first (the first level dropped kept in file order as far as the budget goes); then, with top-level entries alone still too many, those inside the `shown`
lines go, then entries from the end. Undefined when not even the header and one entry fit.
*/
export function fitOutline(
	entries: readonly OutlineEntry[],
	header: string,
	budgetBytes: number,
	shown?: ShownLines,
): readonly OutlineEntry[] | undefined {
	if (entries.length === 0) {
		return undefined;
	}

	const base = minDepth(entries);
	const costs = entries.map((entry) => byteLength(outlineLine(entry, base)) + 1);
	// Room for the "(N entries left out)" line, sized for the largest N.
	const reserve = byteLength(omittedLine(entries.length)) + 1;
	const fixed = byteLength(header);
	let total = fixed;
	for (const cost of costs) {
		total += cost;
	}

	if (total <= budgetBytes) {
		return entries;
	}

	let deepest = base;
	for (const entry of entries) {
		deepest = Math.max(deepest, entry.depth);
	}

	for (let cutoff = deepest - 1; cutoff >= base; cutoff--) {
		let size = fixed + reserve;
		for (const [index, entry] of entries.entries()) {
			size += entry.depth <= cutoff ? (costs[index] ?? 0) : 0;
		}

		if (size <= budgetBytes) {
			// Descend one level further as far as the budget goes, in file order: a file that is one big
			// container (a class of 300 methods, a .d.ts namespace) would otherwise be one entry.
			const kept = new Set<number>();
			for (const [index, entry] of entries.entries()) {
				const cost = costs[index] ?? 0;
				if (entry.depth === cutoff + 1 && size + cost <= budgetBytes) {
					kept.add(index);
					size += cost;
				}
			}

			return entries.filter((entry, index) => entry.depth <= cutoff || kept.has(index));
		}
	}

	const inShown = (entry: OutlineEntry) =>
		shown !== undefined && entry.startLine >= shown.first && entry.endLine <= shown.last;
	const kept: OutlineEntry[] = [];
	let size = fixed + reserve;
	for (const [index, entry] of entries.entries()) {
		if (entry.depth !== base || inShown(entry)) {
			continue;
		}

		size += costs[index] ?? 0;
		if (size > budgetBytes) {
			break;
		}

		kept.push(entry);
	}

	return kept.length > 0 ? kept : undefined;
}

/** The outline block a truncated read's closing notice ends with, when the read sent one. */
export function noticeOutline(details: ReadDetails): string | undefined {
	const {outline} = details;
	if (!outline || outline.length === 0) {
		return undefined;
	}

	return outlineBlock(noticeHeader(details.displayPath), outline, details.outlineTotal ?? outline.length);
}

/** The first line of a truncated read's outline. */
export function noticeHeader(displayPath: string): string {
	return `Outline of ${displayPath} (use offset/limit to read a part):`;
}
