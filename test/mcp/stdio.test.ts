import {execFileSync, spawn} from 'node:child_process';
import {copyFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {detailsMetaKey, serverLimits} from '../../source/mcp/server.js';
import {read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {cliPath, connectStdio, repoRoot, type StdioSession, textOf} from './mcp-client.js';

const temp = makeTempDir('lector-mcp-');
const workspace = path.join(temp, 'workspace');
const outside = path.join(temp, 'outside');
const stateHome = path.join(temp, 'state');
let session: StdioSession;

/** The engine's details a result carries in `_meta`. */
function details(result: {_meta?: Record<string, unknown>}): unknown {
	return result._meta?.[detailsMetaKey];
}

function numbered(count: number): string {
	return Array.from({length: count}, (_, index) => `line ${index + 1}`).join('\n');
}

beforeAll(async () => {
	mkdirSync(path.join(workspace, 'src'), {recursive: true});
	mkdirSync(outside, {recursive: true});
	writeFileSync(path.join(workspace, 'src', 'small.ts'), 'export const answer = 42;\n');
	writeFileSync(path.join(workspace, 'long.txt'), `${numbered(5000)}\n`);
	const functions = Array.from(
		{length: 3000},
		(_, index) =>
			`export function handler${index}(request: Request): Response {\n\treturn respond(request, ${index});\n}\n`,
	);
	writeFileSync(path.join(workspace, 'big.ts'), functions.join('\n'));
	writeFileSync(path.join(workspace, '.env'), 'SECRET=hunter2\n');
	writeFileSync(path.join(workspace, '.lectorignore'), '.env\n');
	writeFileSync(path.join(outside, 'secret.txt'), 'outside secret\n');
	symlinkSync(path.join(outside, 'secret.txt'), path.join(workspace, 'link-out.txt'));
	copyFileSync(path.join(repoRoot, 'fixtures/images/tiny.png'), path.join(workspace, 'tiny.png'));
	copyFileSync(path.join(repoRoot, 'fixtures/documents/three-pages.pdf'), path.join(workspace, 'three.pdf'));
	execFileSync('mkfifo', [path.join(workspace, 'pipe')]);
	session = await connectStdio(['--cwd', workspace], {stateHome});
}, 30_000);

afterAll(async () => {
	await session?.close();
});

describe('lector mcp over stdio, driven by the SDK client', () => {
	it('lists the four tools, read-only, with every read parameter declared', async () => {
		const {tools} = await session.client.listTools();
		expect(tools.map((tool) => tool.name)).toEqual(['read', 'ls', 'find', 'grep']);
		for (const tool of tools) {
			expect(tool.annotations?.readOnlyHint).toBe(true);
			expect(tool.annotations?.destructiveHint).toBe(false);
		}

		const readTool = tools.find((tool) => tool.name === 'read');
		expect(Object.keys(readTool?.inputSchema.properties ?? {})).toEqual([
			'path',
			'offset',
			'limit',
			'tail',
			'pages',
			'cells',
			'outline',
		]);
		expect(readTool?.inputSchema.required).toEqual(['path']);
		// The caps are stated, and dedup is off by default, so the description does not promise it.
		expect(readTool?.description).toContain('2,000 lines and 36 KB');
		expect(readTool?.description).not.toContain('re-read');
	});

	it("sends the engine's text exactly, with its details in _meta (no structuredContent)", async () => {
		const result = await session.call('read', {path: 'long.txt', offset: 10, limit: 5});
		const direct = await read(
			{path: 'long.txt', offset: 10, limit: 5},
			{cwd: workspace, confine: true, limits: serverLimits},
		);
		expect(result.structuredContent).toBeUndefined();
		expect(result.isError).toBe(false);
		expect(result.content).toEqual(direct.content);
		expect(textOf(result)).toContain('    10\tline 10');
		expect(details(result)).toMatchObject({
			tool: 'read',
			kind: 'text',
			firstLine: 10,
			linesShown: 5,
		});
	});

	it('cuts a long file at the caps with the notice saying how to continue, under 50,000 characters', async () => {
		const result = await session.call('read', {path: 'big.ts'});
		const direct = await read({path: 'big.ts'}, {cwd: workspace, confine: true, limits: serverLimits});
		expect(result.content).toEqual(direct.content);
		// A cut code file: numbered lines to the byte cap, its outline, the notice; all within Claude Code's inline limit.
		expect(textOf(result)).toMatch(/Continue with offset=\d+/);
		expect(textOf(result).length).toBeLessThan(50_000);
		expect(details(result)).toMatchObject({truncation: 'bytes'});
		expect((details(result) as {outline?: unknown[]}).outline?.length).toBeGreaterThan(10);
	});

	it('sends an image as MCP image content with the text block beside it', async () => {
		const result = await session.call('read', {path: 'tiny.png'});
		expect(result.isError).toBe(false);
		const image = result.content.find((block) => block.type === 'image');
		expect(image).toMatchObject({type: 'image', mimeType: 'image/png'});
		expect(image?.type === 'image' && Buffer.from(image.data, 'base64').subarray(1, 4).toString()).toBe(
			'PNG',
		);
		expect(result.content.some((block) => block.type === 'text')).toBe(true);
	});

	it('reads one PDF page', async () => {
		const result = await session.call('read', {path: 'three.pdf', pages: '2'});
		const direct = await read(
			{path: 'three.pdf', pages: '2'},
			{cwd: workspace, confine: true, limits: serverLimits},
		);
		expect(result.isError).toBe(false);
		expect(textOf(result)).toBe(
			direct.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n'),
		);
		expect(details(result)).toMatchObject({document: 'pdf', pages: {shown: [2], total: 3}});
	}, 20_000);

	it('refuses what the workspace keeps private or outside, with isError and the reason', async () => {
		const ignored = await session.call('read', {path: '.env'});
		expect(ignored.isError).toBe(true);
		expect(textOf(ignored)).not.toContain('hunter2');
		expect(textOf(ignored)).toMatch(/lectorignore/);

		const link = await session.call('read', {path: 'link-out.txt'});
		expect(link.isError).toBe(true);
		expect(textOf(link)).not.toContain('outside secret');
		expect(textOf(link)).toMatch(/outside the workspace/);

		const absolute = await session.call('read', {path: '/etc/hostname'});
		expect(absolute.isError).toBe(true);
		expect(textOf(absolute)).toMatch(/outside the workspace/);
	});

	it('answers a FIFO at once instead of waiting for a writer', async () => {
		const started = performance.now();
		const result = await session.call('read', {path: 'pipe'});
		expect(result.isError).toBe(true);
		expect(textOf(result)).toMatch(/FIFO|pipe/i);
		// Not a timing assertion of speed: a read that opened the FIFO would never return at all.
		expect(performance.now() - started).toBeLessThan(10_000);
	});

	it('answers bad arguments with isError in the engine words, and an unknown tool with a JSON-RPC error', async () => {
		const notString = await session.call('read', {path: 42});
		expect(notString.isError).toBe(true);
		expect(textOf(notString)).toBe('Invalid read parameters: path must be a string, got 42.');

		const huge = await session.call('read', {path: 'long.txt', offset: 1e300});
		expect(huge.isError).toBe(true);
		expect(textOf(huge)).toMatch(/offset must be a whole number/);

		await expect(session.call('write', {path: 'x'})).rejects.toThrow(/Unknown tool "write"/);
	});

	it('runs ls, find and grep in the workspace', async () => {
		const listing = await session.call('ls', {});
		expect(textOf(listing)).toContain('src/');
		expect(textOf(listing)).not.toContain('.env');
		const found = await session.call('find', {pattern: '*.ts'});
		expect(textOf(found)).toContain('src/small.ts');
		const matches = await session.call('grep', {pattern: 'answer'});
		expect(textOf(matches)).toContain('src/small.ts:1:');
		// A symlink out of the workspace is left out of a search, never followed.
		const outsideText = await session.call('grep', {pattern: 'outside secret'});
		expect(textOf(outsideText)).not.toContain('outside secret\n');
		expect(textOf(outsideText)).toMatch(/symbolic link/);
	});

	it('answers concurrent calls, each with its own result', async () => {
		const offsets = Array.from({length: 12}, (_, index) => index * 300 + 1);
		const results = await Promise.all(
			offsets.map((offset) => session.call('read', {path: 'long.txt', offset, limit: 1})),
		);
		results.forEach((result, index) => {
			expect(textOf(result)).toContain(`\tline ${offsets[index]}\n`);
		});
	});

	it('writes every call to a lector session log in the workspace sessions folder', () => {
		const sessionsRoot = path.join(stateHome, 'lector', 'sessions');
		const [folder] = readdirSync(sessionsRoot);
		const [log] = readdirSync(path.join(sessionsRoot, folder ?? ''));
		expect(log).toMatch(/_mcp-[0-9a-f]{8}\.jsonl$/);
		const lines = readFileSync(path.join(sessionsRoot, folder ?? '', log ?? ''), 'utf8')
			.trim()
			.split('\n');
		const header = JSON.parse(lines[0] ?? '{}');
		expect(header).toMatchObject({
			type: 'lector-session',
			cwd: workspace,
			provider: 'mcp',
			model: 'lector-test 1.0.0',
		});
		const events = lines.slice(1).map((line) => JSON.parse(line).event);
		const starts = events.filter((event) => event.type === 'tool-start');
		const ends = events.filter((event) => event.type === 'tool-end');
		expect(starts.length).toBeGreaterThan(10);
		expect(ends.length).toBe(starts.length);
		expect(starts[0]).toMatchObject({name: 'read', args: {path: 'long.txt', offset: 10, limit: 5}});
	});
});

describe('lector mcp lifetime', () => {
	it('answers what was sent, then exits 0 when stdin closes', async () => {
		const child = spawn(process.execPath, [cliPath, 'mcp', '--cwd', workspace, '--no-log'], {
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		let output = '';
		child.stdout.on('data', (chunk: Buffer) => {
			output += chunk.toString('utf8');
		});
		const messages = [
			{
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'pipe', version: '0'}},
			},
			{jsonrpc: '2.0', method: 'notifications/initialized'},
			{jsonrpc: '2.0', id: 2, method: 'tools/call', params: {name: 'read', arguments: {path: 'three.pdf'}}},
		];
		child.stdin.end(`${messages.map((message) => JSON.stringify(message)).join('\n')}\n`);
		const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
		expect(code).toBe(0);
		const answers = output
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line));
		expect(answers.map((answer) => answer.id)).toEqual([1, 2]);
		expect(answers[1].result._meta['dev.lector/details'].document).toBe('pdf');
	}, 20_000);

	it('exits cleanly when the client goes away mid-call (stdout closed)', async () => {
		const child = spawn(process.execPath, [cliPath, 'mcp', '--cwd', workspace, '--no-log'], {
			stdio: ['pipe', 'pipe', 'pipe'],
		});
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString('utf8');
		});
		child.stdin.write(
			`${JSON.stringify({jsonrpc: '2.0', id: 1, method: 'initialize', params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'gone', version: '0'}}})}\n`,
		);
		await new Promise((resolve) => child.stdout.once('data', resolve));
		child.stdin.write(
			`${JSON.stringify({jsonrpc: '2.0', id: 2, method: 'tools/call', params: {name: 'read', arguments: {path: 'long.txt'}}})}\n`,
		);
		child.stdout.destroy();
		child.stdin.end();
		const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
		expect(code).toBe(0);
		expect(stderr).not.toMatch(/Error|EPIPE/);
	}, 20_000);

	it('refuses bad flags with exit 2 and a message naming them', () => {
		const run = (args: string[]) => {
			try {
				execFileSync(process.execPath, [cliPath, 'mcp', ...args], {stdio: 'pipe', encoding: 'utf8'});
				return {code: 0, stderr: ''};
			} catch (error) {
				const failure = error as {status: number; stderr: string};
				return {code: failure.status, stderr: failure.stderr};
			}
		};

		expect(run(['--max-lines', 'lots'])).toEqual({
			code: 2,
			stderr: 'lector: --max-lines needs a whole number of at least 1 in digits, got "lots".\n',
		});
		expect(run(['--http', 'localhost:99999']).stderr).toMatch(/port from 0 to 65535/);
		expect(run(['--bogus']).stderr).toMatch(/Unknown option '--bogus'.*lector mcp --help/);
		const help = execFileSync(process.execPath, [cliPath, 'mcp', '--help'], {encoding: 'utf8'});
		expect(help).toMatch(/^\n {2}Usage\n {4}\$ lector mcp/);
	});
});
