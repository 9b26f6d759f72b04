import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {find, findResultCap} from '../../source/tools/find.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {makeToolWorkspace} from './workspace.js';

const text = (outcome: {content: readonly {type: string; text?: string}[]}) => outcome.content[0]?.text ?? '';

/** The workspace's .lectorignore denies .env and secrets/: every search from its root says so, unnamed. */
const denied =
	"[Entries left out: 2 denied by the workspace's .lectorignore. Do not try to reach them another way.]";

describe('find', () => {
	const cwd = makeToolWorkspace();

	it.each([
		['**/*.ts', `${'src/greet.ts\nsrc/index.ts\nsrc/nested/deep.ts'}\n${denied}`],
		['*.ts', `${'src/greet.ts\nsrc/index.ts\nsrc/nested/deep.ts'}\n${denied}`],
		['src/*.ts', `${'src/greet.ts\nsrc/index.ts'}\n${denied}`],
		['./src/nested/**', `${'src/nested/\nsrc/nested/deep.ts'}\n${denied}`],
		['{README,index}.*', `${'README.md\nsrc/index.ts'}\n${denied}`],
		['nested', `${'src/nested/'}\n${denied}`],
	])('%s', async (pattern, expected) => {
		expect(text(await find({pattern}, {cwd}))).toBe(expected);
	});

	it('skips .git, node_modules and what .lectorignore denies', async () => {
		const all = text(await find({pattern: '**'}, {cwd}));
		expect(all).not.toMatch(/\.git\/|node_modules|secrets|\.env/);
		expect(all).toContain('.lectorignore');
	});

	it('searches under a path and says when nothing matches', async () => {
		expect(text(await find({pattern: '*.ts', path: 'src/nested'}, {cwd}))).toBe('src/nested/deep.ts');
		expect(text(await find({pattern: '*.rs'}, {cwd}))).toBe(
			[
				'No files match *.rs in ..',
				'[1 entry ignored by .gitignore (or node_modules) was not searched; pass include_ignored=true to search them too.]',
				denied,
			].join('\n'),
		);
	});

	it('caps results with a notice', async () => {
		const big = makeTempDir();
		mkdirSync(path.join(big, 'many'));
		for (let index = 0; index < findResultCap + 1; index++) {
			writeFileSync(path.join(big, 'many', `f${String(index).padStart(4, '0')}.txt`), '');
		}

		const outcome = await find({pattern: '*.txt'}, {cwd: big});
		expect(outcome.details.matches).toHaveLength(findResultCap);
		expect(outcome.details.truncated).toBe(true);
		expect(text(outcome)).toMatch(/\[Showing the first 200 matches/);
	});

	it.each([
		[{}, /pattern must be a non-empty string/],
		[{pattern: '*.ts', path: 'nope'}, /Folder does not exist: nope/],
		[{pattern: '*.ts', glob: 'x'}, /Unknown argument glob/],
	])('%j is a clear error', async (args, message) => {
		const outcome = await find(args, {cwd});
		expect(outcome.isError).toBe(true);
		expect(text(outcome)).toMatch(message);
	});
});
