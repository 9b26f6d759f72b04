/**
The MCP server on a pair of streams (stdio by default): the way agents start MCP servers. It serves until
the client closes its end (stdin ends, or stdout breaks), then resolves; it never writes anything but
protocol messages to the output, so its troubles go to `warn` (stderr).
*/
import type {Readable, Writable} from 'node:stream';
import {StdioServerTransport} from '@modelcontextprotocol/sdk/server/stdio.js';
import {createMcpServer, type McpServerOptions} from './server.js';

export type StdioServeOptions = McpServerOptions & {
	readonly input?: Readable;
	readonly output?: Writable;
};

/** Serves one client on `input`/`output` until it goes away. */
export async function serveStdio(options: StdioServeOptions): Promise<void> {
	const input = options.input ?? process.stdin;
	const output = options.output ?? process.stdout;
	const {server, idle} = createMcpServer(options);
	const transport = new StdioServerTransport(input, output);
	const closed = new Promise<void>((resolve) => {
		transport.onclose = resolve;
	});
	const close = () => {
		void server.close();
	};
	/*
	The SDK's transport waits for data forever: the end of stdin is the client saying goodbye. The calls
	it sent before are still answered (`printf '…' | lector mcp` gets every answer); the tick's wait lets
	the last messages read reach their handlers first.
	*/
	const finish = () => {
		setImmediate(() => {
			void idle().then(close);
		});
	};
	input.once('end', finish);
	input.once('close', finish);
	// A client that exits mid-answer breaks the pipe: nobody is left to answer, so stop at once.
	output.on('error', close);
	await server.connect(transport);
	await closed;
	input.off('end', finish);
	input.off('close', finish);
}
