/**
Word (.docx): converted with mammoth to HTML, then to Markdown-like lines (headings, lists, tables),
which are read like a text file: numbered, under the same caps, continued with offset=N.
mammoth runs in the document worker (documents/worker-job.ts): a zip bomb costs at most its time and heap;
its ZIP is checked first (docx-zip.ts), since what JSZip unpacks is outside the worker's heap limit.
*/
import {ArrayLineSource} from '../documents/array-line-source.js';
import {htmlToLines} from '../documents/html-text.js';
import {documentError, reasonOf} from '../documents/result.js';
import {ownArrayBuffer, WorkerFailure, WorkerJob} from '../documents/worker-job.js';
import type {ParagraphCut} from '../documents/worker-messages.js';
import {closingNotice, count, offsetPastEndNotice, shellQuote} from '../notices.js';
import {selectLines} from '../select.js';
import type {ReadDetails, ReadResult} from '../types.js';
import {oleMagic, startsWith} from './claims.js';
import {zipRefusal} from './docx-zip.js';
import type {FormatInput} from './types.js';

/** The most paragraphs a tail converts, however many lines it asks for: a tail of a million lines of a bomb still costs what a read can show. */
const maxTailParagraphs = 100_000;

/**
Paragraphs to convert for this read: what it can show, twice over with room to spare (a paragraph is
one line, or none; a table row takes several), so a Word bomb costs what a read shows. A tail converts
the document's last paragraphs, as many for the lines it asks for.
*/
function paragraphsNeeded(input: FormatInput): {maxParagraphs?: number; lastParagraphs?: number} {
	const {selection} = input.request;
	if (selection.mode === 'tail') {
		return {lastParagraphs: Math.min(maxTailParagraphs, 2 * selection.count + 1000)};
	}

	return {maxParagraphs: 2 * (selection.offset - 1 + input.limits.maxLines) + 1000};
}

/** The document's HTML from mammoth, in the worker; a string is a failure message. */
async function convert(
	input: FormatInput,
	shownPath: string,
): Promise<{html: string; paragraphs: ParagraphCut | undefined} | string> {
	const bytes = await input.file.readFile();
	// Before the worker: what JSZip unpacks lies outside the worker's heap limit (see docx-zip.ts).
	const refusal = await zipRefusal(bytes, input, shownPath);
	if (refusal !== undefined) {
		return refusal;
	}

	const data = ownArrayBuffer(bytes);
	const job = new WorkerJob(input.limits, input.signal);
	try {
		const reply = await job.ask({type: 'docx', data, ...paragraphsNeeded(input)}, 'html', [data]);
		if (reply.type === 'html') {
			return {html: reply.html, paragraphs: reply.paragraphs};
		}

		return `${shownPath} could not be read as a Word document (${reasonOf(reply.error.message)}). The file may be damaged or not a .docx; check it with \`unzip -l ${shellQuote(shownPath)}\`.`;
	} catch (error) {
		input.signal?.throwIfAborted();
		if (error instanceof WorkerFailure) {
			return `${shownPath} ${error.message}, so lector stopped reading it. The file may be damaged or built to be expensive to unpack (a zip bomb); look inside with a shell command such as \`unzip -l ${shellQuote(shownPath)}\` or \`unzip -p ${shellQuote(shownPath)} word/document.xml | head -c 50000\`.`;
		}

		throw error;
	} finally {
		job.end();
	}
}

function noticeFor(details: ReadDetails, offset: number, input: FormatInput): string | undefined {
	if (details.totalLines === 0) {
		return '[The Word document has no text.]';
	}

	if (details.offsetPastEnd) {
		return offsetPastEndNotice(details, offset).replace('the file', 'the converted document');
	}

	// The text engine's advice on clipped lines names shell commands on the file: no use on a .docx.
	const notice = closingNotice({...details, clippedLines: []}, input.limits);
	const clipped = details.clippedLines.length;
	const clippedSentence =
		clipped === 0
			? undefined
			: `${count(clipped)} long paragraph${clipped === 1 ? ' was' : 's were'} clipped at ${count(input.limits.maxLineChars)} characters (marked "[line clipped: N bytes]").`;
	if (clippedSentence === undefined) {
		return notice;
	}

	return notice === undefined ? `[${clippedSentence}]` : `${notice.slice(0, -1)} ${clippedSentence}]`;
}

function withNotice(body: string, parts: ReadonlyArray<string | undefined>): string {
	const notice = parts.filter((part) => part !== undefined).join('\n');
	if (notice === '') {
		return body;
	}

	return body === '' ? notice : `${body}\n\n${notice}`;
}

/**
A tail of a document cut to its last paragraphs: the lines are the converted part's last ones, and,
as for a text file too big to count, their numbers are not known; the rest is asked for with tail=N.
*/
async function readWordTail(
	input: FormatInput,
	lines: readonly string[],
	base: ReadDetails,
	cut: ParagraphCut,
	tailCount: number,
): Promise<ReadResult> {
	const start = Math.max(0, lines.length - tailCount);
	const windowLines = lines.length - start;
	const source = new ArrayLineSource(lines, input.limits.maxLineChars);
	await source.skip(start);
	const selected = await selectLines(source, {
		firstLine: undefined,
		limit: tailCount,
		lineNumbers: false,
		limits: input.limits,
	});
	const shown = selected.lines.length;
	const oversized = selected.oversizedLineBytes === undefined ? 0 : 1;
	const details: ReadDetails = {
		...base,
		kind: 'document',
		firstLine: undefined,
		linesShown: shown,
		lines: selected.lines,
		totalLines: undefined,
		totalLinesKnown: false,
		linesAfter: windowLines - shown,
		outputBytes: selected.outputBytes,
		truncation: selected.truncation,
		clippedLines: selected.clippedPositions,
		nextOffset: undefined,
		nextTail: selected.more ? windowLines - shown - oversized : undefined,
		oversizedLineBytes: selected.oversizedLineBytes,
		offsetPastEnd: false,
	};
	const paragraphs = `[The document has ${count(cut.total ?? cut.kept)} paragraphs; lector converted the last ${count(cut.kept)}${windowLines < tailCount ? ', which give fewer lines than asked for' : ', enough for this tail'}, so line numbers are not known.]`;
	const body = selected.formatted.join('\n');
	return {
		content: [{type: 'text', text: withNotice(body, [noticeFor(details, 1, input), paragraphs])}],
		details,
		isError: false,
	};
}

async function readWord(
	input: FormatInput,
	lines: readonly string[],
	base: ReadDetails,
	cut: ParagraphCut | undefined,
): Promise<ReadResult> {
	const {selection} = input.request;
	if (cut?.from === 'end' && selection.mode === 'tail') {
		return readWordTail(input, lines, base, cut, selection.count);
	}

	const total = lines.length;
	const offset = selection.mode === 'tail' ? Math.max(1, total - selection.count + 1) : selection.offset;
	const limit = selection.mode === 'tail' ? selection.count : selection.limit;
	const source = new ArrayLineSource(lines, input.limits.maxLineChars);
	await source.skip(offset - 1);
	const selected = await selectLines(source, {
		firstLine: offset,
		limit,
		lineNumbers: input.request.lineNumbers,
		limits: input.limits,
	});
	const shown = selected.lines.length;
	const oversized = selected.oversizedLineBytes === undefined ? 0 : 1;
	const details: ReadDetails = {
		...base,
		kind: 'document',
		firstLine: shown > 0 || oversized ? offset : undefined,
		linesShown: shown,
		lines: selected.lines,
		// A cut document's lines end where the conversion stopped: its total is not known.
		totalLines: cut === undefined ? total : undefined,
		totalLinesKnown: cut === undefined,
		linesAfter: cut === undefined ? Math.max(0, total - (offset + shown - 1)) : undefined,
		outputBytes: selected.outputBytes,
		truncation: selected.truncation,
		clippedLines: selected.clippedPositions.map((position) => offset + position - 1),
		nextOffset:
			selected.more || (cut !== undefined && selected.reachedEnd) ? offset + shown + oversized : undefined,
		oversizedLineBytes: selected.oversizedLineBytes,
		offsetPastEnd: shown === 0 && oversized === 0 && total > 0,
	};
	const body = selected.formatted.join('\n');
	const converted =
		cut === undefined
			? undefined
			: `[The document has more than ${count(cut.kept)} paragraphs; lector converted the first ${count(cut.kept)}, enough for this read, so its line count is not known.]`;
	return {
		content: [{type: 'text', text: withNotice(body, [noticeFor(details, offset, input), converted])}],
		details,
		isError: false,
	};
}

/** Reads a file that formats/index.ts found to be of this format. */
export async function readDocx(input: FormatInput): Promise<ReadResult> {
	const base: ReadDetails = {...input.base, document: 'docx', language: 'markdown'};
	const shownPath = base.displayPath;
	if (startsWith(input.sample, oleMagic)) {
		return documentError(
			base,
			`${shownPath} is a password-protected (encrypted) Word document, so its text cannot be read. Ask the user for an unprotected copy.`,
		);
	}

	const converted = await convert(input, shownPath);
	if (typeof converted === 'string') {
		return documentError(base, converted);
	}

	// Pictures become `[image: alt text]` here; the worker kept mammoth from inlining them as data URIs.
	const lines = htmlToLines(converted.html);
	input.signal?.throwIfAborted();
	return readWord(input, lines, base, converted.paragraphs);
}
