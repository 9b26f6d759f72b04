import {expect, test} from 'vitest';
import {parseShellRead, splitShellWords} from '../../../source/sessions/codex/shell-read.js';

test.each([
	[
		'cat src/a.ts',
		{path: 'src/a.ts', selection: {mode: 'range', offset: 1, limit: undefined}, numbering: 'none'},
	],
	[
		'cat -n src/a.ts',
		{path: 'src/a.ts', selection: {mode: 'range', offset: 1, limit: undefined}, numbering: 'file'},
	],
	[
		'nl -ba src/a.ts',
		{path: 'src/a.ts', selection: {mode: 'range', offset: 1, limit: undefined}, numbering: 'file'},
	],
	[
		"sed -n '120,220p' src/a.ts",
		{path: 'src/a.ts', selection: {mode: 'range', offset: 120, limit: 101}, numbering: 'none'},
	],
	[
		'sed -n 7p "my file.ts"',
		{path: 'my file.ts', selection: {mode: 'range', offset: 7, limit: 1}, numbering: 'none'},
	],
	['head -n 40 a.ts', {path: 'a.ts', selection: {mode: 'range', offset: 1, limit: 40}, numbering: 'none'}],
	['head -40 a.ts', {path: 'a.ts', selection: {mode: 'range', offset: 1, limit: 40}, numbering: 'none'}],
	['head a.ts', {path: 'a.ts', selection: {mode: 'range', offset: 1, limit: 10}, numbering: 'none'}],
	['tail -n 50 server.log', {path: 'server.log', selection: {mode: 'tail', count: 50}, numbering: 'none'}],
	[
		'tail -n +30 server.log',
		{path: 'server.log', selection: {mode: 'range', offset: 30, limit: undefined}, numbering: 'none'},
	],
	[
		"nl -ba a.ts | sed -n '5,9p'",
		{path: 'a.ts', selection: {mode: 'range', offset: 5, limit: 5}, numbering: 'file'},
	],
	[
		'cat -n a.ts | head -n 3',
		{path: 'a.ts', selection: {mode: 'range', offset: 1, limit: 3}, numbering: 'file'},
	],
	[
		"sed -n '5,9p' a.ts | nl -ba",
		{path: 'a.ts', selection: {mode: 'range', offset: 5, limit: 5}, numbering: 'output'},
	],
	[
		`bash -lc "sed -n '1,80p' src/index.ts"`,
		{path: 'src/index.ts', selection: {mode: 'range', offset: 1, limit: 80}, numbering: 'none'},
	],
])('%s is a read', (command, read) => {
	expect(parseShellRead(command)).toEqual(read);
});

test('command arrays are unwrapped from bash -lc', () => {
	expect(parseShellRead(['bash', '-lc', 'head -n 2 a.ts'])).toEqual({
		path: 'a.ts',
		selection: {mode: 'range', offset: 1, limit: 2},
		numbering: 'none',
	});
	expect(parseShellRead(['/bin/zsh', '-lc', 'cat b.md'])?.path).toBe('b.md');
	expect(parseShellRead(['cat', 'c.md'])?.path).toBe('c.md');
});

test.each([
	'cat a.ts b.ts',
	'cat *.ts',
	'cat $FILE',
	'cat "$HOME/a"',
	'cat a.ts > b.ts',
	'cat a.ts && ls',
	'cd src; cat a.ts',
	'sed -n 1,5p',
	"sed '1,5p' a.ts",
	"sed -n '/foo/p' a.ts",
	'head -c 100 a.ts',
	'rg -n loadConfig src',
	'cat a.ts | grep x',
	"nl -ba a.ts | sed -n '1,3p' | head",
	'cat',
	'cat "unterminated',
	'ls -la',
])('%s is not a read', (command) => {
	expect(parseShellRead(command)).toBeUndefined();
});

test('splitShellWords handles quotes and escapes', () => {
	expect(splitShellWords(`a 'b c' "d \\" e" f\\ g|h`)).toEqual(['a', 'b c', 'd " e', 'f g', '|', 'h']);
	expect(splitShellWords('echo $(pwd)')).toBeUndefined();
});
