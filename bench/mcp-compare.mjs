/*
`npm run bench:mcp-compare`: what a model gets from lector's `read` and from the reference filesystem
server's `read_text_file` (@modelcontextprotocol/server-filesystem) on the same files, both over stdio
through the SDK's client: a 200 MB log, a minified one-line file, a binary, a FIFO, a PDF. Prints one
row per file and server: error or not, characters sent to the model, time, and how the answer begins.
docs/mcp.md quotes its output. Each call has a 20 s limit (a server that opens the FIFO waits for a
writer that never comes).
*/
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'lector-mcp-compare-'));
const limitMs = 20_000;

function makeFiles() {
	const log = fs.openSync(path.join(workspace, 'app.log'), 'w');
	const line = (index) =>
		`2026-12-01T10:${String(index % 60).padStart(2, '0')}:00Z INFO request ${index} served in ${index % 997} ms\n`;
	let chunk = '';
	let written = 0;
	for (let index = 0; written < 200 * 1024 * 1024; index++) {
		chunk += line(index);
		if (chunk.length > 1024 * 1024) {
			fs.writeSync(log, chunk);
			written += chunk.length;
			chunk = '';
		}
	}

	fs.closeSync(log);
	const minified = Array.from(
		{length: 40_000},
		(_, index) => `function f${index}(a){return a*${index}}`,
	).join(';');
	fs.writeFileSync(path.join(workspace, 'bundle.min.js'), minified);
	fs.copyFileSync(process.execPath, path.join(workspace, 'tool.bin'));
	execFileSync('mkfifo', [path.join(workspace, 'pipe')]);
	fs.copyFileSync(
		path.join(projectRoot, 'fixtures/documents/three-pages.pdf'),
		path.join(workspace, 'report.pdf'),
	);
}

async function connect(command, args) {
	const transport = new StdioClientTransport({
		command,
		args,
		env: {PATH: process.env.PATH ?? '', HOME: workspace, XDG_STATE_HOME: path.join(workspace, '.state')},
		stderr: 'ignore',
	});
	const client = new Client({name: 'lector-compare', version: '1'});
	await client.connect(transport);
	return client;
}

async function timedCall(client, name, args) {
	const started = performance.now();
	try {
		const result = await client.callTool({name, arguments: args}, undefined, {timeout: limitMs});
		const text = result.content
			.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`))
			.join('\n');
		return {ms: performance.now() - started, isError: result.isError === true, text};
	} catch (error) {
		return {ms: performance.now() - started, isError: true, text: `(no answer: ${error.message})`};
	}
}

function preview(text) {
	return JSON.stringify(text.slice(0, 90)).slice(1, -1).replaceAll('|', '\\|');
}

try {
	makeFiles();
	const files = ['app.log', 'bundle.min.js', 'tool.bin', 'pipe', 'report.pdf'];
	const lector = await connect(process.execPath, [
		path.join(projectRoot, 'dist/cli.js'),
		'mcp',
		'--cwd',
		workspace,
		'--no-log',
	]);
	console.log('| file | server | error | characters | time | begins with |');
	console.log('|---|---|---|---|---|---|');
	for (const file of files) {
		// A fresh reference server per file: one stuck on the FIFO must not hold up the next rows.
		const reference = await connect(process.execPath, [
			path.join(projectRoot, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'),
			workspace,
		]);
		const rows = [
			['lector `read`', await timedCall(lector, 'read', {path: file})],
			[
				'server-filesystem `read_text_file`',
				await timedCall(reference, 'read_text_file', {path: path.join(workspace, file)}),
			],
		];
		for (const [server, row] of rows) {
			console.log(
				`| ${file} | ${server} | ${row.isError ? 'yes' : 'no'} | ${row.text.length.toLocaleString('en-US')} | ${(row.ms / 1000).toFixed(2)} s | ${preview(row.text)} |`,
			);
		}

		await reference.close().catch(() => undefined);
	}

	await lector.close();
} finally {
	fs.rmSync(workspace, {recursive: true, force: true});
}
