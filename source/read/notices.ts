import {noticeOutline} from './outline/render.js';
import type {ReadDetails, ReadLimits} from './types.js';

/** 12,345. Not toLocaleString: loading Intl costs a cold process about 10 ms. */
export function count(value: number): string {
	return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
A size for a reader: the model gets `1,023 bytes`, `50 KB`, `1.5 MB` (a decimal only where it
matters); the person, in panels, `1023 B`, `50.0 KB` (one decimal, a steady width while scrolling).
*/
export function formatBytes(bytes: number, reader: 'model' | 'person' = 'model'): string {
	if (bytes < 1024) {
		return reader === 'model' ? `${bytes} bytes` : `${bytes} B`;
	}

	const units = ['KB', 'MB', 'GB', 'TB'];
	// Panels have always stopped at MB.
	const last = reader === 'model' ? units.length - 1 : 1;
	let value = bytes / 1024;
	let unit = 0;
	while (value >= 1024 && unit < last) {
		value /= 1024;
		unit++;
	}

	const whole = reader === 'model' && (value >= 100 || Number.isInteger(value));
	return `${whole ? value.toFixed(0) : value.toFixed(1)} ${units[unit]}`;
}

/** Quotes a path for a POSIX shell command in a suggestion. */
export function shellQuote(text: string): string {
	return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

function lineList(numbers: readonly number[]): string {
	const shown = numbers.slice(0, 5).map(String);
	const rest = numbers.length - shown.length;
	return rest > 0 ? `${shown.join(', ')} and ${count(rest)} more` : shown.join(', ');
}

function capText(details: ReadDetails, limits: ReadLimits): string {
	switch (details.truncation) {
		case 'lines': {
			return `the ${count(limits.maxLines)}-line cap`;
		}

		case 'bytes': {
			return `the output cap of ${formatBytes(limits.maxBytes)}`;
		}

		case 'both': {
			return `both caps (${count(limits.maxLines)} lines and ${formatBytes(limits.maxBytes)})`;
		}

		default: {
			return '';
		}
	}
}

function rangeText(details: ReadDetails): string {
	const first = details.firstLine ?? 1;
	const last = first + details.linesShown - 1;
	const span = details.linesShown === 1 ? `line ${count(first)}` : `lines ${count(first)}-${count(last)}`;
	return details.totalLinesKnown && details.totalLines !== undefined
		? `${span} of ${count(details.totalLines)}`
		: `${span} (the file has more lines; its total was not counted)`;
}

function continuation(details: ReadDetails): string {
	if (details.nextOffset !== undefined) {
		return `Continue with offset=${details.nextOffset}.`;
	}

	if (details.nextTail !== undefined) {
		return `For the rest of the lines you asked for, read again with tail=${details.nextTail}.`;
	}

	return '';
}

function stopSentence(details: ReadDetails, limits: ReadLimits): string | undefined {
	if (details.oversizedLineBytes !== undefined) {
		const line = details.firstLine ?? 1;
		const after =
			details.nextOffset === undefined ? '' : ` To skip it, continue with offset=${details.nextOffset}.`;
		return (
			`Line ${count(line)} alone is ${formatBytes(details.oversizedLineBytes)}, more than the output cap of ${formatBytes(limits.maxBytes)}, so nothing was shown. ` +
			`Read it in pieces with a shell command, e.g. sed -n '${line}p' ${shellQuote(details.path)} | cut -b 1-${limits.maxBytes}.${after}`
		);
	}

	const cap = capText(details, limits);
	const shown = details.firstLine === undefined ? `${count(details.linesShown)} lines` : rangeText(details);
	if (cap) {
		return `Output stopped at ${cap}: showing ${shown}. ${continuation(details)}`.trimEnd();
	}

	if (details.nextOffset !== undefined || details.nextTail !== undefined) {
		return `Showing ${shown}. ${continuation(details)}`;
	}

	return undefined;
}

function clippedSentence(details: ReadDetails, limits: ReadLimits): string | undefined {
	const clipped = details.clippedLines;
	const first = clipped[0];
	if (first === undefined) {
		return undefined;
	}

	const which = clipped.length === 1 ? `Line ${first} was` : `Lines ${lineList(clipped)} were`;
	const how =
		details.firstLine === undefined
			? ''
			: ` To see one whole, use a shell command such as sed -n '${first}p' ${shellQuote(details.path)} | fold -w ${limits.maxLineChars}.`;
	return `${which} longer than ${count(limits.maxLineChars)} characters and clipped (marked "[line clipped: N bytes]").${how}`;
}

function encodingSentences(details: ReadDetails): string[] {
	const sentences: string[] = [];
	if (details.encoding === 'utf-16le' || details.encoding === 'utf-16be') {
		sentences.push(
			`The file is ${details.encoding.toUpperCase()} (it starts with a byte-order mark); it was decoded to text.`,
		);
	}

	if (details.invalidUtf8) {
		sentences.push(
			'Some bytes are not valid UTF-8 (a legacy encoding such as Windows-1252, Shift-JIS or GBK, or binary data); they show as U+FFFD. Edit such a file with a tool that keeps its encoding.',
		);
	}

	return sentences;
}

/**
Why scanning stopped before the end of the file, when it did: binary content (a long NUL run, such as
the hole of a sparse file) or the scan budget, each named with where it happened and what to do.
*/
export function scanStopSentence(details: ReadDetails, limits: ReadLimits): string | undefined {
	const stop = details.scanStop;
	if (stop === undefined) {
		return undefined;
	}

	if (stop.reason === 'nul-run') {
		return `From byte ${count(stop.at)} on, the file holds binary content (a run of NUL bytes, such as the hole of a sparse file), so reading stopped there and the lines above are the text before it. Look at what follows with a shell command such as xxd -s ${stop.at} -l 256 ${shellQuote(details.path)}.`;
	}

	return `Reading stopped at byte ${count(stop.at)}: one read scans at most ${formatBytes(limits.maxScanBytes)} of a file (the scan budget), and this one needed more. Read a part nearer the start, or use a shell command such as sed -n '1000000,1000100p' ${shellQuote(details.path)}.`;
}

/**
The one closing notice of a text read, built only from `details`: why the output stopped, where to
continue, clipped lines, unnumbered lines, encoding, and the file's outline when the read carries one
(at most `noticeOutlineBudget(limits)` bytes more). Undefined when there is nothing to say.
*/
export function closingNotice(details: ReadDetails, limits: ReadLimits): string | undefined {
	const sentences: string[] = [];
	if (details.firstLine === undefined && details.linesShown > 0) {
		sentences.push(
			`These are the last lines of a ${formatBytes(details.fileBytes)} file whose lines were not counted, so they are not numbered.`,
		);
	}

	const stop = stopSentence(details, limits);
	if (stop) {
		sentences.push(stop);
	}

	const clipped = clippedSentence(details, limits);
	if (clipped) {
		sentences.push(clipped);
	}

	sentences.push(...encodingSentences(details));
	const scanStop = scanStopSentence(details, limits);
	if (scanStop) {
		sentences.push(scanStop);
	}

	const closing = sentences.length === 0 ? undefined : `[${sentences.join(' ')}]`;
	const outline = noticeOutline(details);
	return outline && closing ? `${closing}\n\n${outline}` : (outline ?? closing);
}

/** The reminder for a file with no lines. */
export function emptyFileNotice(details: ReadDetails): string {
	return details.fileBytes === 0
		? '[The file exists but is empty (0 bytes).]'
		: `[The file exists but has no lines of text (${formatBytes(details.fileBytes)}, only a byte-order mark).]`;
}

/** The reminder for an offset after the last line: not a failure, a pointer back into the file. */
export function offsetPastEndNotice(details: ReadDetails, offset: number): string {
	const total = details.totalLines ?? 0;
	const lastFifty = Math.max(1, total - 49);
	return `[Offset ${offset} is past the end of the file: it has ${count(total)} line${total === 1 ? '' : 's'}. Use an offset from 1 to ${total}, e.g. offset=${lastFifty} for the last ${Math.min(50, total)} lines.]`;
}

/** What an unchanged re-read sends instead of the text. */
export function unchangedNotice(details: ReadDetails): string {
	return `[Unchanged since your earlier read of this range of ${details.displayPath}: same size and modification time. Its content is as shown then; no need to read it again.]`;
}
