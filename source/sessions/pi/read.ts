/**
pi's `read` results as ReadDetails. pi sends the file's lines without numbers and appends a notice
(`[Showing lines 1-2000 of 5000. Use offset=2001 to continue.]`, `[12 more lines in file. Use
offset=60 to continue.]`) after a blank line; `details.truncation` says how many lines were output
when a cap cut the text. The notice is the only record of the file's size, so it is read here
(only the two known shapes, only as the last line), then removed so it is not shown as code.
*/

import type {Selection} from '../../read/types.js';
import type {ForeignReadDetails} from '../../transcript/details.js';
import type {ToolResult} from '../../transcript/types.js';
import {blocksText} from '../content.js';
import {bool, type JsonRecord, num, rec, str} from '../json.js';
import {loggedImageDetails, loggedReadDetails, loggedReadError, splitOutputLines} from '../logged-read.js';

const showingNotice = /^\[Showing lines? (\d+)(?:-(\d+))? of (\d+)(?:[^\]]*?offset=(\d+))?[^\]]*\]$/;
const moreNotice = /^\[(\d+) more lines? in file\.(?:[^\]]*?offset=(\d+))?[^\]]*\]$/;

type Notice = {totalLines: number | undefined; nextOffset: number | undefined; truncated: boolean};

function readNotice(line: string, lastShown: number): Notice | undefined {
	const showing = showingNotice.exec(line);
	if (showing !== null) {
		return {
			totalLines: Number(showing[3]),
			nextOffset: showing[4] === undefined ? undefined : Number(showing[4]),
			truncated: true,
		};
	}

	const more = moreNotice.exec(line);
	if (more !== null) {
		return {
			totalLines: lastShown + Number(more[1]),
			nextOffset: more[2] === undefined ? undefined : Number(more[2]),
			truncated: false,
		};
	}

	return undefined;
}

/** Drop a trailing `\n\n[notice]` from the lines, returning what it said. */
function takeNotice(lines: string[], firstLine: number): Notice | undefined {
	const last = lines.at(-1);
	if (last === undefined || lines.length < 2 || lines.at(-2) !== '') {
		return undefined;
	}

	const notice = readNotice(last, firstLine + lines.length - 3);
	if (notice !== undefined) {
		lines.splice(-2, 2);
	}

	return notice;
}

/** The ReadDetails for one pi read, from its arguments and its logged result. */
export function piReadDetails(
	args: Readonly<Record<string, unknown>>,
	result: ToolResult,
	rawDetails: JsonRecord | undefined,
	cwd: string | undefined,
): ForeignReadDetails | undefined {
	const filePath = str(args, 'path') ?? str(args, 'file_path');
	if (filePath === undefined) {
		return undefined;
	}

	const offset = num(args, 'offset');
	const limit = num(args, 'limit');
	const selection: Selection = {mode: 'range', offset: offset ?? 1, limit};
	const text = blocksText(result.content);
	if (result.isError) {
		return loggedReadError('pi-read', filePath, cwd, text, selection);
	}

	const image = result.content.find((block) => block.type === 'image');
	if (image !== undefined) {
		return loggedImageDetails('pi-read', filePath, cwd, image.type === 'image' ? image.data : '');
	}

	const firstLine = offset ?? 1;
	const lines = splitOutputLines(text);
	const truncation = rec(rawDetails, 'truncation');
	const outputLines = num(truncation, 'outputLines');
	const notice = takeNotice(lines, firstLine);
	if (bool(truncation, 'truncated') === true && outputLines !== undefined) {
		lines.length = Math.min(lines.length, outputLines);
	}

	const by = str(truncation, 'truncatedBy');
	const capped = bool(truncation, 'truncated') === true;
	const selected = num(truncation, 'totalLines');
	let totalLines: number | undefined = firstLine + lines.length - 1;
	if (notice !== undefined) {
		totalLines = notice.totalLines;
	} else if (capped) {
		// The cap counted the selected lines; they run to the end of the file only without a limit.
		totalLines = limit === undefined && selected !== undefined ? firstLine - 1 + selected : undefined;
	}

	return loggedReadDetails({
		tool: 'pi-read',
		cwd,
		filePath,
		selection,
		firstLine,
		lines,
		totalLines,
		truncation: by === 'lines' || by === 'bytes' ? by : notice?.truncated === true ? 'lines' : undefined,
		nextOffset: notice?.nextOffset,
	});
}
