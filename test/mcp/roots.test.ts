import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {makeTempDir} from '../helpers/temp-dir.js';
import {connectStdio, repoRoot, type StdioSession, textOf} from './mcp-client.js';

const temp = makeTempDir('lector-mcp-roots-');
const first = path.join(temp, 'first');
const second = path.join(temp, 'second');
let session: StdioSession;

beforeAll(async () => {
	mkdirSync(first);
	mkdirSync(second);
	writeFileSync(path.join(first, 'a.txt'), 'in the first root\n');
	writeFileSync(path.join(second, 'b.txt'), 'in the second root\n');
	writeFileSync(path.join(second, '.lectorignore'), 'private.txt\n');
	writeFileSync(path.join(second, 'private.txt'), 'kept private\n');
	// No --cwd: the client's roots are the workspace, not the folder the server started in.
	session = await connectStdio([], {
		stateHome: path.join(temp, 'state'),
		cwd: repoRoot,
		roots: [first, second],
	});
}, 30_000);

afterAll(async () => {
	await session?.close();
});

describe("lector mcp takes the client's MCP roots as the workspace", () => {
	it('reads a relative path in the first root', async () => {
		const result = await session.call('read', {path: 'a.txt'});
		expect(textOf(result)).toContain('in the first root');
	});

	it('reads an absolute path in another root, under that root rules', async () => {
		const allowed = await session.call('read', {path: path.join(second, 'b.txt')});
		expect(textOf(allowed)).toContain('in the second root');
		const ignored = await session.call('read', {path: path.join(second, 'private.txt')});
		expect(ignored.isError).toBe(true);
		expect(textOf(ignored)).not.toContain('kept private');
	});

	it('refuses the folder the server was started in, which is no root', async () => {
		const result = await session.call('read', {path: path.join(repoRoot, 'package.json')});
		expect(result.isError).toBe(true);
		expect(textOf(result)).toMatch(/outside the workspace/);
	});
});
