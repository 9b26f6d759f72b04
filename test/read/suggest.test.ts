import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {isOneEditApart, maxEntriesScanned, suggestNearMisses} from '../../source/read/suggest.js';

let directory: string;

beforeEach(async () => {
	directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lector-suggest-'));
});

afterEach(async () => {
	// Restore permissions first so a locked test folder can be removed.
	await fs.chmod(path.join(directory, 'locked'), 0o755).catch(() => undefined);
	await fs.rm(directory, {recursive: true, force: true});
});

async function touchAll(...names: string[]): Promise<void> {
	await Promise.all(names.map(async (name) => fs.writeFile(path.join(directory, name), '')));
}

const inDirectory = (...names: string[]) => names.map((name) => path.join(directory, name));

const isRoot = process.getuid?.() === 0;

describe('isOneEditApart', () => {
	it.each([
		['util.ts', 'utils.ts'],
		['utils.ts', 'util.ts'],
		['util.ts', 'utel.ts'],
		['util.ts', 'uitl.ts'],
		['main.ts', 'mian.ts'],
		['a', ''],
		['ab', 'ba'],
		['x🙂.ts', 'x🙃.ts'],
		['🙂.ts', '.ts'],
	])('%s and %s are one edit apart', (a, b) => {
		expect(isOneEditApart(a, b)).toBe(true);
	});

	it.each([
		['util.ts', 'util.ts'],
		['util.ts', 'ut.ts'],
		['util.ts', 'tuli.ts'],
		['abc', 'cba'],
		['util.ts', 'Utils.ts'],
		['', ''],
	])('%s and %s are not', (a, b) => {
		expect(isOneEditApart(a, b)).toBe(false);
	});
});

describe('suggestNearMisses', () => {
	it('suggests a name one edit away', async () => {
		await touchAll('utils.ts', 'index.ts');
		expect(await suggestNearMisses(path.join(directory, 'util.ts'))).toEqual({
			suggestions: inDirectory('utils.ts'),
			missingDirectory: undefined,
		});
	});

	it('suggests the same name in another letter case', async () => {
		await touchAll('README.md', 'LICENSE');
		const {suggestions} = await suggestNearMisses(path.join(directory, 'Readme.md'));
		expect(suggestions).toEqual(inDirectory('README.md'));
	});

	it('suggests the same stem with another extension', async () => {
		await touchAll('small.js', 'big.ts');
		const {suggestions} = await suggestNearMisses(path.join(directory, 'small.ts'));
		expect(suggestions).toEqual(inDirectory('small.js'));
	});

	it('suggests a file with an extension for a bare name', async () => {
		await touchAll('Makefile.am', 'notes.md');
		const {suggestions} = await suggestNearMisses(path.join(directory, 'notes'));
		expect(suggestions).toEqual(inDirectory('notes.md'));
	});

	it('ranks other extension, then letter case, then one edit', async () => {
		await touchAll('smal.ts', 'Small.ts', 'small.js', 'unrelated.txt');
		const {suggestions} = await suggestNearMisses(path.join(directory, 'small.ts'));
		expect(suggestions).toEqual(inDirectory('small.js', 'Small.ts', 'smal.ts'));
	});

	it('orders names of one kind alphabetically and stops at the limit', async () => {
		await touchAll('small.md', 'small.css', 'small.js', 'small.tsx');
		const missing = path.join(directory, 'small.ts');
		expect((await suggestNearMisses(missing)).suggestions).toEqual(
			inDirectory('small.css', 'small.js', 'small.md'),
		);
		expect((await suggestNearMisses(missing, 1)).suggestions).toEqual(inDirectory('small.css'));
		expect((await suggestNearMisses(missing, 10)).suggestions).toHaveLength(4);
		expect((await suggestNearMisses(missing, 0)).suggestions).toEqual([]);
	});

	it('suggests folders too', async () => {
		await fs.mkdir(path.join(directory, 'source'));
		const {suggestions} = await suggestNearMisses(path.join(directory, 'sourc'));
		expect(suggestions).toEqual(inDirectory('source'));
	});

	it('suggests nothing when no sibling is close', async () => {
		await touchAll('alpha.ts', 'beta.ts');
		expect(await suggestNearMisses(path.join(directory, 'gamma.ts'))).toEqual({
			suggestions: [],
			missingDirectory: undefined,
		});
	});

	it('never suggests the name that was asked for', async () => {
		await touchAll('exists.ts', 'exists.js');
		const {suggestions} = await suggestNearMisses(path.join(directory, 'exists.ts'));
		expect(suggestions).toEqual(inDirectory('exists.js'));
	});

	it('names the first missing folder from the root', async () => {
		const missing = path.join(directory, 'gone', 'deeper', 'file.ts');
		expect(await suggestNearMisses(missing)).toEqual({
			suggestions: [],
			missingDirectory: path.join(directory, 'gone'),
		});
	});

	it('names the parent when only it is missing', async () => {
		await fs.mkdir(path.join(directory, 'here'));
		const {missingDirectory} = await suggestNearMisses(path.join(directory, 'here', 'nope', 'a.ts'));
		expect(missingDirectory).toBe(path.join(directory, 'here', 'nope'));
	});

	it('names a file standing where a folder should be', async () => {
		await touchAll('notes.txt');
		const {missingDirectory} = await suggestNearMisses(path.join(directory, 'notes.txt', 'more', 'a.ts'));
		expect(missingDirectory).toBe(path.join(directory, 'notes.txt'));
	});

	it('reads at most maxEntriesScanned entries of a huge folder', async () => {
		// Every entry is a near miss, so the count of suggestions is the count of entries read.
		const names = Array.from({length: maxEntriesScanned + 200}, (_, index) => `data.e${index}`);
		for (let start = 0; start < names.length; start += 500) {
			await touchAll(...names.slice(start, start + 500));
		}

		const {suggestions} = await suggestNearMisses(
			path.join(directory, 'data.json'),
			Number.POSITIVE_INFINITY,
		);
		expect(suggestions).toHaveLength(maxEntriesScanned);
	});

	it('suggests nothing for the root', async () => {
		expect(await suggestNearMisses(path.parse(directory).root)).toEqual({
			suggestions: [],
			missingDirectory: undefined,
		});
	});

	it.skipIf(isRoot || process.platform === 'win32')('suggests nothing in an unreadable folder', async () => {
		const locked = path.join(directory, 'locked');
		await fs.mkdir(locked);
		await fs.writeFile(path.join(locked, 'utils.ts'), '');
		await fs.chmod(locked, 0o000);
		expect(await suggestNearMisses(path.join(locked, 'util.ts'))).toEqual({
			suggestions: [],
			missingDirectory: undefined,
		});
		expect(await suggestNearMisses(path.join(locked, 'sub', 'util.ts'))).toEqual({
			suggestions: [],
			missingDirectory: undefined,
		});
	});

	it('never rejects on odd input', async () => {
		await expect(suggestNearMisses('')).resolves.toEqual({suggestions: [], missingDirectory: undefined});
		await expect(suggestNearMisses(path.join(directory, 'a\0b'))).resolves.toEqual({
			suggestions: [],
			missingDirectory: undefined,
		});
	});
});
