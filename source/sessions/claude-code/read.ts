/**
Claude Code's `Read` results as ReadDetails. The harness logs a structured `toolUseResult.file`
({filePath, content, numLines, startLine, totalLines}) beside the tool_result the model got; that
record is preferred. Without it (older logs, subagent files) the tool_result text is used, with its
`     N→` or `N<tab>` prefixes moved into the gutter and the reminders after the numbered run dropped.
*/

import type {Selection} from '../../read/types.js';
import type {AgentCut, ForeignReadDetails} from '../../transcript/details.js';
import type {ToolResult} from '../../transcript/types.js';
import {blocksText} from '../content.js';
import {bool, isRecord, type JsonRecord, num, rec, str} from '../json.js';
import {
	loggedImageDetails,
	loggedReadDetails,
	loggedReadError,
	loggedUnchangedDetails,
	splitOutputLines,
	stripLineNumbers,
} from '../logged-read.js';

const emptyReminder = /the file exists but the contents are empty/i;
const pastEndReminder = /shorter than the provided offset \((\d+)\)\. The file has (\d+) lines?/i;

function stripToolErrorTags(text: string): string {
	return text.replaceAll(/<\/?tool_use_error>/g, '').trim();
}

/** Claude Code's token budget for one Read (its tool description and its notices say 25,000). */
export const claudeCodeTokenCap = 25_000;

/** Claude Code's default line limit for a Read without `limit`. */
const claudeCodeLineCap = 2000;

/**
The file's true line count from Claude Code's `totalLines`, which counts lines by splitting on "\n": the
empty string after a final newline is one more "line" (a 5,000-line file ending in "\n" reports 5,001;
an empty file 1). When the read reached the end, its content shows whether the file ends with a newline;
otherwise one is assumed, as nearly every text file has one.
*/
function trueTotal(content: string, numLines: number, startLine: number, reported: number): number {
	const reachedEnd = startLine + numLines - 1 >= reported;
	const endsWithNewline = !reachedEnd || content === '' || content.endsWith('\n');
	return endsWithNewline ? Math.max(0, reported - 1) : reported;
}

/** Claude Code's token-cap notice (`[Truncated: PARTIAL view — … Call Read with offset=2171 …]`), as the model got it. */
const tokenCapNotice = /\[Truncated: PARTIAL view[^\]]*\]/;

/**
What Claude Code told its model about a token-cap cut, from the text that carried it (2.1.2xx: the tool
result, inside a <system-reminder>; 2.1.3xx: a `read_truncation_notice` attachment line): the notice
verbatim and the offset it names. Undefined when the text holds no such notice.
*/
export function claudeCodeCutNotice(
	text: string,
): {notice: string; nextOffset: number | undefined} | undefined {
	const notice = tokenCapNotice.exec(text)?.[0];
	if (notice === undefined) {
		return undefined;
	}

	const offset = /offset=(\d+)/.exec(notice)?.[1];
	return {notice, nextOffset: offset === undefined ? undefined : Number(offset)};
}

function fromFileRecord(
	file: JsonRecord,
	filePath: string,
	selection: Selection,
	limit: number | undefined,
	cwd: string | undefined,
	resultText: string,
): ForeignReadDetails {
	const content = str(file, 'content') ?? '';
	const lines = splitOutputLines(content);
	const numLines = num(file, 'numLines') ?? lines.length;
	const startLine = num(file, 'startLine') ?? (selection.mode === 'range' ? selection.offset : 1);
	const reported = num(file, 'totalLines');
	const totalLines = reported === undefined ? undefined : trueTotal(content, numLines, startLine, reported);
	if (lines.length > numLines) {
		lines.length = numLines;
	}

	const lastShown = startLine + lines.length - 1;
	const short = totalLines !== undefined && lines.length > 0 && lastShown < totalLines;
	// 2.1.2xx+: a whole-file read over the token budget comes back as its first page, flagged.
	const tokenCap = bool(file, 'truncatedByTokenCap') === true;
	const lineCap = !tokenCap && limit === undefined && short && lines.length >= claudeCodeLineCap;
	const told = tokenCap ? claudeCodeCutNotice(resultText) : undefined;
	const cut: AgentCut | undefined = tokenCap
		? {
				rule: 'claude-code-token-cap',
				limit: claudeCodeTokenCap,
				notice: told?.notice,
				nextOffset: told?.nextOffset,
			}
		: lineCap
			? {rule: 'claude-code-line-cap', limit: claudeCodeLineCap}
			: undefined;
	return loggedReadDetails({
		tool: 'claude-code-read',
		cwd,
		filePath,
		selection,
		firstLine: startLine,
		lines,
		totalLines,
		cut,
		offsetPastEnd: lines.length === 0 && totalLines !== undefined && startLine > Math.max(1, totalLines),
	});
}

function fromText(
	text: string,
	filePath: string,
	selection: Selection,
	limit: number | undefined,
	cwd: string | undefined,
): ForeignReadDetails {
	const pastEnd = pastEndReminder.exec(text);
	if (pastEnd !== null) {
		return loggedReadDetails({
			tool: 'claude-code-read',
			cwd,
			filePath,
			selection,
			firstLine: undefined,
			lines: [],
			totalLines: Number(pastEnd[2]),
			offsetPastEnd: true,
		});
	}

	if (emptyReminder.test(text)) {
		return loggedReadDetails({
			tool: 'claude-code-read',
			cwd,
			filePath,
			selection,
			firstLine: undefined,
			lines: [],
			totalLines: 0,
		});
	}

	const {firstLine, lines} = stripLineNumbers(splitOutputLines(text));
	// Claude Code numbers the empty string after a final newline as one more line: a read that stopped
	// short of its limit reached the end, so that last empty line is not the file's, and the total is known.
	const reachedEnd = limit === undefined || lines.length < limit;
	if (reachedEnd && lines.length > 0 && lines.at(-1) === '') {
		lines.pop();
	}

	const totalLines =
		reachedEnd && firstLine !== undefined && lines.length > 0 ? firstLine + lines.length - 1 : undefined;
	return loggedReadDetails({
		tool: 'claude-code-read',
		cwd,
		filePath,
		selection,
		firstLine,
		lines,
		totalLines,
	});
}

/** The ReadDetails for one Claude Code Read call, or undefined for kinds the read panel does not draw (PDF, notebook). */
export function claudeCodeReadDetails(
	input: Readonly<Record<string, unknown>>,
	result: ToolResult,
	toolUseResult: unknown,
	cwd: string | undefined,
): ForeignReadDetails | undefined {
	const structured = isRecord(toolUseResult) ? toolUseResult : undefined;
	const file = rec(structured, 'file');
	const filePath = str(input, 'file_path') ?? str(file, 'filePath') ?? str(input, 'path');
	if (filePath === undefined) {
		return undefined;
	}

	const offset = num(input, 'offset');
	const limit = num(input, 'limit');
	const selection: Selection = {mode: 'range', offset: offset ?? 1, limit};
	if (result.isError) {
		return loggedReadError(
			'claude-code-read',
			filePath,
			cwd,
			stripToolErrorTags(blocksText(result.content)),
			selection,
		);
	}

	const kind = str(structured, 'type');
	if (kind === 'image' || result.content.some((block) => block.type === 'image')) {
		const image = result.content.find((block) => block.type === 'image');
		return loggedImageDetails(
			'claude-code-read',
			filePath,
			cwd,
			image?.type === 'image' ? image.data : (str(file, 'base64') ?? ''),
			num(file, 'originalSize'),
		);
	}

	// 2.1.1xx: a re-read of an unchanged file is answered with a note instead of the text.
	if (kind === 'file_unchanged') {
		return loggedUnchangedDetails('claude-code-read', filePath, cwd, selection);
	}

	if (kind !== undefined && kind !== 'text') {
		return undefined;
	}

	const text = blocksText(result.content);
	return file !== undefined && str(file, 'content') !== undefined
		? fromFileRecord(file, filePath, selection, limit, cwd, text)
		: fromText(text, filePath, selection, limit, cwd);
}
