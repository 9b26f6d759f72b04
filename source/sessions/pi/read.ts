/**
pi's `read` results as ReadDetails. pi sends the file's lines without numbers and appends a notice after a
blank line; its log holds nothing else about the file's size, so the notice is read here (only the known
shapes, only at the end) and removed, so that a notice is never drawn as file lines. Shapes seen in real
logs (fixtures/agents/pi): `[Showing lines 1-2000 of 5001. Use offset=2001 to continue.]` (the line cap),
`[Showing lines 1-1347 of 1618 (50.0KB limit). Use offset=1348 to continue.]` (the byte cap), `[4951 more
lines in file. Use offset=51 to continue.]` (the caller's limit), 0.30.x without the final full stop, and
for a first line over the byte cap the notice alone: `[Line 1 is 300.0KB, exceeds 50.0KB limit. Use bash:
…]`. pi 0.7.x wrote `... (12 more lines not shown. Use offset=60 to continue reading)`.

pi counts lines by splitting on "\n", so its totals count the empty string after a final newline: a
5,000-line file ending in "\n" is `of 5001`. The panel shows the file's lines: one less, as nearly every
text file ends with a newline (a read that reached the end shows it exactly).
*/

import type {Selection} from '../../read/types.js';
import type {AgentCut, ForeignReadDetails} from '../../transcript/details.js';
import type {ToolResult} from '../../transcript/types.js';
import {blocksText} from '../content.js';
import {type JsonRecord, num, str} from '../json.js';
import {loggedImageDetails, loggedReadDetails, loggedReadError, splitOutputLines} from '../logged-read.js';

/** pi's caps (its docs and notices): 2,000 lines or 50 KB. */
const piLineCap = 2000;
const piByteCap = 50 * 1024;

const showingNotice =
	/^\[Showing lines? (\d+)(?:-(\d+))? of (\d+)( \([\d.]+KB limit\))?\. Use offset=(\d+) to continue\.?\]$/;
const moreNotice = /^\[(\d+) more lines? in file\. Use offset=(\d+) to continue\.?\]$/;
const oldMoreNotice =
	/^\.\.\. \((?:.*\. )?(\d+) more lines? not shown\. Use offset=(\d+) to continue reading\)$/;
const firstLineNotice = /^\[Line (\d+) is [\d.]+KB, exceeds [\d.]+KB limit\..*\]$/s;

/** What pi's notice says, with pi's own count of the file's lines ("\n"-split). */
type Notice = {
	readonly text: string;
	readonly splitTotal: number | undefined;
	readonly nextOffset: number | undefined;
	readonly cap: 'lines' | 'bytes' | undefined;
};

function readNotice(line: string, lastShown: number): Notice | undefined {
	const showing = showingNotice.exec(line);
	if (showing !== null) {
		return {
			text: line,
			splitTotal: Number(showing[3]),
			nextOffset: Number(showing[5]),
			cap: showing[4] === undefined ? 'lines' : 'bytes',
		};
	}

	const more = moreNotice.exec(line) ?? oldMoreNotice.exec(line);
	if (more !== null) {
		return {text: line, splitTotal: lastShown + Number(more[1]), nextOffset: Number(more[2]), cap: undefined};
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

function cutOf(notice: Notice | undefined): AgentCut | undefined {
	if (notice?.cap === undefined) {
		return undefined;
	}

	return {
		rule: notice.cap === 'lines' ? 'pi-line-cap' : 'pi-byte-cap',
		limit: notice.cap === 'lines' ? piLineCap : piByteCap,
		notice: notice.text,
		nextOffset: notice.nextOffset,
	};
}

/** The ReadDetails for one pi read, from its arguments and its logged result. */
export function piReadDetails(
	args: Readonly<Record<string, unknown>>,
	result: ToolResult,
	_rawDetails: JsonRecord | undefined,
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
	if (firstLineNotice.test(text.trim())) {
		// The selection's first line alone is over the byte cap: the model got the notice, no line.
		const cut: AgentCut = {rule: 'pi-byte-cap', limit: piByteCap, notice: text.trim()};
		return loggedReadDetails({tool: 'pi-read', cwd, filePath, selection, firstLine, lines: [], cut});
	}

	const lines = splitOutputLines(text);
	const notice = takeNotice(lines, firstLine);
	// Without a notice the read reached the end of the file, so its lines are the file's; with one, pi's
	// count includes the empty string after the final newline.
	const totalLines =
		notice === undefined
			? firstLine + lines.length - 1
			: notice.splitTotal === undefined
				? undefined
				: Math.max(0, notice.splitTotal - 1);
	return loggedReadDetails({
		tool: 'pi-read',
		cwd,
		filePath,
		selection,
		firstLine,
		lines,
		totalLines,
		cut: cutOf(notice),
	});
}
