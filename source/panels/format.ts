/** Small formatting helpers shared by the panels. */
import {count} from '../read/notices.js';

let grouping: Intl.NumberFormat | undefined;

/**
`4312` -> `4,312`. Whole numbers are grouped by hand: creating an Intl.NumberFormat costs a cold
start several milliseconds before its first frame; any other number still goes through Intl.
*/
export function formatCount(value: number): string {
	if (Number.isSafeInteger(value)) {
		return count(value);
	}

	grouping ??= new Intl.NumberFormat('en-US');
	return grouping.format(value);
}

/** `1 line`, `2,000 lines`. */
export function formatLines(count: number): string {
	return `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
}

/** `1-1,628` for a run of lines, `7` for a single line: grouped like every number in a message. */
export function formatRange(first: number, count: number): string {
	return count <= 1 ? formatCount(first) : `${formatCount(first)}-${formatCount(first + count - 1)}`;
}

/** `1200-1400` after a path (`file.ts:1200-1400`): a location editors and shells parse, so ungrouped. */
export function locationRange(first: number, count: number): string {
	return count <= 1 ? String(first) : `${first}-${first + count - 1}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A moment as the person's clock shows it: `14:05:09`, local time. */
export function formatClock(epochMs: number): string {
	const date = new Date(epochMs);
	return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}
