/**
Claude Code's `Read` results as ReadDetails. The harness logs a structured `toolUseResult.file`
({filePath, content, numLines, startLine, totalLines}) beside the tool_result the model got; that
record is preferred. Without it (older logs, subagent files) the tool_result text is used, with its
`     N→` or `N<tab>` prefixes moved into the gutter and the reminders after the numbered run dropped.
*/

import type {Selection} from '../../read/types.js';
import type {ForeignReadDetails} from '../../transcript/details.js';
import type {ToolResult} from '../../transcript/types.js';
import {blocksText} from '../content.js';
import {isRecord, type JsonRecord, num, rec, str} from '../json.js';
import {
	loggedImageDetails,
	loggedReadDetails,
	loggedReadError,
	splitOutputLines,
	stripLineNumbers,
} from '../logged-read.js';

const emptyReminder = /the file exists but the contents are empty/i;
const pastEndReminder = /shorter than the provided offset \((\d+)\)\. The file has (\d+) lines?/i;

function stripToolErrorTags(text: string): string {
	return text.replaceAll(/<\/?tool_use_error>/g, '').trim();
}

function fromFileRecord(
	file: JsonRecord,
	filePath: string,
	selection: Selection,
	limit: number | undefined,
	cwd: string | undefined,
): ForeignReadDetails {
	const content = str(file, 'content') ?? '';
	const numLines = num(file, 'numLines');
	const startLine = num(file, 'startLine') ?? (selection.mode === 'range' ? selection.offset : 1);
	const totalLines = num(file, 'totalLines');
	const lines = splitOutputLines(content);
	if (numLines !== undefined && lines.length > numLines) {
		lines.length = numLines;
	}

	const lastShown = startLine + lines.length - 1;
	const cut = limit === undefined && totalLines !== undefined && lines.length > 0 && lastShown < totalLines;
	return loggedReadDetails({
		tool: 'claude-code-read',
		cwd,
		filePath,
		selection,
		firstLine: startLine,
		lines,
		totalLines,
		truncation: cut ? 'lines' : undefined,
		nextOffset: cut ? lastShown + 1 : undefined,
		offsetPastEnd: lines.length === 0 && totalLines !== undefined && startLine > Math.max(1, totalLines),
	});
}

function fromText(
	text: string,
	filePath: string,
	selection: Selection,
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
	return loggedReadDetails({tool: 'claude-code-read', cwd, filePath, selection, firstLine, lines});
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

	if (kind !== undefined && kind !== 'text') {
		return undefined;
	}

	return file !== undefined && str(file, 'content') !== undefined
		? fromFileRecord(file, filePath, selection, limit, cwd)
		: fromText(blocksText(result.content), filePath, selection, cwd);
}
