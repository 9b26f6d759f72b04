import {expect, test} from 'vitest';
import {createPainter, detectColorLevel, sgrParameters} from '../../source/theme/ansi.js';
import {roleForScope} from '../../source/theme/roles.js';
import {darkTheme, lightTheme, themeByName} from '../../source/theme/themes.js';

test.each([
	[{}, true, 1],
	[{TERM: 'xterm-256color'}, true, 2],
	[{COLORTERM: 'truecolor'}, true, 3],
	[{}, false, 0],
	[{NO_COLOR: '1'}, true, 0],
	[{NO_COLOR: '', TERM: 'xterm-256color'}, true, 2],
	[{FORCE_COLOR: '0'}, true, 0],
	[{FORCE_COLOR: '1'}, false, 1],
	[{FORCE_COLOR: '3'}, false, 3],
	[{FORCE_COLOR: '2', NO_COLOR: '1'}, false, 2],
	[{TERM: 'dumb'}, true, 0],
] as const)('detectColorLevel(%j, tty=%j) is %i', (env, tty, level) => {
	expect(detectColorLevel(env, tty)).toBe(level);
});

test('level 0 paints plain text', () => {
	const painter = createPainter(darkTheme, 0);
	expect(
		painter.paint([
			{text: 'x', role: 'error'},
			{text: 'y', role: 'keyword'},
		]),
	).toBe('xy');
});

test('styled runs are closed so colour never bleeds into the next line', () => {
	const painter = createPainter(darkTheme, 3);
	const painted = painter.paint([{text: 'bad', role: 'error'}]);
	expect(painted).toBe('\u001B[38;2;248;81;73mbad\u001B[0m');
});

test('colour depths map hex colours', () => {
	expect(sgrParameters({color: '#ff0000'}, 2)).toBe('38;5;196');
	expect(sgrParameters({color: '#ff0000', bold: true}, 1)).toBe('1;91');
});

test('strikethrough is SGR 9, and adds nothing without colour', () => {
	expect(sgrParameters({strikethrough: true, dim: true}, 1)).toBe('2;9');
	expect(sgrParameters({strikethrough: true}, 0)).toBe('');
});

test('themes differ and fall back to dark', () => {
	expect(lightTheme.styles.keyword).not.toEqual(darkTheme.styles.keyword);
	expect(themeByName('light')).toBe(lightTheme);
	expect(themeByName('nope')).toBe(darkTheme);
});

test.each([
	['keyword', 'keyword'],
	['title.function', 'title'],
	['title.class', 'title'],
	['string', 'string'],
	['built_in', 'builtIn'],
	['unknown-scope', 'text'],
] as const)('scope %s -> %s', (scope, role) => {
	expect(roleForScope(scope)).toBe(role);
});
