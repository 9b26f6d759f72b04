/**
Jupyter notebooks: cells in order, each opened by a marker line with its number, kind and language,
then its source and outputs. Text outputs are capped one by one; PNG and JPEG outputs go through the
image pipeline (notebook-images.ts) and to the model as image blocks right after their lines, within
a per-read budget, or as a note saying why not.
*/
import {PartFitter} from '../documents/fit.js';
import {
	type Notebook,
	type NotebookCell,
	notebookFromJson,
	type TextCut,
} from '../documents/notebook-cells.js';
import {nextParts, pickParts} from '../documents/parts.js';
import {type PartNoun, partSentences, pastEndNotice} from '../documents/parts-notice.js';
import {documentContent, documentDetails, documentError, type PlacedImage} from '../documents/result.js';
import {ownArrayBuffer, WorkerFailure, WorkerJob} from '../documents/worker-job.js';
import {clipToCodePoints} from '../line-source.js';
import {count, formatBytes, shellQuote} from '../notices.js';
import type {ImageBlock, ReadDetails, ReadResult} from '../types.js';
import {type ImageBudget, maxImagesPerRead, notebookImage} from './notebook-images.js';
import type {FormatInput} from './types.js';

/** Most lines of one text output the model gets; the rest is counted in a note. */
export const outputMaxLines = 40;
/** Most bytes (UTF-8) of one text output the model gets. */
export const outputMaxBytes = 4096;
const cellNoun: PartNoun = {singular: 'cell', plural: 'cells', owner: 'The notebook'};

type CellPart = {
	readonly lines: string[];
	/** Images with the index of the part's line they go before. */
	readonly images: Array<{readonly beforeLine: number; readonly block: ImageBlock; readonly cost: number}>;
};

/** `--- cell 2 of 6 · code · python · In [1] ---`: the line that opens each cell. */
export function cellMarker(
	cell: NotebookCell,
	number: number,
	total: number,
	language: string | undefined,
): string {
	const parts = [`cell ${number} of ${total}`, cell.kind];
	if (cell.kind === 'code' && language !== undefined) {
		parts.push(language);
	}

	if (cell.executionCount !== undefined) {
		parts.push(`In [${cell.executionCount}]`);
	}

	return `--- ${parts.join(' · ')} ---`;
}

function splitLines(text: string): string[] {
	const lines = text.split(/\r\n|\r|\n/);
	if (lines.at(-1) === '') {
		lines.pop();
	}

	return lines;
}

/** Line ends in `text` from `from` on (`\r\n`, `\r` or `\n`), and whether a last line lacks one. */
function linesFrom(text: string, from: number): number {
	let lines = 0;
	for (let index = from; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code === 0x0a || (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) {
			lines++;
		}
	}

	const last = text.charCodeAt(text.length - 1);
	return from < text.length && last !== 0x0a && last !== 0x0d ? lines + 1 : lines;
}

/**
The first lines of a text output under the per-output caps, then a line counting the rest. Walks the
text line by line and stops at the caps: an output of millions of lines is never split whole. `cut`
is what the worker's parser left out (counted, never built).
*/
function textOutputLines(text: string, cut: TextCut | undefined): string[] {
	const kept: string[] = [];
	let bytes = 0;
	let at = 0;
	let cutLine: string | undefined;
	while (at < text.length) {
		const lineEnd = text.slice(at, at + outputMaxBytes + 2).search(/\r\n|\r|\n/);
		const end = lineEnd === -1 ? Math.min(text.length, at + outputMaxBytes + 2) : at + lineEnd;
		const line = text.slice(at, end);
		const cost = Buffer.byteLength(line) + 1;
		if (kept.length >= outputMaxLines || bytes + cost > outputMaxBytes) {
			cutLine = line;
			break;
		}

		kept.push(line);
		bytes += cost;
		at = end + (text.startsWith('\r\n', end) ? 2 : 1);
	}

	const keptEnd = cutLine === undefined ? text.length : at;
	if (kept.length === 0 && cutLine !== undefined) {
		// One line over the output cap: keep its start rather than nothing.
		kept.push(clipToCodePoints(cutLine, outputMaxBytes / 4) ?? cutLine);
	}

	const hidden =
		(cutLine === undefined ? 0 : linesFrom(text, keptEnd) - (kept.length === 1 && bytes === 0 ? 1 : 0)) +
		(cut?.lines ?? 0);
	if (hidden > 0) {
		const hiddenBytes = Buffer.byteLength(text.slice(keptEnd)) + (cut?.bytes ?? 0);
		kept.push(
			`… [output cut: ${count(hidden)} more line${hidden === 1 ? '' : 's'}, ${formatBytes(hiddenBytes)}]`,
		);
	}

	return kept;
}

async function cellPart(
	notebook: Notebook,
	number: number,
	cell: NotebookCell,
	budget: ImageBudget,
	input: FormatInput,
): Promise<CellPart> {
	const part: CellPart = {
		lines: [cellMarker(cell, number, notebook.cells.length, notebook.language)],
		images: [],
	};
	const source = splitLines(cell.source);
	part.lines.push(...(source.length === 0 ? ['(empty cell)'] : source));
	for (const output of cell.outputs) {
		if (output.type === 'image') {
			const image = await notebookImage(
				output.label,
				output.mimeType,
				output.data,
				budget,
				input.limits,
				input.signal,
			);
			part.lines.push(...image.lines);
			if (image.sent !== undefined) {
				part.images.push({beforeLine: part.lines.length, ...image.sent});
			}
		} else if (output.type === 'text') {
			part.lines.push(`--- out: ${output.label} ---`, ...textOutputLines(output.text, output.cut));
		} else {
			part.lines.push(`--- out: ${output.label}: ${output.note} ---`);
		}
	}

	return part;
}

async function readCells(notebook: Notebook, input: FormatInput, base: ReadDetails): Promise<ReadResult> {
	const total = notebook.cells.length;
	const pick = pickParts(input.request.cells, total);
	const fitter = new PartFitter(input.limits);
	if (pick.wanted.length === 0) {
		const details = documentDetails(base, fitter, {cells: {shown: [], total, next: undefined}});
		return {
			content: [{type: 'text' as const, text: pastEndNotice(cellNoun, total)}],
			details,
			isError: false,
		};
	}

	const budget: ImageBudget = {images: maxImagesPerRead, bytes: input.limits.maxImageBytes};
	const shown: number[] = [];
	const placed: PlacedImage[] = [];
	let cut: number | undefined;
	for (const number of pick.wanted) {
		const cell = notebook.cells[number - 1];
		if (cell === undefined) {
			break;
		}

		// Spent on a copy: images of a cell that does not fit stay in the budget.
		const trial = {...budget};
		const part = await cellPart(notebook, number, cell, trial, input);
		const start = fitter.formatted.length;
		const outcome = fitter.add(part.lines, shown.length === 0);
		if (outcome === 'none') {
			break;
		}

		shown.push(number);
		for (const image of part.images) {
			if (start + image.beforeLine <= fitter.formatted.length) {
				placed.push({beforeLine: start + image.beforeLine, block: image.block});
				budget.images--;
				budget.bytes -= image.cost;
			}
		}

		if (outcome === 'cut') {
			cut = number;
			break;
		}
	}

	const rest = pick.wanted.filter((number) => number > (shown.at(-1) ?? 0));
	const next = nextParts(pick, shown.length, rest);
	const sentences = partSentences(cellNoun, pick, total, shown, next);
	if (cut !== undefined) {
		sentences.unshift(
			`Cell ${cut} alone is over the output cap, so only its first lines are shown; print it with a shell command such as \`jq -r '.cells[${cut - 1}].source | join("")' ${shellQuote(base.displayPath)}\`.`,
		);
	}

	const notice = sentences.length === 0 ? undefined : `[${sentences.join(' ')}]`;
	const details = documentDetails(base, fitter, {cells: {shown, total, next: rest[0]}});
	return {content: documentContent(fitter.formatted, placed, notice), details, isError: false};
}

/**
The notebook's JSON, parsed in the document worker under its heap and time limits by the capped parser
(capped-json.js); a string is the message of a failure.
*/
async function parseInWorker(input: FormatInput, base: ReadDetails): Promise<{json: unknown} | string> {
	const data = ownArrayBuffer(await input.file.readFile());
	const job = new WorkerJob(input.limits, input.signal);
	try {
		const reply = await job.ask({type: 'notebook', data}, 'json', [data]);
		if (reply.type === 'json') {
			return {json: reply.json};
		}

		return `${base.displayPath} could not be read as a Jupyter notebook: it is not valid JSON (${reply.error.message}). Read it as plain text with a shell command such as \`head -c 2000 ${shellQuote(base.displayPath)}\`.`;
	} catch (error) {
		input.signal?.throwIfAborted();
		if (error instanceof WorkerFailure) {
			return `${base.displayPath} ${error.message}, so lector stopped reading it. Print some cells with a shell command such as \`jq -r '.cells[:20][] | .source | join("")' ${shellQuote(base.displayPath)}\`.`;
		}

		throw error;
	} finally {
		job.end();
	}
}

/** Reads a file that formats/index.ts found to be of this format. */
export async function readNotebook(input: FormatInput): Promise<ReadResult> {
	const base: ReadDetails = {...input.base, document: 'ipynb', language: undefined};
	const parsed = await parseInWorker(input, base);
	if (typeof parsed === 'string') {
		return documentError(base, parsed);
	}

	const notebook = notebookFromJson(parsed.json);
	if (notebook instanceof Error) {
		return documentError(
			base,
			`${base.displayPath} could not be read as a Jupyter notebook: ${notebook.message}. Read it as plain text with a shell command such as \`head -c 2000 ${shellQuote(base.displayPath)}\`.`,
		);
	}

	return readCells(notebook, input, base);
}
