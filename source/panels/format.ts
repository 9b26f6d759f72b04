/** Small formatting helpers shared by the panels. */

const grouping = new Intl.NumberFormat('en-US');

/** `4312` -> `4,312`. */
export function formatCount(value: number): string {
	return grouping.format(value);
}

/** `1 line`, `2,000 lines`. */
export function formatLines(count: number): string {
	return `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
}

/** `120-220` for a run of lines, `7` for a single line. */
export function formatRange(first: number, count: number): string {
	return count <= 1 ? String(first) : `${first}-${first + count - 1}`;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** A moment as the person's clock shows it: `14:05:09`, local time. */
export function formatClock(epochMs: number): string {
	const date = new Date(epochMs);
	return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}:${twoDigits(date.getSeconds())}`;
}
