import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {detectColorLevel, sgrParameters} from '../../source/theme/ansi.js';
import type {Role} from '../../source/theme/roles.js';
import {darkTheme, lightTheme} from '../../source/theme/themes.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist', 'cli.js');

/** What a reader must tell apart in highlighted code. */
const codeRoles: readonly Role[] = ['keyword', 'title', 'number', 'string', 'comment', 'type'];

describe('every colour depth keeps the code roles apart', () => {
	it.each([
		[{TERM: 'xterm', FORCE_COLOR: '1'}, 1],
		[{TERM: 'screen', FORCE_COLOR: '1'}, 1],
		[{TERM: 'xterm-256color', FORCE_COLOR: '1'}, 2],
	])('%j is depth %i', (env, level) => {
		expect(detectColorLevel(env, true)).toBe(level);
	});

	for (const theme of [darkTheme, lightTheme]) {
		it.each([1, 2, 3] as const)(`${theme.name} at depth %i: distinct SGR codes per role`, (level) => {
			const codes = codeRoles.map((role) => sgrParameters(theme.styles[role], level));
			expect(new Set(codes).size).toBe(codeRoles.length);
			// None is white or the default: at 16 colours the pastels used to all land on 97.
			for (const code of codes) {
				expect(code.split(';')).not.toContain('97');
				expect(code.split(';')).not.toContain('37');
			}
		});
	}
});

/** What a reader must tell apart in an answer's Markdown, besides its code. */
const markdownRoles: readonly Role[] = [
	'assistant',
	'heading',
	'strong',
	'emphasis',
	'inlineCode',
	'link',
	'url',
	'quote',
];

describe('every colour depth keeps the Markdown roles apart', () => {
	for (const theme of [darkTheme, lightTheme]) {
		it.each([1, 2, 3] as const)(`${theme.name} at depth %i: distinct SGR codes per role`, (level) => {
			const codes = markdownRoles.map((role) => sgrParameters(theme.styles[role], level));
			expect(new Set(codes).size).toBe(markdownRoles.length);
		});
	}
});

describe.skipIf(!existsSync(cli))('a printed read at TERM=xterm FORCE_COLOR=1 (the built binary)', () => {
	it('draws keywords, names, numbers and strings in different colours', () => {
		const env: Record<string, string | undefined> = {...process.env, TERM: 'xterm', FORCE_COLOR: '1'};
		delete env['COLORTERM'];
		delete env['NO_COLOR'];
		const result = spawnSync(process.execPath, [cli, 'read', 'fixtures/demo/greeting.ts', '--print'], {
			cwd: root,
			encoding: 'utf8',
			env,
		});
		expect(result.status).toBe(0);
		const foregrounds = new Set(
			[...result.stdout.matchAll(/\u001B\[([\d;]+)m/g)].flatMap((match) =>
				(match[1] ?? '').split(';').filter((code) => /^(3[0-7]|9[0-7])$/.test(code)),
			),
		);
		expect(foregrounds.size).toBeGreaterThanOrEqual(5);
	});
});
