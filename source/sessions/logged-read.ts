/**
ReadDetails for reads found in other agents' logs. The read panel is built from ReadDetails alone,
so a replayed read must carry the same record a live read does: the lines the model saw (without
the agent's line-number prefixes, which become the gutter), where they start, and what the log
says about the rest of the file.
*/
import path from 'node:path';
import {displayPathOf, makeDetails} from '../read/details.js';
import {imageMimeTypes} from '../read/image/detect.js';
import {headerSize} from '../read/image/header-size.js';
import {guessLanguage} from '../read/language.js';
import type {ErrorCode, ReadDetails, Selection, TruncationReason} from '../read/types.js';
import type {AgentCut, ForeignReadDetails, ForeignReadTool} from '../transcript/details.js';

/** What a log tells about one read. */
export type LoggedRead = {
	/** The agent's tool that made the read. */
	readonly tool: ForeignReadTool;
	/** The session's folder, when the log names it. */
	readonly cwd: string | undefined;
	/** The path as the call named it. */
	readonly filePath: string;
	readonly selection: Selection | undefined;
	/** Real number of the first line shown, when known. */
	readonly firstLine: number | undefined;
	readonly lines: readonly string[];
	readonly totalLines?: number | undefined;
	readonly truncation?: TruncationReason | undefined;
	readonly nextOffset?: number | undefined;
	readonly offsetPastEnd?: boolean | undefined;
	readonly fileBytes?: number | undefined;
	/** How the agent's tool cut what its model got, when the log says it did. */
	readonly cut?: AgentCut | undefined;
};

/** The engine's record retagged as the agent's: every field a panel reads is the same. */
function foreign(tool: ForeignReadTool, details: ReadDetails, cut?: AgentCut): ForeignReadDetails {
	return {...details, tool, cut};
}

function locate(filePath: string, cwd: string | undefined): {absolute: string; display: string} {
	if (cwd === undefined || cwd === '') {
		return {absolute: filePath, display: filePath};
	}

	const absolute = path.resolve(cwd, filePath);
	return {absolute, display: displayPathOf(absolute, cwd)};
}

/** The details of a successful logged read. */
export function loggedReadDetails(read: LoggedRead): ForeignReadDetails {
	const {absolute, display} = locate(read.filePath, read.cwd);
	const outputBytes = read.lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
	const firstLine = read.lines.length === 0 ? undefined : read.firstLine;
	const lastShown = firstLine === undefined ? undefined : firstLine + read.lines.length - 1;
	const details = makeDetails({
		kind: 'text',
		path: absolute,
		displayPath: display,
		language: guessLanguage(read.filePath),
		selection: read.selection,
		encoding: 'utf-8',
		firstLine,
		linesShown: read.lines.length,
		lines: read.lines,
		totalLines: read.totalLines,
		totalLinesKnown: read.totalLines !== undefined,
		linesAfter:
			read.totalLines !== undefined && lastShown !== undefined
				? Math.max(0, read.totalLines - lastShown)
				: undefined,
		fileBytes: read.fileBytes ?? 0,
		outputBytes,
		truncation: read.truncation,
		nextOffset: read.nextOffset,
		offsetPastEnd: read.offsetPastEnd ?? false,
	});
	return foreign(read.tool, details, read.cut);
}

/** The details of a logged image read; the size is estimated from the base64 text. */
export function loggedImageDetails(
	tool: ForeignReadTool,
	filePath: string,
	cwd: string | undefined,
	base64: string,
	bytes?: number,
): ForeignReadDetails {
	const {absolute, display} = locate(filePath, cwd);
	const data = Buffer.from(base64, 'base64');
	// The size comes from the image's header: the panel shows it like a live read's (no pixels decoded).
	const size = headerSize(data);
	const details = makeDetails({
		kind: 'image',
		path: absolute,
		displayPath: display,
		fileBytes: bytes ?? Math.floor((base64.length * 3) / 4),
		...(size === undefined
			? {}
			: {
					image: {
						format: size.format,
						mimeType: imageMimeTypes[size.format],
						width: size.width,
						height: size.height,
						sentWidth: size.width,
						sentHeight: size.height,
						sentBytes: data.length,
					},
				}),
	});
	return foreign(tool, details);
}

/** The details of a re-read the agent answered with "unchanged since the last read" instead of the text. */
export function loggedUnchangedDetails(
	tool: ForeignReadTool,
	filePath: string,
	cwd: string | undefined,
	selection?: Selection,
): ForeignReadDetails {
	const {absolute, display} = locate(filePath, cwd);
	const details = makeDetails({
		kind: 'unchanged',
		path: absolute,
		displayPath: display,
		language: guessLanguage(filePath),
		selection,
	});
	return foreign(tool, details);
}

/** The details of a failed logged read: the message is shown as it was logged. */
export function loggedReadError(
	tool: ForeignReadTool,
	filePath: string,
	cwd: string | undefined,
	message: string,
	selection?: Selection,
): ForeignReadDetails {
	const {absolute, display} = locate(filePath, cwd);
	const details = makeDetails({
		kind: 'error',
		path: absolute,
		displayPath: display,
		language: guessLanguage(filePath),
		selection,
		errorCode: guessErrorCode(message),
		errorMessage: message,
	});
	return foreign(tool, details);
}

/** A best guess at the engine's error code from another agent's message, for panels that group errors. */
export function guessErrorCode(message: string): ErrorCode {
	const lower = message.toLowerCase();
	if (lower.includes('no such file') || lower.includes('does not exist') || lower.includes('enoent')) {
		return 'not-found';
	}

	if (lower.includes('is a directory') || lower.includes('eisdir')) {
		return 'is-directory';
	}

	if (lower.includes('permission denied') || lower.includes('eacces')) {
		return 'permission-denied';
	}

	if (lower.includes('binary')) {
		return 'binary';
	}

	return 'io-error';
}

/** Output text as lines: `\n` or `\r\n` ends a line, and a final line end adds no empty line. */
export function splitOutputLines(text: string): string[] {
	if (text === '') {
		return [];
	}

	const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
	if (lines.at(-1) === '') {
		lines.pop();
	}

	return lines;
}

/** `     12→text` (Claude Code), `12\ttext` (cat -n, nl -ba, newer Claude Code). */
const numbered = /^\s*(\d+)(?:→|\t)(.*)$/s;

/** Lines with their number prefixes removed, and the first number. */
export type Unnumbered = {
	readonly firstLine: number | undefined;
	readonly lines: string[];
	/** Lines after the numbered run (reminders an agent appended), not part of the file. */
	readonly trailing: string[];
};

/**
Strip line-number prefixes from consecutive numbered lines. The run stops at the first line that is
not numbered as the next line, so notices appended after the file's text are not taken for it.
`nl` leaves blank lines unnumbered (its default `-bt`), so an unnumbered blank line inside the run
is kept as an empty line.
*/
export function stripLineNumbers(lines: readonly string[]): Unnumbered {
	const out: string[] = [];
	let firstLine: number | undefined;
	let expected: number | undefined;
	let index = 0;
	for (; index < lines.length; index++) {
		const line = lines[index] ?? '';
		const match = numbered.exec(line);
		if (match === null) {
			const nextMatch = numbered.exec(lines[index + 1] ?? '');
			if (
				line.trim() === '' &&
				expected !== undefined &&
				nextMatch !== null &&
				Number(nextMatch[1]) === expected
			) {
				out.push('');
				continue;
			}

			break;
		}

		const number = Number(match[1]);
		if (expected !== undefined && number !== expected) {
			break;
		}

		firstLine ??= number;
		expected = number + 1;
		out.push(match[2] ?? '');
	}

	return {firstLine, lines: out, trailing: lines.slice(index)};
}
