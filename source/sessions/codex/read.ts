/** ReadDetails for a Codex shell command recognised as a read (see shell-read.ts). */

import type {ForeignReadDetails} from '../../transcript/details.js';
import {loggedReadDetails, loggedReadError, splitOutputLines, stripLineNumbers} from '../logged-read.js';
import {omittedMarker, type ShellOutput} from './output.js';
import type {ShellRead} from './shell-read.js';

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

	let lines = splitOutputLines(output.text);
	let cut = output.totalLines !== undefined && output.totalLines > lines.length;
	const marker = lines.findIndex((line) => omittedMarker.test(line.trim()));
	if (marker !== -1) {
		// Codex kept the head and the tail; only the head is contiguous with the numbers.
		lines = lines.slice(0, marker);
		cut = true;
	}

	const {selection} = read;
	let firstLine = selection.mode === 'range' ? selection.offset : undefined;
	if (read.numbering !== 'none') {
		const stripped = stripLineNumbers(lines);
		lines = stripped.lines;
		firstLine = read.numbering === 'file' ? (stripped.firstLine ?? firstLine) : firstLine;
	}

	// A range that came back short ran into the end of the file, so the file's length is known.
	const asked = selection.mode === 'range' ? selection.limit : undefined;
	const reachedEnd = !cut && selection.mode === 'range' && (asked === undefined || lines.length < asked);
	const totalLines =
		reachedEnd && firstLine !== undefined && lines.length > 0 ? firstLine + lines.length - 1 : undefined;
	return loggedReadDetails({
		tool: 'codex-read',
		cwd,
		filePath: read.path,
		selection,
		firstLine,
		lines,
		totalLines,
		truncation: cut ? 'lines' : undefined,
		nextOffset: cut && firstLine !== undefined ? firstLine + lines.length : undefined,
	});
}
