import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ls, lsEntryCap} from '../../source/tools/ls.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {makeToolWorkspace} from './workspace.js';

const text = (outcome: {content: readonly {type: string; text?: string}[]}) => outcome.content[0]?.text ?? '';

describe('ls', () => {
	const cwd = makeToolWorkspace();

	it('lists one folder sorted, folders marked, ignored entries left out', async () => {
		const outcome = await ls({}, {cwd});
		expect(outcome.isError).toBe(false);
		expect(text(outcome)).toBe(
			[
				'.git/',
				'.lectorignore',
				'image.png',
				'node_modules/',
				'README.md',
				'src/',
				"[Entries left out: 2 denied by the workspace's .lectorignore. Do not try to reach them another way.]",
			].join('\n'),
		);
		expect(outcome.details).toMatchObject({
			tool: 'ls',
			path: '.',
			total: 6,
			truncated: false,
			leftOut: {ignored: 2, outside: 0},
		});
	});

	it('lists a sub-folder', async () => {
		expect(text(await ls({path: 'src'}, {cwd}))).toBe('greet.ts\nindex.ts\nnested/\nUpper.TS');
	});

	it('caps long listings with a notice', async () => {
		const big = makeTempDir();
		mkdirSync(path.join(big, 'd'));
		for (let index = 0; index < lsEntryCap + 5; index++) {
			writeFileSync(path.join(big, 'd', `f${String(index).padStart(4, '0')}`), '');
		}

		const outcome = await ls({path: 'd'}, {cwd: big});
		expect(outcome.details.entries).toHaveLength(lsEntryCap);
		expect(text(outcome)).toMatch(/\[Showing 500 of 505 entries\./);
	});

	it.each([
		[{path: 'nope'}, /Folder does not exist: nope/],
		[{path: 'README.md'}, /README.md is a file, not a folder/],
		[{path: 'secrets'}, /Access denied: secrets matches the pattern "secrets\/"/],
		[{path: 3}, /path must be a string/],
		[{dir: 'src'}, /Unknown argument dir; this tool takes path/],
	])('%j is a clear error', async (args, message) => {
		const outcome = await ls(args, {cwd});
		expect(outcome.isError).toBe(true);
		expect(text(outcome)).toMatch(message);
	});

	it('reports an aborted listing', async () => {
		const controller = new AbortController();
		controller.abort();
		expect(text(await ls({}, {cwd, signal: controller.signal}))).toMatch(/aborted/);
	});
});
