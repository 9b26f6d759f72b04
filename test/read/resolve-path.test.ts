import {execFileSync} from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {resolvePath} from '../../source/read/resolve-path.js';

const narrow = '\u202F';
const curly = '\u2019';

let workspace: string;
let home: string;

beforeEach(async () => {
	const root = await fs.mkdtemp(path.join(os.tmpdir(), 'lector-resolve-'));
	workspace = path.join(root, 'workspace');
	home = path.join(root, 'home');
	await fs.mkdir(workspace);
	await fs.mkdir(home);
});

afterEach(async () => {
	await fs.rm(path.dirname(workspace), {recursive: true, force: true});
});

async function touch(file: string): Promise<string> {
	await fs.mkdir(path.dirname(file), {recursive: true});
	await fs.writeFile(file, 'x');
	return file;
}

/** macOS file systems treat NFC and NFD names as one; there the plain spelling already exists. */
async function normalisationInsensitive(directory: string): Promise<boolean> {
	const probe = path.join(directory, 'probe-\u00E9'.normalize('NFD'));
	await fs.writeFile(probe, '');
	try {
		await fs.lstat(probe.normalize('NFC'));
		return true;
	} catch {
		return false;
	} finally {
		await fs.rm(probe);
	}
}

describe('plain resolution', () => {
	it('keeps an absolute path', async () => {
		const file = await touch(path.join(workspace, 'a.ts'));
		expect(await resolvePath(file, '/somewhere/else', home)).toBe(file);
	});

	it('joins a relative path to cwd and normalises it', async () => {
		expect(await resolvePath('src/../lib/./b.ts', workspace, home)).toBe(path.join(workspace, 'lib', 'b.ts'));
		expect(await resolvePath('./c.ts', workspace, home)).toBe(path.join(workspace, 'c.ts'));
		expect(await resolvePath('/x//y/../z', workspace, home)).toBe(path.resolve('/x/z'));
	});

	it('gives cwd for an empty path', async () => {
		expect(await resolvePath('', workspace, home)).toBe(workspace);
		expect(await resolvePath('@', workspace, home)).toBe(workspace);
	});

	it('returns the plain path when nothing matches', async () => {
		expect(await resolvePath('missing.ts', workspace, home)).toBe(path.join(workspace, 'missing.ts'));
		expect(await resolvePath("it's 10.00 AM.png", workspace, home)).toBe(
			path.join(workspace, "it's 10.00 AM.png"),
		);
	});
});

describe('@ mentions', () => {
	it('strips one leading @', async () => {
		expect(await resolvePath('@src/a.ts', workspace, home)).toBe(path.join(workspace, 'src', 'a.ts'));
		expect(await resolvePath(`@${workspace}/b.ts`, '/elsewhere', home)).toBe(path.join(workspace, 'b.ts'));
	});

	it('strips only one', async () => {
		expect(await resolvePath('@@scope/pkg', workspace, home)).toBe(path.join(workspace, '@scope', 'pkg'));
	});

	it('leaves an @ that is not leading', async () => {
		expect(await resolvePath('node_modules/@types/node', workspace, home)).toBe(
			path.join(workspace, 'node_modules', '@types', 'node'),
		);
	});
});

describe('home expansion', () => {
	it('expands ~ and ~/', async () => {
		expect(await resolvePath('~', workspace, home)).toBe(home);
		expect(await resolvePath('~/notes/todo.md', workspace, home)).toBe(path.join(home, 'notes', 'todo.md'));
	});

	it('expands after stripping @', async () => {
		expect(await resolvePath('@~/todo.md', workspace, home)).toBe(path.join(home, 'todo.md'));
	});

	it('does not expand ~user or a ~ inside the path', async () => {
		expect(await resolvePath('~alice/x', workspace, home)).toBe(path.join(workspace, '~alice', 'x'));
		expect(await resolvePath('a/~/b', workspace, home)).toBe(path.join(workspace, 'a', '~', 'b'));
	});

	it('defaults to the real home directory', async () => {
		expect(await resolvePath('~/x', workspace)).toBe(path.join(os.homedir(), 'x'));
	});
});

describe('misspellings', () => {
	it('finds a macOS screenshot name with U+202F from a plain space', async () => {
		const name = 'Screenshot 2024-01-01 at 10.00.00 AM.png';
		const real = await touch(path.join(workspace, name.replace(' AM', `${narrow}AM`)));
		expect(await resolvePath(name, workspace, home)).toBe(real);
	});

	it('finds a plain-space name from a U+202F request', async () => {
		const real = await touch(path.join(workspace, 'Recording at 9.15.00 PM.mov'));
		expect(await resolvePath(`Recording at 9.15.00${narrow}PM.mov`, workspace, home)).toBe(real);
	});

	it('only swaps the space before AM/PM', async () => {
		// A narrow space elsewhere would be a different name, so the plain path comes back.
		await touch(path.join(workspace, `big${narrow}AMP.txt`));
		expect(await resolvePath('big AMP.txt', workspace, home)).toBe(path.join(workspace, 'big AMP.txt'));
	});

	it('finds an NFD name from an NFC request and the reverse', async () => {
		const insensitive = await normalisationInsensitive(workspace);
		const nfd = await touch(path.join(workspace, 'Café Müller.txt'.normalize('NFD')));
		const nfc = nfd.normalize('NFC');
		expect(await resolvePath(nfc, workspace, home)).toBe(insensitive ? nfc : nfd);

		const nfcFile = await touch(path.join(workspace, 'résumé.md'.normalize('NFC')));
		const asked = 'résumé.md'.normalize('NFD');
		expect(await resolvePath(asked, workspace, home)).toBe(
			insensitive ? path.join(workspace, asked) : nfcFile,
		);
	});

	it('finds a curly apostrophe from a straight one and the reverse', async () => {
		const curlyFile = await touch(path.join(workspace, `Don${curly}t panic.txt`));
		expect(await resolvePath("Don't panic.txt", workspace, home)).toBe(curlyFile);

		const straightFile = await touch(path.join(workspace, "Ada's notes.md"));
		expect(await resolvePath(`Ada${curly}s notes.md`, workspace, home)).toBe(straightFile);
	});

	it('fixes a misspelt folder in the middle of the path', async () => {
		const real = await touch(path.join(workspace, `Kid${curly}s photos`, 'a.jpg'));
		expect(await resolvePath("Kid's photos/a.jpg", workspace, home)).toBe(real);
	});

	it('combines two fixes', async () => {
		const real = await touch(path.join(workspace, `Jane${curly}s Screenshot at 10.00.00${narrow}AM.png`));
		expect(await resolvePath("Jane's Screenshot at 10.00.00 AM.png", workspace, home)).toBe(real);
	});

	it('combines all three fixes', async () => {
		const insensitive = await normalisationInsensitive(workspace);
		const realName = `Zoë${curly}s shot at 1.02.03${narrow}PM.png`.normalize('NFD');
		const real = await touch(path.join(workspace, realName));
		const asked = "Zoë's shot at 1.02.03 PM.png".normalize('NFC');
		const resolved = await resolvePath(asked, workspace, home);
		expect(insensitive ? resolved.normalize('NFD') : resolved).toBe(real);
	});

	it('prefers the spelling as written when it exists', async () => {
		const plain = await touch(path.join(workspace, "it's.txt"));
		await touch(path.join(workspace, `it${curly}s.txt`));
		expect(await resolvePath("it's.txt", workspace, home)).toBe(plain);
	});

	it('respells after ~ expansion and @ stripping', async () => {
		const real = await touch(path.join(home, `Shot 8.00.00${narrow}AM.png`));
		expect(await resolvePath('@~/Shot 8.00.00 AM.png', workspace, home)).toBe(real);
	});
});

describe('odd input', () => {
	it('never throws', async () => {
		for (const input of ['\0', 'a\0b', '~\0', '@', '@@', '~~', '.', '..', '/', 'x'.repeat(10_000)]) {
			await expect(resolvePath(input, workspace, home)).resolves.toEqual(expect.any(String));
		}
	});

	it('returns the plain path when a file stands where a folder should be', async () => {
		await touch(path.join(workspace, 'file.txt'));
		expect(await resolvePath("file.txt/it's", workspace, home)).toBe(
			path.join(workspace, 'file.txt', "it's"),
		);
	});

	it('treats a dangling symlink as existing', async () => {
		const link = path.join(workspace, "link's");
		await fs.symlink(path.join(workspace, 'nowhere'), link);
		await touch(path.join(workspace, `link${curly}s`));
		expect(await resolvePath("link's", workspace, home)).toBe(link);
	});

	it.skipIf(process.platform === 'win32')('never opens a FIFO, which would block', async () => {
		const fifo = path.join(workspace, `pipe at 1.00.00${narrow}PM`);
		execFileSync('mkfifo', [fifo]);
		expect(await resolvePath('pipe at 1.00.00 PM', workspace, home)).toBe(fifo);
		expect(await resolvePath(fifo, workspace, home)).toBe(fifo);
	});
});
