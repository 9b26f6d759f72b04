import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {grep, grepMatchCap, grepPerFileCap} from '../../source/tools/grep.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {makeToolWorkspace} from './workspace.js';

const text = (outcome: {content: readonly {type: string; text?: string}[]}) => outcome.content[0]?.text ?? '';

/** The workspace's .lectorignore denies .env and secrets/: every search from its root says so, unnamed. */
const denied =
	"[Entries left out: 2 denied by the workspace's .lectorignore. Do not try to reach them another way.]";

describe('grep', () => {
	const cwd = makeToolWorkspace();

	it('prints path:line: text, skipping binaries, .git, node_modules and ignored files', async () => {
		const outcome = await grep({pattern: 'hello', ignore_case: true}, {cwd});
		expect(text(outcome)).toBe(
			[
				'src/greet.ts:2: \treturn "Hello, " + name;',
				'src/greet.ts:4: // TODO: hello again',
				'src/Upper.TS:1: HELLO',
				denied,
			].join('\n'),
		);
		expect(outcome.details).toMatchObject({filesMatched: 2, truncated: false});
	});

	it('is case-sensitive by default and takes regular expressions', async () => {
		expect(text(await grep({pattern: 'hel+o'}, {cwd}))).toBe(
			`src/greet.ts:4: // TODO: hello again\n${denied}`,
		);
		expect(text(await grep({pattern: '^export (function|const)'}, {cwd}))).toBe(
			`src/greet.ts:1: export function greet(name: string) {\nsrc/nested/deep.ts:1: export const deep = 1;\n${denied}`,
		);
	});

	it('searches literal text, a single file, and files matching a glob', async () => {
		expect(text(await grep({pattern: 'greet("x")', literal: true}, {cwd}))).toBe(
			`src/index.ts:2: console.log(greet("x"));\n${denied}`,
		);
		expect(text(await grep({pattern: 'Title', path: 'README.md'}, {cwd}))).toBe('README.md:1: # Title');
		expect(text(await grep({pattern: 'export', glob: 'nested/*'}, {cwd: path.join(cwd)}))).toBe(
			[
				'No matches for "export" in ..',
				'[1 entry ignored by .gitignore (or node_modules) was not searched; pass include_ignored=true to search them too.]',
				denied,
			].join('\n'),
		);
		expect(text(await grep({pattern: 'export', glob: 'src/nested/*'}, {cwd}))).toBe(
			`src/nested/deep.ts:1: export const deep = 1;\n${denied}`,
		);
		expect(text(await grep({pattern: 'export', glob: 'deep.ts'}, {cwd}))).toBe(
			`src/nested/deep.ts:1: export const deep = 1;\n${denied}`,
		);
	});

	it('caps matches per file and in all, with notices', async () => {
		const big = makeTempDir();
		writeFileSync(path.join(big, 'a.txt'), 'match\n'.repeat(grepPerFileCap + 3));
		const perFile = await grep({pattern: 'match'}, {cwd: big});
		expect(perFile.details.matches).toHaveLength(grepPerFileCap);
		expect(text(perFile)).toMatch(/\[3 more matches not shown \(at most 20 per file\)/);
		for (let index = 0; index < 6; index++) {
			writeFileSync(path.join(big, `b${index}.txt`), 'match\n'.repeat(grepPerFileCap));
		}

		const total = await grep({pattern: 'match'}, {cwd: big});
		expect(total.details.matches).toHaveLength(grepMatchCap);
		expect(total.details.truncated).toBe(true);
		expect(text(total)).toMatch(/\[Stopped at 100 matches/);
	});

	it('clips long lines', async () => {
		const big = makeTempDir();
		writeFileSync(path.join(big, 'long.txt'), `needle${'x'.repeat(1000)}\n`);
		expect(text(await grep({pattern: 'needle'}, {cwd: big}))).toMatch(/^long\.txt:1: needlex+…$/);
	});

	it.each([
		[{pattern: '('}, /Invalid regular expression.*literal=true/],
		[{pattern: ''}, /pattern must be a non-empty string/],
		[{pattern: 'x', path: 'nope'}, /Path does not exist: nope/],
		[{pattern: 'x', path: 'secrets/key.txt'}, /Access denied/],
		[{pattern: 'x', ignore_case: 'yes'}, /ignore_case must be true or false/],
		[{pattern: 'x', flags: 'i'}, /Unknown argument flags/],
	])('%j is a clear error', async (args, message) => {
		const outcome = await grep(args, {cwd});
		expect(outcome.isError).toBe(true);
		expect(text(outcome)).toMatch(message);
	});

	it('stops when aborted', async () => {
		const controller = new AbortController();
		controller.abort();
		const outcome = await grep({pattern: 'x'}, {cwd, signal: controller.signal});
		expect(outcome.isError).toBe(true);
		expect(text(outcome)).toMatch(/aborted/);
	});
});
