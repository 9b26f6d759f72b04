import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {checkAccess, ruleFileName} from '../../source/read/access.js';

let root: string;
let workspace: string;
let outside: string;

beforeEach(async () => {
	root = await fs.mkdtemp(path.join(os.tmpdir(), 'lector-access-'));
	workspace = path.join(root, 'workspace');
	outside = path.join(root, 'outside');
	await fs.mkdir(workspace);
	await fs.mkdir(outside);
});

afterEach(async () => {
	vi.restoreAllMocks();
	await fs.rm(root, {recursive: true, force: true});
});

async function touch(file: string): Promise<string> {
	await fs.mkdir(path.dirname(file), {recursive: true});
	await fs.writeFile(file, 'x');
	return file;
}

async function writeRules(...lines: string[]): Promise<string> {
	const ruleFile = path.join(workspace, ruleFileName);
	await fs.writeFile(ruleFile, `${lines.join('\n')}\n`);
	return ruleFile;
}

const inWorkspace = (...parts: string[]) => path.join(workspace, ...parts);
const unconfined = () => ({cwd: workspace, confine: false});
const confined = () => ({cwd: workspace, confine: true});

describe('.lectorignore', () => {
	it('allows everything without a rule file', async () => {
		const file = await touch(inWorkspace('.env'));
		expect(await checkAccess(file, unconfined())).toBeUndefined();
		expect(await checkAccess(file, confined())).toBeUndefined();
	});

	it('denies a matching file with a message a model can act on', async () => {
		const ruleFile = await writeRules('# secrets', '*.env');
		const file = await touch(inWorkspace('config', 'prod.env'));
		const denial = await checkAccess(file, unconfined());
		expect(denial?.code).toBe('ignored');
		expect(denial?.message).toContain(ruleFile);
		expect(denial?.message).toContain('"*.env"');
		expect(denial?.message).toContain(path.join('config', 'prod.env'));
		expect(denial?.message).toMatch(/user has denied access/i);
		expect(denial?.message).toMatch(/do not try to read them another way/i);
	});

	it('denies a matching path that does not exist yet', async () => {
		await writeRules('*.env');
		expect((await checkAccess(inWorkspace('missing.env'), unconfined()))?.code).toBe('ignored');
	});

	it('honours negation', async () => {
		await writeRules('*.env', '!example.env', 'secrets/*', '!secrets/public.txt');
		expect(await checkAccess(await touch(inWorkspace('example.env')), unconfined())).toBeUndefined();
		expect(
			await checkAccess(await touch(inWorkspace('secrets', 'public.txt')), unconfined()),
		).toBeUndefined();
		expect(
			(await checkAccess(await touch(inWorkspace('secrets', 'key.pem')), unconfined()))?.message,
		).toContain('"secrets/*"');
	});

	it('cannot re-include a file whose folder is excluded, like git', async () => {
		await writeRules('private/', '!private/ok.txt');
		const denial = await checkAccess(await touch(inWorkspace('private', 'ok.txt')), unconfined());
		expect(denial?.message).toContain('"private/"');
	});

	it('applies a folder pattern to the folder and everything in it, but not to a file of that name', async () => {
		await writeRules('private/');
		await touch(inWorkspace('private', 'deep', 'a.txt'));
		expect((await checkAccess(inWorkspace('private'), unconfined()))?.code).toBe('ignored');
		expect((await checkAccess(inWorkspace('private', 'deep', 'a.txt'), unconfined()))?.code).toBe('ignored');
		expect(await checkAccess(await touch(inWorkspace('docs', 'private')), unconfined())).toBeUndefined();
	});

	it('anchors patterns with a leading slash to the workspace root', async () => {
		await writeRules('/build');
		expect((await checkAccess(await touch(inWorkspace('build', 'out.js')), unconfined()))?.code).toBe(
			'ignored',
		);
		expect(
			await checkAccess(await touch(inWorkspace('app', 'build', 'out.js')), unconfined()),
		).toBeUndefined();
	});

	it('matches regardless of letter case, so a case-insensitive file system cannot slip past a rule', async () => {
		await writeRules('secret.txt');
		expect((await checkAccess(await touch(inWorkspace('SECRET.txt')), unconfined()))?.code).toBe('ignored');
	});

	it('never applies to the workspace root or paths outside it', async () => {
		await writeRules('*', '*.env');
		expect(await checkAccess(workspace, unconfined())).toBeUndefined();
		expect(await checkAccess(await touch(path.join(outside, 'a.env')), unconfined())).toBeUndefined();
	});

	it('applies to a folder whose name starts with two dots', async () => {
		await writeRules('*.env');
		expect((await checkAccess(await touch(inWorkspace('..hidden', 'a.env')), unconfined()))?.code).toBe(
			'ignored',
		);
	});

	it('denies an ignored file reached through a symlink', async () => {
		await writeRules('*.env', 'private/');
		await touch(inWorkspace('a.env'));
		await touch(inWorkspace('private', 'key.txt'));
		await fs.symlink(inWorkspace('a.env'), inWorkspace('innocent.txt'));
		await fs.symlink(inWorkspace('private'), inWorkspace('public'));

		const viaFile = await checkAccess(inWorkspace('innocent.txt'), unconfined());
		expect(viaFile?.code).toBe('ignored');
		expect(viaFile?.message).toContain('"*.env"');
		expect((await checkAccess(inWorkspace('public', 'key.txt'), unconfined()))?.code).toBe('ignored');
		expect((await checkAccess(inWorkspace('public'), unconfined()))?.code).toBe('ignored');
	});

	it('applies when the workspace is reached through a symlink', async () => {
		await writeRules('*.env');
		await touch(inWorkspace('a.env'));
		const alias = path.join(root, 'alias');
		await fs.symlink(workspace, alias);
		const denial = await checkAccess(path.join(alias, 'a.env'), {cwd: alias, confine: true});
		expect(denial?.code).toBe('ignored');
		expect(denial?.message).toContain(path.join(alias, ruleFileName));
	});

	it('picks up edits and removal of the rule file', async () => {
		const file = await touch(inWorkspace('notes.md'));
		await writeRules('*.env');
		expect(await checkAccess(file, unconfined())).toBeUndefined();

		await writeRules('*.env', '*.md');
		expect((await checkAccess(file, unconfined()))?.code).toBe('ignored');

		await fs.rm(inWorkspace(ruleFileName));
		expect(await checkAccess(file, unconfined())).toBeUndefined();
	});

	it('parses the rule file once while it is unchanged', async () => {
		await writeRules('*.env');
		const file = await touch(inWorkspace('a.env'));
		const readFile = vi.spyOn(fs, 'readFile');
		for (let index = 0; index < 50; index++) {
			expect((await checkAccess(file, unconfined()))?.code).toBe('ignored');
		}

		const ruleReads = readFile.mock.calls.filter(([target]) => target === inWorkspace(ruleFileName));
		expect(ruleReads).toHaveLength(1);
	});

	it('treats a rule file that is not a regular file as absent', async () => {
		await fs.mkdir(inWorkspace(ruleFileName));
		expect(await checkAccess(await touch(inWorkspace('a.env')), unconfined())).toBeUndefined();
	});

	it('keeps rules of different workspaces apart', async () => {
		await writeRules('*.env');
		await fs.writeFile(path.join(outside, ruleFileName), '*.md\n');
		const env = await touch(path.join(outside, 'a.env'));
		const markdown = await touch(path.join(outside, 'a.md'));
		expect(await checkAccess(env, {cwd: outside, confine: false})).toBeUndefined();
		expect((await checkAccess(markdown, {cwd: outside, confine: false}))?.code).toBe('ignored');
		expect((await checkAccess(await touch(inWorkspace('b.env')), unconfined()))?.code).toBe('ignored');
	});
});

describe('confine', () => {
	it('allows files inside the workspace, existing or not', async () => {
		expect(await checkAccess(await touch(inWorkspace('src', 'a.ts')), confined())).toBeUndefined();
		expect(await checkAccess(inWorkspace('src', 'missing', 'b.ts'), confined())).toBeUndefined();
		expect(await checkAccess(workspace, confined())).toBeUndefined();
	});

	it('refuses a path outside the workspace', async () => {
		const file = await touch(path.join(outside, 'a.txt'));
		const denial = await checkAccess(file, confined());
		expect(denial?.code).toBe('outside-workspace');
		expect(denial?.message).toContain(file);
		expect(denial?.message).toContain(`outside the workspace ${workspace}`);
		expect(denial?.message).toMatch(/confined/);
	});

	it('refuses a missing path outside the workspace', async () => {
		expect((await checkAccess(path.join(outside, 'gone', 'a.txt'), confined()))?.code).toBe(
			'outside-workspace',
		);
	});

	it('refuses a sibling folder that shares the workspace name as a prefix', async () => {
		const sibling = await touch(`${workspace}-backup/a.txt`);
		expect((await checkAccess(sibling, confined()))?.code).toBe('outside-workspace');
	});

	it('allows outside paths when not confined', async () => {
		expect(await checkAccess(await touch(path.join(outside, 'a.txt')), unconfined())).toBeUndefined();
	});

	it('refuses a symlink inside the workspace that points outside', async () => {
		const target = await touch(path.join(outside, 'secret.txt'));
		await fs.symlink(target, inWorkspace('link.txt'));
		const denial = await checkAccess(inWorkspace('link.txt'), confined());
		expect(denial?.code).toBe('outside-workspace');
		expect(denial?.message).toMatch(/symbolic link/);
		expect(await checkAccess(inWorkspace('link.txt'), unconfined())).toBeUndefined();
	});

	it('refuses paths through a symlinked folder that points outside, even missing ones', async () => {
		await touch(path.join(outside, 'a.txt'));
		await fs.symlink(outside, inWorkspace('escape'));
		expect((await checkAccess(inWorkspace('escape', 'a.txt'), confined()))?.code).toBe('outside-workspace');
		expect((await checkAccess(inWorkspace('escape', 'nope', 'b.txt'), confined()))?.code).toBe(
			'outside-workspace',
		);
	});

	it('refuses a dangling symlink that points outside', async () => {
		await fs.symlink(path.join(outside, 'not-yet'), inWorkspace('dangling'));
		await fs.symlink('../../outside/also-not-yet', inWorkspace('relative-dangling'));
		expect((await checkAccess(inWorkspace('dangling'), confined()))?.code).toBe('outside-workspace');
		expect((await checkAccess(inWorkspace('dangling', 'child.txt'), confined()))?.code).toBe(
			'outside-workspace',
		);
		expect((await checkAccess(inWorkspace('relative-dangling'), confined()))?.code).toBe('outside-workspace');
	});

	it('allows a symlink outside the workspace that points inside', async () => {
		const file = await touch(inWorkspace('a.txt'));
		await fs.symlink(file, path.join(outside, 'link.txt'));
		expect(await checkAccess(path.join(outside, 'link.txt'), confined())).toBeUndefined();
	});

	it('allows a workspace reached through a symlink', async () => {
		await touch(inWorkspace('a.txt'));
		const alias = path.join(root, 'alias');
		await fs.symlink(workspace, alias);
		expect(await checkAccess(path.join(alias, 'a.txt'), {cwd: alias, confine: true})).toBeUndefined();
		expect(await checkAccess(inWorkspace('a.txt'), {cwd: alias, confine: true})).toBeUndefined();
		expect((await checkAccess(path.join(outside, 'b.txt'), {cwd: alias, confine: true}))?.code).toBe(
			'outside-workspace',
		);
	});

	it('settles a symlink loop without hanging or rejecting', async () => {
		await fs.symlink(inWorkspace('loop-b'), inWorkspace('loop-a'));
		await fs.symlink(inWorkspace('loop-a'), inWorkspace('loop-b'));
		expect(await checkAccess(inWorkspace('loop-a'), confined())).toBeUndefined();
		expect(await checkAccess(inWorkspace('loop-a', 'x'), confined())).toBeUndefined();
	});

	it('checks confinement before the rules', async () => {
		await writeRules('*.txt');
		const file = await touch(path.join(outside, 'a.txt'));
		expect((await checkAccess(file, confined()))?.code).toBe('outside-workspace');
	});
});
