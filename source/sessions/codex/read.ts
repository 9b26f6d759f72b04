/**
ReadDetails for a Codex shell command recognised as a read (see shell-read.ts). The numbers follow the
file's real lines: a range starts at its first line (`sed -n 'A,Bp'`, `head`, `cat`), numbered output
(`cat -n`, `nl -ba`) says its own numbers, and `tail -n N` is numbered only when the file's length is
known. When Codex cut the output in the middle (cut.ts), the head is the read's lines and the tail
goes with the cut, both with their real numbers.
*/

import type {Selection} from '../../read/types.js';
import type {AgentCut, ForeignReadDetails, TailSegment} from '../../transcript/details.js';
import {loggedReadDetails, loggedReadError, splitOutputLines, stripLineNumbers} from '../logged-read.js';
import {type MiddleCut, takeMiddleCut} from './cut.js';
import type {ShellOutput} from './output.js';
import type {ShellRead} from './shell-read.js';

/** The first line a selection prints, when its numbers are known without the file's length. */
function firstOf(selection: Selection): number | undefined {
	return selection.mode === 'range' ? selection.offset : undefined;
}

/** Lines without their number prefixes (numbered output), and the first number. */
function unnumber(read: ShellRead, lines: readonly string[], first: number | undefined) {
	if (read.numbering === 'none') {
		return {firstLine: first, lines: [...lines]};
	}

	const stripped = stripLineNumbers(lines);
	return {
		firstLine: read.numbering === 'file' ? (stripped.firstLine ?? first) : first,
		lines: stripped.lines,
	};
}

/** True when the selection is the whole file (`cat`, `cat -n`, `nl -ba`). */
function wholeFile(selection: Selection): boolean {
	return selection.mode === 'range' && selection.offset === 1 && selection.limit === undefined;
}

function cutDetails(read: ShellRead, cut: MiddleCut, cwd: string | undefined): ForeignReadDetails {
	const {selection} = read;
	const head = unnumber(read, cut.head, firstOf(selection));
	// The tail's numbers: printed by the command, or counted back from the output's length.
	const printed = unnumber(read, cut.tail, undefined);
	const start = firstOf(selection);
	const counted =
		start !== undefined && cut.outputLines !== undefined
			? start + cut.outputLines - printed.lines.length
			: undefined;
	const tail: TailSegment = {
		firstLine: read.numbering === 'file' ? (printed.firstLine ?? counted) : counted,
		lines: printed.lines,
	};
	// A whole-file command printed one line per file line, so the output's length is the file's.
	const totalLines = wholeFile(selection) ? cut.outputLines : undefined;
	const agentCut: AgentCut = {
		rule: 'codex-middle',
		marker: cut.marker,
		tail,
		notice: [cut.header, cut.marker].filter((part) => part !== undefined).join('\n'),
	};
	return loggedReadDetails({
		tool: 'codex-read',
		cwd,
		filePath: read.path,
		selection,
		firstLine: head.firstLine,
		lines: head.lines,
		totalLines,
		cut: agentCut,
	});
}

/** The details of one shell read from its output. A failed command is a failed read. */
export function codexReadDetails(
	read: ShellRead,
	output: ShellOutput,
	cwd: string | undefined,
): ForeignReadDetails {
	if (output.exitCode !== undefined && output.exitCode !== 0) {
		return loggedReadError(
			'codex-read',
			read.path,
			cwd,
			output.text.trim() === '' ? `exit code ${output.exitCode}` : output.text.trim(),
			read.selection,
		);
	}

	const all = splitOutputLines(output.text);
	const cut = takeMiddleCut(all);
	if (cut !== undefined) {
		return cutDetails(read, cut, cwd);
	}

	const {selection} = read;
	const {firstLine, lines} = unnumber(read, all, firstOf(selection));
	// A range that came back short ran into the end of the file, so the file's length is known; so is a
	// whole file's, even an empty one.
	const asked = selection.mode === 'range' ? selection.limit : undefined;
	const reachedEnd = selection.mode === 'range' && (asked === undefined || lines.length < asked);
	const totalLines =
		reachedEnd && firstLine !== undefined && (lines.length > 0 || wholeFile(selection))
			? firstLine + lines.length - 1
			: undefined;
	return loggedReadDetails({
		tool: 'codex-read',
		cwd,
		filePath: read.path,
		selection,
		firstLine,
		lines,
		totalLines,
	});
}
