import {expect, test} from 'vitest';
import {loggedReadDetails, splitOutputLines, stripLineNumbers} from '../../source/sessions/logged-read.js';

test('Claude Code arrows and cat -n tabs become the gutter; reminders after the run are dropped', () => {
	expect(
		stripLineNumbers(['     9→a', '    10→', '    11→\tb', '', '<system-reminder>x</system-reminder>']),
	).toEqual({
		firstLine: 9,
		lines: ['a', '', '\tb'],
		trailing: ['', '<system-reminder>x</system-reminder>'],
	});
	expect(stripLineNumbers(['12\tx', '13\ty']).lines).toEqual(['x', 'y']);
});

test('a gap in the numbering ends the run', () => {
	expect(stripLineNumbers(['1\ta', '3\tb']).lines).toEqual(['a']);
});

test('nl leaves blank lines unnumbered; they stay as empty lines', () => {
	expect(stripLineNumbers(['     1\ta', '', '     2\tb'])).toMatchObject({
		firstLine: 1,
		lines: ['a', '', 'b'],
	});
});

test('splitOutputLines drops the final line end only', () => {
	expect(splitOutputLines('a\r\nb\n')).toEqual(['a', 'b']);
	expect(splitOutputLines('a\n\n')).toEqual(['a', '']);
	expect(splitOutputLines('')).toEqual([]);
});

test('paths are shown relative to the session folder, with a language', () => {
	const details = loggedReadDetails({
		tool: 'claude-code-read',
		cwd: '/home/ada/project',
		filePath: '/home/ada/project/src/a.ts',
		selection: {mode: 'range', offset: 1, limit: undefined},
		firstLine: 1,
		lines: ['x'],
		totalLines: 10,
	});
	expect(details).toMatchObject({
		path: '/home/ada/project/src/a.ts',
		displayPath: 'src/a.ts',
		language: 'typescript',
		linesShown: 1,
		totalLinesKnown: true,
		linesAfter: 9,
	});
	expect(
		loggedReadDetails({
			tool: 'claude-code-read',
			cwd: '/p',
			filePath: '/etc/hosts',
			selection: undefined,
			firstLine: 1,
			lines: [],
		}).displayPath,
	).toBe('/etc/hosts');
});
