import {writeFileSync} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StreamableHTTPClientTransport} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {type HttpServer, serveHttp} from '../../source/mcp/http.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {textOf} from './mcp-client.js';

const workspace = makeTempDir('lector-mcp-http-');
let server: HttpServer;

async function connect(): Promise<Client> {
	const client = new Client({name: 'http-test', version: '1'});
	await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
	return client;
}

beforeAll(async () => {
	writeFileSync(path.join(workspace, 'notes.md'), '# Notes\n\nSome text.\n');
	server = await serveHttp({cwd: workspace, host: '127.0.0.1', port: 0, log: false, warn: () => undefined});
});

afterAll(async () => {
	await server?.close();
});

describe('lector mcp over Streamable HTTP', () => {
	it('listens on loopback and serves tools/list and tools/call', async () => {
		expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
		const client = await connect();
		const {tools} = await client.listTools();
		expect(tools.map((tool) => tool.name)).toEqual(['read', 'ls', 'find', 'grep']);
		const result = (await client.callTool({name: 'read', arguments: {path: 'notes.md'}})) as CallToolResult;
		expect(textOf(result)).toContain('     1\t# Notes');
		await client.close();
	});

	it('keeps two clients in separate sessions', async () => {
		const [one, two] = await Promise.all([connect(), connect()]);
		const results = (await Promise.all([
			one.callTool({name: 'read', arguments: {path: 'notes.md', offset: 3}}),
			two.callTool({name: 'read', arguments: {path: 'notes.md', limit: 1}}),
		])) as CallToolResult[];
		expect(textOf(results[0] as CallToolResult)).toContain('     3\tSome text.');
		expect(textOf(results[1] as CallToolResult)).not.toContain('Some text.');
		await Promise.all([one.close(), two.close()]);
	});

	it('refuses a request whose Host is not loopback (DNS rebinding)', async () => {
		// fetch may not set Host; node:http sends it as a rebinding page's browser would.
		const status = await new Promise<number | undefined>((resolve, reject) => {
			const request = http.request(server.url, {
				method: 'POST',
				headers: {
					host: 'evil.example:80',
					'content-type': 'application/json',
					accept: 'application/json, text/event-stream',
				},
			});
			request.on('response', (response) => {
				response.resume();
				resolve(response.statusCode);
			});
			request.on('error', reject);
			request.end(
				JSON.stringify({
					jsonrpc: '2.0',
					id: 1,
					method: 'initialize',
					params: {protocolVersion: '2025-06-18', capabilities: {}, clientInfo: {name: 'x', version: '1'}},
				}),
			);
		});
		expect(status).toBe(403);
	});

	it('answers what is not MCP with a JSON-RPC error, not a crash', async () => {
		const notJson = await fetch(server.url, {
			method: 'POST',
			headers: {'content-type': 'application/json'},
			body: '{',
		});
		expect(notJson.status).toBe(400);
		expect(await notJson.json()).toMatchObject({error: {code: -32700}});
		const noSession = await fetch(server.url, {
			method: 'POST',
			headers: {'content-type': 'application/json'},
			body: JSON.stringify({jsonrpc: '2.0', id: 1, method: 'tools/list'}),
		});
		expect(noSession.status).toBe(400);
		const unknownSession = await fetch(server.url, {method: 'GET', headers: {'mcp-session-id': 'nope'}});
		expect(unknownSession.status).toBe(404);
		const elsewhere = await fetch(server.url.replace('/mcp', '/other'));
		expect(elsewhere.status).toBe(404);
		// Still serving.
		const client = await connect();
		expect((await client.listTools()).tools).toHaveLength(4);
		await client.close();
	});
});
