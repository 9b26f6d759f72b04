import {count, formatBytes} from '../notices.js';
import type {OutlineEntry, ReadDetails, ReadLimits, ReadResult, Selection} from '../types.js';
import {canOutline, type OutlineSource, outlineFile} from './outline-file.js';
import {fitOutline, noticeHeader, noticeOutlineBudget, outlineBlock} from './render.js';

/**
A truncated read's details with the whole file's outline added (`outline`, `outlineTotal`) when the
file is code or Markdown small enough to outline and the outline fits its budget; otherwise the
details unchanged. Never throws: an outline is a help, not part of the answer.
*/
export async function withNoticeOutline(
	source: OutlineSource,
	details: ReadDetails,
	limits: ReadLimits,
	signal?: AbortSignal,
): Promise<ReadDetails> {
	if (!canOutline(source.path, source.end - source.textStart)) {
		return details;
	}

	try {
		const outcome = await outlineFile(source, signal);
		if (!outcome.ok) {
			return details;
		}

		const first = details.firstLine;
		const shown = first === undefined ? undefined : {first, last: first + details.linesShown - 1};
		const header = noticeHeader(details.displayPath);
		const sent = fitOutline(outcome.entries, header, noticeOutlineBudget(limits), shown);
		return sent ? {...details, outline: sent, outlineTotal: outcome.entries.length} : details;
	} catch {
		return details;
	}
}

function message(details: ReadDetails, text: string): ReadResult {
	return {content: [{type: 'text', text}], details, isError: false};
}

/**
An `outline: true` read: the file's outline alone (kind text, no lines), within the output cap. A file
lector cannot outline gets a note saying why and how to read it instead; that is not an error.
*/
export async function readOutline(
	source: OutlineSource,
	base: ReadDetails,
	limits: ReadLimits,
	signal?: AbortSignal,
): Promise<ReadResult> {
	const details: ReadDetails = {...base, kind: 'text', encoding: source.encoding, lines: [], linesShown: 0};
	const outcome = await outlineFile(source, signal);
	const name = details.displayPath;
	if (!outcome.ok) {
		return message(
			details,
			`[No outline for ${name}: ${outcome.message}. Read it in parts with offset and limit instead, e.g. offset=1 limit=200 (the file is ${formatBytes(details.fileBytes)}).]`,
		);
	}

	const known = {...details, totalLines: outcome.totalLines, totalLinesKnown: true};
	const lines = `${count(outcome.totalLines)} line${outcome.totalLines === 1 ? '' : 's'}`;
	if (outcome.entries.length === 0) {
		return message(
			known,
			`[No functions, classes or headings found in ${name} (${lines}). Read it with offset and limit instead.]`,
		);
	}

	const {first, last} = lineRange(details.selection, outcome.totalLines);
	const whole = first <= 1 && last >= outcome.totalLines;
	const asked = whole
		? outcome.entries
		: outcome.entries.filter((entry) => entry.startLine >= first && entry.startLine <= last);
	const part = whole ? '' : `, entries starting in lines ${count(first)}-${count(last)}`;
	const header = `Outline of ${name}${part} (${lines}; read a part with offset and limit):`;
	// Leave room for the longest continuation hint.
	const hintRoom = Buffer.byteLength(continuationHint(outcome.totalLines)) + 2;
	const sent = fitOutline(asked, header, limits.maxBytes - hintRoom) ?? [];
	const withOutline = {...known, outline: sent, outlineTotal: asked.length};
	const hint = sent.length < asked.length ? continuationHint(nextStart(asked, sent)) : undefined;
	return message(withOutline, outlineBlock(header, sent, asked.length, hint));
}

/** The lines an outline read covers: its offset and limit (or tail), else the whole file. */
function lineRange(selection: Selection | undefined, totalLines: number): {first: number; last: number} {
	if (selection?.mode === 'tail') {
		return {first: Math.max(1, totalLines - selection.count + 1), last: totalLines};
	}

	const first = selection?.offset ?? 1;
	const limit = selection?.limit;
	return {first, last: limit === undefined ? totalLines : first + limit - 1};
}

/** Where the entries left out begin: after the last top-level entry sent. */
function nextStart(asked: readonly OutlineEntry[], sent: readonly OutlineEntry[]): number | undefined {
	const last = sent.at(-1);
	const next = asked.find((entry) => last === undefined || entry.startLine > last.endLine);
	return next?.startLine;
}

function continuationHint(offset: number | undefined): string {
	return offset === undefined
		? 'a smaller offset/limit range shows the nested ones'
		: `for the rest, read again with outline=true offset=${offset}`;
}
