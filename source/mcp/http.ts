/**
The MCP server over Streamable HTTP at `/mcp`, for clients that connect to a URL rather than start a
process. Each client's initialize opens a session (its own server, read cache and session log), named by
the `Mcp-Session-Id` header of its later requests. It listens on loopback unless told otherwise, and on
loopback it refuses requests whose Host header names anything else (DNS rebinding: a web page the person
opens must not reach the workspace through the browser).
*/
import {randomUUID} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import {StreamableHTTPServerTransport} from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {isInitializeRequest} from '@modelcontextprotocol/sdk/types.js';
import {createMcpServer, type McpServerOptions} from './server.js';

export type HttpServeOptions = McpServerOptions & {
	readonly host: string;
	/** 0 picks a free port (tests). */
	readonly port: number;
};

export type HttpServer = {
	/** Where clients connect: `http://host:port/mcp`. */
	readonly url: string;
	/** Stops listening and closes every session. */
	close(): Promise<void>;
};

/** Request bodies larger than this are refused: a tool call's arguments are a few hundred bytes. */
const maxBodyBytes = 4 * 1024 * 1024;

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

function sendJsonRpcError(
	response: http.ServerResponse,
	status: number,
	code: number,
	message: string,
): void {
	if (response.headersSent) {
		response.end();
		return;
	}

	response.writeHead(status, {'content-type': 'application/json'});
	response.end(JSON.stringify({jsonrpc: '2.0', error: {code, message}, id: null}));
}

async function readBody(request: http.IncomingMessage): Promise<unknown> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request) {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
		size += buffer.length;
		if (size > maxBodyBytes) {
			throw new RangeError('too large');
		}

		chunks.push(buffer);
	}

	return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/** Starts listening; resolves once the port is open. */
export async function serveHttp(options: HttpServeOptions): Promise<HttpServer> {
	const sessions = new Map<string, StreamableHTTPServerTransport>();
	const loopback = loopbackHosts.has(options.host);
	let allowedHosts: string[] = [];

	async function openSession(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		let body: unknown;
		try {
			body = await readBody(request);
		} catch (error) {
			const tooLarge = error instanceof RangeError;
			sendJsonRpcError(
				response,
				tooLarge ? 413 : 400,
				-32700,
				tooLarge ? `The request body is over ${maxBodyBytes} bytes.` : 'Parse error: the body is not JSON.',
			);
			return;
		}

		if (!isInitializeRequest(body)) {
			sendJsonRpcError(
				response,
				400,
				-32000,
				'Bad request: no valid Mcp-Session-Id header; start a session with an initialize request.',
			);
			return;
		}

		const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
			sessionIdGenerator: () => randomUUID(),
			onsessioninitialized: (id) => {
				sessions.set(id, transport);
			},
		});
		transport.onclose = () => {
			if (transport.sessionId !== undefined) {
				sessions.delete(transport.sessionId);
			}
		};
		await createMcpServer(options).server.connect(transport);
		await transport.handleRequest(request, response, body);
	}

	async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
		const url = new URL(request.url ?? '/', 'http://localhost');
		if (url.pathname !== '/mcp') {
			sendJsonRpcError(response, 404, -32601, `Not found: lector serves MCP at /mcp, not ${url.pathname}.`);
			return;
		}

		if (loopback && !allowedHosts.includes(request.headers.host ?? '')) {
			sendJsonRpcError(
				response,
				403,
				-32000,
				`Forbidden: lector mcp on loopback answers only requests addressed to ${allowedHosts.join(', ')}.`,
			);
			return;
		}

		const sessionId = request.headers['mcp-session-id'];
		const transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
		if (transport) {
			await transport.handleRequest(request, response);
			return;
		}

		if (typeof sessionId === 'string') {
			sendJsonRpcError(
				response,
				404,
				-32001,
				'Session not found: it ended or never existed; initialize again.',
			);
			return;
		}

		if (request.method !== 'POST') {
			sendJsonRpcError(
				response,
				405,
				-32000,
				'Method not allowed without a session: POST an initialize request.',
			);
			return;
		}

		await openSession(request, response);
	}

	const server = http.createServer((request, response) => {
		handle(request, response).catch((error: unknown) => {
			(options.warn ?? ((message: string) => process.stderr.write(`${message}\n`)))(
				`lector mcp: a request failed: ${error instanceof Error ? error.message : String(error)}`,
			);
			sendJsonRpcError(response, 500, -32603, 'Internal error.');
		});
	});

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port, options.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const {port} = server.address() as AddressInfo;
	const shownHost =
		options.host.includes(':') && !options.host.startsWith('[') ? `[${options.host}]` : options.host;
	allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];

	return {
		url: `http://${shownHost}:${port}/mcp`,
		async close() {
			await Promise.all([...sessions.values()].map((transport) => transport.close()));
			await new Promise<void>((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}
