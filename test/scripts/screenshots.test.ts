import {execFile} from 'node:child_process';
import {mkdtemp, readdir, readFile, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {afterAll, describe, expect, it} from 'vitest';

// The generator runs from dist/ (npm test builds first); it writes into a temp folder, and every file
// must equal the committed one byte for byte: a renderer change without `npm run screenshots`, a clock,
// or a machine path leaking into an SVG fails here.
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const committed = path.join(root, 'screenshots');
let outDir = '';

afterAll(async () => {
	if (outDir !== '') await rm(outDir, {recursive: true, force: true});
});

describe('npm run screenshots', () => {
	it('regenerates the committed files byte for byte, with no machine path in them', async () => {
		outDir = await mkdtemp(path.join(os.tmpdir(), 'lector-shots-'));
		await run(process.execPath, ['scripts/screenshots.mjs'], {
			cwd: root,
			env: {...process.env, SCREENSHOTS_DIR: outDir},
		});
		const made = (await readdir(outDir)).sort();
		const kept = (await readdir(committed)).filter((name) => name.endsWith('.svg')).sort();
		expect(made).toEqual(kept);
		// A short user name ("dev") could be an ordinary word in a panel, so only longer ones count.
		const machine = [root, os.tmpdir(), os.homedir(), os.userInfo().username, '/work/'].filter(
			(word) => word.length >= 4,
		);
		for (const name of made) {
			const fresh = await readFile(path.join(outDir, name), 'utf8');
			expect(fresh, name).toBe(await readFile(path.join(committed, name), 'utf8'));
			for (const word of machine) expect(fresh.includes(word), `${name} names ${word}`).toBe(false);
		}
	}, 60_000);
});
