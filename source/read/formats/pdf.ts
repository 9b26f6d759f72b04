/**
PDF: text extracted page by page with pdf.js (the legacy build, made for Node), under the text caps.
Each page opens with a marker line; the closing notice gives the page count and the pages to ask for next.
pdf.js runs in the document worker (documents/worker-job.ts), one page per request, so that a hostile
file costs at most the worker's time and heap; which pages, the caps and the notices stay here.
*/
import {PartFitter} from '../documents/fit.js';
import {nextParts, type PartPick, pickParts} from '../documents/parts.js';
import {type PartNoun, partSentences, pastEndNotice} from '../documents/parts-notice.js';
import {documentContent, documentDetails, documentError, reasonOf} from '../documents/result.js';
import {ownArrayBuffer, WorkerFailure, WorkerJob} from '../documents/worker-job.js';
import type {LibraryError, PageBudget} from '../documents/worker-messages.js';
import {shellQuote} from '../notices.js';
import type {ReadDetails, ReadLimits, ReadResult} from '../types.js';
import type {FormatInput} from './types.js';

/** `--- page 3 of 40 ---`: the line that opens each page in the output. */
export function pageMarker(page: number, total: number): string {
	return `--- page ${page} of ${total} ---`;
}

/** The lines of one page's text (pdf.js's items joined by the worker), trailing blanks trimmed, blank runs squeezed. */
function pageLines(text: string): string[] {
	const lines = text.split(/\r\n|\r|\n/).map((line) => line.trimEnd());
	const squeezed = lines.filter((line, index) => line !== '' || (index > 0 && lines[index - 1] !== ''));
	while (squeezed.at(-1) === '') {
		squeezed.pop();
	}

	return squeezed;
}

function failureMessage(error: LibraryError, shownPath: string): string {
	const name = error.kind;
	if (name === 'PasswordException') {
		return `${shownPath} is an encrypted PDF that needs a password to open, so its text cannot be extracted. Ask the user for an unencrypted copy, or for the password to decrypt it with a shell command such as \`qpdf --password=PASSWORD --decrypt in.pdf out.pdf\`.`;
	}

	if (name === 'InvalidPDFException') {
		return `${shownPath} is a damaged PDF (${reasonOf(error.message)}): it starts like a PDF but its structure cannot be read, e.g. the file was cut short. Check that it was copied or downloaded completely, or try a repair tool such as \`qpdf in.pdf out.pdf\`.`;
	}

	return `${shownPath} could not be read as a PDF (${reasonOf(error.message)}). The file may be damaged or use features pdf.js does not support; try \`pdftotext ${shellQuote(shownPath)} -\` in a shell.`;
}

const pageNoun: PartNoun = {singular: 'page', plural: 'pages', owner: 'The PDF'};

type Extracted = {
	readonly pick: PartPick;
	readonly total: number;
	readonly shown: readonly number[];
	readonly next: string | undefined;
	/** A page that alone was over the caps and was shown in part. */
	readonly cutPage: number | undefined;
	/** A page whose extraction stopped at the scan budget: its text may go on past what was extracted. */
	readonly scanStop: {readonly page: number; readonly chars: number} | undefined;
	readonly emptyPages: number;
};

function closingNotice(extracted: Extracted, shownPath: string): string {
	const {pick, total, shown, next, cutPage, emptyPages, scanStop} = extracted;
	const sentences: string[] = [];
	if (scanStop !== undefined) {
		sentences.push(
			`lector stopped extracting page ${scanStop.page} after ${scanStop.chars.toLocaleString('en-US')} characters of text (its scan budget); the page may hold more. For all of it use a shell command such as \`pdftotext -f ${scanStop.page} -l ${scanStop.page} ${shellQuote(shownPath)} -\`.`,
		);
	}

	if (cutPage !== undefined) {
		sentences.push(
			`Page ${cutPage} alone is over the output cap, so only its first lines are shown; for the rest use a shell command such as \`pdftotext -f ${cutPage} -l ${cutPage} ${shellQuote(shownPath)} -\`.`,
		);
	}

	sentences.push(...partSentences(pageNoun, pick, total, shown, next));
	if (emptyPages > 0 && emptyPages === shown.length) {
		sentences.push(
			'No text was found on these pages: the PDF may be scanned images. Extract the text with OCR, e.g. `pdftoppm -png` and `tesseract`.',
		);
	}

	return sentences.length === 0 ? '' : `[${sentences.join(' ')}]`;
}

/**
The most text the worker extracts from one page. The caps stop a page of many lines early; the scan
budget stops one of a few endless lines (clipped in the output anyway) after 4 times the byte cap.
*/
function pageBudget(limits: ReadLimits): PageBudget {
	return {
		lines: limits.maxLines,
		bytes: limits.maxBytes,
		lineChars: limits.maxLineChars,
		scanChars: 4 * (limits.maxBytes + limits.maxLineChars),
	};
}

async function extract(
	input: FormatInput,
	job: WorkerJob,
	total: number,
	base: ReadDetails,
): Promise<ReadResult> {
	const pick = pickParts(input.request.pages, total);
	const shownPath = base.displayPath;
	if (pick.wanted.length === 0) {
		const details = documentDetails(base, new PartFitter(input.limits), {
			pages: {shown: [], total, next: undefined},
		});
		return {content: [{type: 'text', text: pastEndNotice(pageNoun, total)}], details, isError: false};
	}

	const fitter = new PartFitter(input.limits);
	const shown: number[] = [];
	let cutPage: number | undefined;
	let scanStop: Extracted['scanStop'];
	let emptyPages = 0;
	const budget = pageBudget(input.limits);
	for (const page of pick.wanted) {
		input.signal?.throwIfAborted();
		const reply = await job.ask({type: 'pdf-page', page, budget}, 'page');
		if (reply.type === 'failed') {
			return documentError(base, `Text extraction failed: ${failureMessage(reply.error, shownPath)}`);
		}

		const text = pageLines(reply.text);
		const lines = [pageMarker(page, total), ...(text.length === 0 ? ['(no text on this page)'] : text)];
		const outcome = fitter.add(lines, shown.length === 0);
		if (outcome === 'none') {
			break;
		}

		shown.push(page);
		emptyPages += text.length === 0 ? 1 : 0;
		if (reply.stopped === 'scan') {
			scanStop = {page, chars: reply.text.length};
		}

		if (outcome === 'cut') {
			cutPage = page;
			break;
		}

		// Extraction stopped short: the page's rest was not seen, so no later page may follow it.
		if (reply.stopped !== undefined) {
			break;
		}
	}

	const rest = pick.wanted.filter((page) => page > (shown.at(-1) ?? 0));
	const next = nextParts(pick, shown.length, rest);
	const details = documentDetails(base, fitter, {
		pages: {shown, total, next: rest[0]},
	});
	const notice = closingNotice({pick, total, shown, next, cutPage, emptyPages, scanStop}, shownPath);
	return {content: documentContent(fitter.formatted, [], notice), details, isError: false};
}

/**
Above this size a PDF must end with its trailer (`%%EOF`): without one pdf.js rebuilds the structure by
scanning the whole file, which took 22 s and 3.8 GB for 100 MB of damaged data. Smaller files are
left to that recovery, which often rescues a download cut short.
*/
const recoveryLimitBytes = 8 * 1024 * 1024;

/** Bytes at the end of the file searched for the trailer; writers may add a little after it. */
const trailerWindowBytes = 2048;

async function hasTrailer(input: FormatInput, size: number): Promise<boolean> {
	const window = Buffer.alloc(Math.min(trailerWindowBytes, size));
	const {bytesRead} = await input.file.read(window, 0, window.length, size - window.length);
	return window.subarray(0, bytesRead).includes('%%EOF');
}

/** The worker ran out of time or memory, or crashed: say so, and point to a tool that is not bound by it. */
function workerFailureMessage(failure: WorkerFailure, shownPath: string): string {
	const why =
		failure.reason === 'crash'
			? 'The file may be damaged or use features pdf.js does not support'
			: 'The file may be damaged or built to be expensive to parse';
	return `${shownPath} ${failure.message}, so lector stopped reading it. ${why}; try \`pdftotext -f 1 -l 10 ${shellQuote(shownPath)} -\` in a shell.`;
}

/** Reads a file that formats/index.ts found to be of this format. */
export async function readPdf(input: FormatInput): Promise<ReadResult> {
	const base: ReadDetails = {...input.base, document: 'pdf', language: undefined};
	const size = input.base.size ?? 0;
	if (size > recoveryLimitBytes && !(await hasTrailer(input, size))) {
		return documentError(
			base,
			`${base.displayPath} is a damaged PDF: it has no end-of-file trailer (%%EOF), e.g. it was cut short, and it is too large to rebuild here. Check that it was copied or downloaded completely, or try a repair tool such as \`qpdf in.pdf out.pdf\`.`,
		);
	}

	const data = ownArrayBuffer(await input.file.readFile());
	const job = new WorkerJob(input.limits, input.signal);
	try {
		const opened = await job.ask({type: 'open-pdf', data}, 'opened', [data]);
		if (opened.type === 'failed') {
			return documentError(base, failureMessage(opened.error, base.displayPath));
		}

		return await extract(input, job, opened.pageCount, base);
	} catch (error) {
		input.signal?.throwIfAborted();
		if (error instanceof WorkerFailure) {
			return documentError(base, workerFailureMessage(error, base.displayPath));
		}

		throw error;
	} finally {
		job.end();
	}
}
