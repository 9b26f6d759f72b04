import type {FileHandle} from 'node:fs/promises';
import {type LineSource, Utf8LineSource} from './line-source.js';
import {closingNotice, emptyFileNotice, offsetPastEndNotice, scanStopSentence} from './notices.js';
import type {OutlineSource} from './outline/outline-file.js';
import {ScanState} from './scan-budget.js';
import {type Selected, selectLines} from './select.js';
import {findTailStart} from './tail.js';
import type {ReadDetails, ReadLimits, ReadRequest, ReadResult, TextEncoding} from './types.js';
import {Utf16LineSource} from './utf16-line-source.js';

export type TextFile = {
	readonly file: FileHandle;
	readonly encoding: TextEncoding;
	/** Where the text starts, after a byte-order mark. */
	readonly textStart: number;
	/** Where reading stops: the size seen when the file was opened, so a growing file reads consistently. */
	readonly end: number;
	/** The fields of `details` already known: path, display path, language, mtime, size. */
	readonly base: ReadDetails;
};

type Walk = {
	readonly firstLine: number | undefined;
	readonly selected: Selected;
	readonly totalLines: number | undefined;
	/** Lines from the start of the selection to the end of the file, for a tail read of unknown numbering. */
	readonly tailLines: number | undefined;
};

/** A text file opened for one read, with that read's scan budget. */
type Scanned = TextFile & {readonly scan: ScanState};

function sourceAt(text: Scanned, position: number, limits: ReadLimits, signal?: AbortSignal): LineSource {
	const range = {start: position, end: text.end};
	return text.encoding === 'utf-8'
		? new Utf8LineSource(text.file, range, limits.maxLineChars, signal, undefined, text.scan)
		: new Utf16LineSource(
				text.file,
				range,
				text.encoding === 'utf-16le',
				limits.maxLineChars,
				signal,
				text.scan,
			);
}

async function walkRange(
	text: Scanned,
	request: ReadRequest,
	offset: number,
	limit: number | undefined,
	limits: ReadLimits,
	signal?: AbortSignal,
): Promise<Walk> {
	const source = sourceAt(text, text.textStart, limits, signal);
	const skipped = await source.skip(offset - 1);
	const selected = await selectLines(source, {
		firstLine: offset,
		limit,
		lineNumbers: request.lineNumbers,
		limits,
	});
	let totalLines: number | undefined;
	if (skipped < offset - 1) {
		totalLines = skipped;
	} else if (selected.reachedEnd) {
		totalLines = skipped + selected.consumed;
	} else {
		const rest = await source.countRest(limits.countBudgetBytes);
		totalLines = rest === undefined ? undefined : skipped + selected.consumed + rest;
	}

	if (text.scan.stop?.reason === 'scan-budget') {
		// The end of the file was not reached: the lines counted are not all of them.
		totalLines = undefined;
	}

	return {firstLine: offset, selected, totalLines, tailLines: undefined};
}

async function walkTail(
	text: Scanned,
	request: ReadRequest,
	count: number,
	limits: ReadLimits,
	signal?: AbortSignal,
): Promise<Walk> {
	const cheapToCount = text.encoding !== 'utf-8' || text.end - text.textStart <= limits.countBudgetBytes;
	if (cheapToCount) {
		const total = await sourceAt(text, text.textStart, limits, signal).skip(Number.POSITIVE_INFINITY);
		return walkRange(text, request, Math.max(1, total - count + 1), count, limits, signal);
	}

	// Too big to count: find the start of the last lines from the end; their numbers stay unknown.
	const start = await findTailStart(text.file, text.textStart, text.end, count, signal, undefined, text.scan);
	if (start.stopped === 'nul-run') {
		// The file ends in binary content (a sparse file's hole): the last lines of its text, counted from the start.
		const total = await sourceAt(text, text.textStart, limits, signal).skip(Number.POSITIVE_INFINITY);
		return walkRange(text, request, Math.max(1, total - count + 1), count, limits, signal);
	}

	if (start.reachedStart) {
		return walkRange(text, request, 1, count, limits, signal);
	}

	const source = sourceAt(text, start.position, limits, signal);
	const selected = await selectLines(source, {
		firstLine: undefined,
		limit: count,
		lineNumbers: false,
		limits,
	});
	return {firstLine: undefined, selected, totalLines: undefined, tailLines: start.lines};
}

function resultText(body: string, notice: string | undefined): string {
	if (!notice) {
		return body;
	}

	return body ? `${body}\n\n${notice}` : notice;
}

function outlineSource(text: TextFile): OutlineSource {
	const {file, encoding, textStart, end, base} = text;
	return {file, encoding, textStart, end, path: base.path, mtimeMs: base.mtimeMs, size: base.size};
}

/**
Reads the selected lines of an opened text file under the caps, streaming; or, for `outline: true`,
its outline alone. A read the caps cut short also carries the whole file's outline (code, Markdown).
*/
export async function readTextFile(
	text: TextFile,
	request: ReadRequest,
	limits: ReadLimits,
	signal?: AbortSignal,
): Promise<ReadResult> {
	// The outline code (and tree-sitter behind it) is imported only by the reads that need it.
	if (request.outline) {
		const {readOutline} = await import('./outline/outline-read.js');
		return readOutline(outlineSource(text), text.base, limits, signal);
	}

	const {selection} = request;
	const scanned: Scanned = {...text, scan: new ScanState(limits.maxScanBytes)};
	const walk =
		selection.mode === 'tail'
			? await walkTail(scanned, request, selection.count, limits, signal)
			: await walkRange(scanned, request, selection.offset, selection.limit, limits, signal);
	const {firstLine, selected, totalLines, tailLines} = walk;
	const shown = selected.lines.length;
	const oversized = selected.oversizedLineBytes === undefined ? 0 : 1;
	const known = firstLine !== undefined;
	const walked: ReadDetails = {
		...text.base,
		kind: 'text',
		selection,
		encoding: text.encoding,
		invalidUtf8: selected.invalidUtf8,
		firstLine: shown > 0 || oversized ? firstLine : undefined,
		linesShown: shown,
		lines: selected.lines,
		totalLines,
		totalLinesKnown: totalLines !== undefined,
		linesAfter:
			totalLines !== undefined && firstLine !== undefined
				? Math.max(0, totalLines - (firstLine + shown - 1))
				: tailLines === undefined
					? undefined
					: tailLines - shown,
		outputBytes: selected.outputBytes,
		truncation: selected.truncation,
		clippedLines: known
			? selected.clippedPositions.map((position) => firstLine + position - 1)
			: selected.clippedPositions,
		nextOffset: known && selected.more ? firstLine + shown + oversized : undefined,
		nextTail: !known && selected.more && tailLines !== undefined ? tailLines - shown - oversized : undefined,
		oversizedLineBytes: selected.oversizedLineBytes,
		offsetPastEnd: shown === 0 && !oversized && totalLines !== undefined && totalLines > 0,
		scanStop: scanned.scan.stop,
	};
	// Only a read the caps cut short gets an outline: any other read must not pay for parsing.
	const capped = walked.truncation !== undefined && walked.truncation !== 'line-length';
	const details = capped
		? await (await import('./outline/outline-read.js')).withNoticeOutline(
				outlineSource(text),
				walked,
				limits,
				signal,
			)
		: walked;

	let notice: string | undefined;
	const scanStop = scanStopSentence(details, limits);
	if (totalLines === 0) {
		notice = emptyFileNotice(details) + (scanStop ? `\n[${scanStop}]` : '');
	} else if (details.offsetPastEnd) {
		notice = offsetPastEndNotice(details, firstLine ?? 1) + (scanStop ? `\n[${scanStop}]` : '');
	} else {
		notice = closingNotice(details, limits);
	}

	return {
		content: [{type: 'text', text: resultText(selected.formatted.join('\n'), notice)}],
		details,
		isError: false,
	};
}
