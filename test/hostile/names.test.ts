/*
Issue 13, Access: the engine's own spelling fallbacks must not open a file a rule spells differently,
and listings (a directory read, near-miss suggestions, grep) must not name what `.lectorignore` hides.
Real files with real names: NFD names, U+202F before PM, curly apostrophes.
*/
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type ReadResult, read} from '../../source/read/index.js';
import {grep} from '../../source/tools/grep.js';
import {makeTempDir} from '../helpers/temp-dir.js';

function text(result: {content: readonly {type: string; text?: string}[]}): string {
	return result.content.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('\n');
}

function workspaceWith(rules: string, files: Record<string, string>): string {
	const root = makeTempDir('lector-names-');
	writeFileSync(path.join(root, '.lectorignore'), rules);
	for (const [name, content] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(root, name)), {recursive: true});
		writeFileSync(path.join(root, name), content);
	}

	return root;
}

const nfc = 'r\u00E9serve.txt';
const nfd = nfc.normalize('NFD');

function expectDenied(result: ReadResult): void {
	expect(result.isError).toBe(true);
	expect(result.details.errorCode).toBe('ignored');
	expect(text(result)).not.toContain('SECRET');
}

describe('rules match every spelling of the name opened', () => {
	it('a rule in NFC stops the NFD file on disk, asked for in either form', async () => {
		const cwd = workspaceWith(`${nfc}\n`, {[nfd]: 'SECRET nfd\n'});
		expectDenied(await read({path: nfc}, {cwd}));
		expectDenied(await read({path: nfd}, {cwd}));
	});

	it('a rule in NFD stops the NFC file', async () => {
		const cwd = workspaceWith(`${nfd}\n`, {[nfc]: 'SECRET nfc\n'});
		expectDenied(await read({path: nfc}, {cwd}));
	});

	it('a rule with a plain space stops the U+202F name macOS writes, reached by the fallback', async () => {
		const onDisk = 'Screenshot 2024-05-01 at 10.04.11\u202FPM.txt';
		const cwd = workspaceWith('Screenshot 2024-05-01 at 10.04.11 PM.txt\n', {[onDisk]: 'SECRET shot\n'});
		expectDenied(await read({path: 'Screenshot 2024-05-01 at 10.04.11 PM.txt'}, {cwd}));
		expectDenied(await read({path: onDisk}, {cwd}));
	});

	it('a rule with U+00A0 or U+202F stops the name with a plain space', async () => {
		const cwd = workspaceWith('a\u00A0b.txt\nc\u202Fd.txt\n', {
			'a b.txt': 'SECRET a\n',
			'c d.txt': 'SECRET c\n',
		});
		expectDenied(await read({path: 'a b.txt'}, {cwd}));
		expectDenied(await read({path: 'c d.txt'}, {cwd}));
	});

	it('a rule with a straight apostrophe stops the curly one, and the other way round', async () => {
		const cwd = workspaceWith("john's notes.txt\nmary\u2019s.txt\n", {
			'john\u2019s notes.txt': 'SECRET john\n',
			"mary's.txt": 'SECRET mary\n',
		});
		expectDenied(await read({path: "john's notes.txt"}, {cwd}));
		expectDenied(await read({path: "mary's.txt"}, {cwd}));
	});

	it('a folder rule in NFC stops the files of the NFD folder', async () => {
		const cwd = workspaceWith('caf\u00E9/\n', {[`${'caf\u00E9'.normalize('NFD')}/key.txt`]: 'SECRET key\n'});
		expectDenied(await read({path: 'caf\u00E9/key.txt'}, {cwd}));
	});

	it('grep does not print the NFD file an NFC rule names', async () => {
		const cwd = workspaceWith(`${nfc}\n`, {[nfd]: 'SECRET nfd\n', 'open.txt': 'SECRET open\n'});
		const result = await grep({pattern: 'SECRET'}, {cwd});
		expect(text(result)).toContain('open.txt');
		expect(text(result)).not.toContain('SECRET nfd');
	});

	it('names the rules do not match still read, whatever their spelling', async () => {
		const cwd = workspaceWith(`${nfc}\n`, {[`${'caf\u00E9'.normalize('NFD')}.txt`]: 'fine\n'});
		const result = await read({path: 'caf\u00E9.txt'}, {cwd});
		expect(result.isError).toBe(false);
		expect(text(result)).toContain('fine');
	});
});

describe('listings leave out what .lectorignore hides, as ls does', () => {
	it('a directory read never names ignored entries nor counts them as more entries', async () => {
		const cwd = workspaceWith('secret-*.txt\nprivate/\n', {
			'box/secret-plan.txt': 'x',
			'box/secret-keys.txt': 'x',
			'box/private/a.txt': 'x',
			'box/visible.txt': 'x',
		});
		const result = await read({path: 'box'}, {cwd});
		expect(result.details.errorCode).toBe('is-directory');
		expect(text(result)).toContain('visible.txt');
		expect(text(result)).not.toContain('secret-');
		expect(text(result)).not.toContain('private');
		expect(text(result)).not.toMatch(/more\)/);
	});

	it('a directory holding only ignored entries names none of them, and says some were left out', async () => {
		const cwd = workspaceWith('*.env\n', {'conf/prod.env': 'x', 'conf/dev.env': 'x'});
		const message = text(await read({path: 'conf'}, {cwd}));
		expect(message).not.toMatch(/prod|dev/);
		expect(message).toBe(
			"conf is a directory, not a file. [Entries left out: 2 denied by the workspace's .lectorignore. Do not try to reach them another way.]",
		);
	});

	it('a near-miss suggestion never names an ignored file', async () => {
		const cwd = workspaceWith('secrets.yaml\n', {'secrets.yaml': 'x', 'secrets.toml': 'x'});
		const result = await read({path: 'secrets.json'}, {cwd});
		expect(result.details.errorCode).toBe('not-found');
		expect(text(result)).not.toContain('secrets.yaml');
		expect(text(result)).toContain('Did you mean secrets.toml?');
	});

	it('a near miss that is only ignored files gives no suggestion at all', async () => {
		const cwd = workspaceWith('.env.*\n', {'.env.prod': 'x', '.env.local': 'x'});
		const result = await read({path: '.env'}, {cwd});
		expect(result.details.errorCode).toBe('not-found');
		expect(text(result)).not.toContain('Did you mean');
	});
});
