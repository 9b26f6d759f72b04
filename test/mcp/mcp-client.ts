/**
A real MCP client (the SDK's own) connected to `lector mcp` as a separate process over stdio, as an
agent would start it. The server is the built CLI (dist/cli.js), so what is tested is what ships.
*/
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';
import type {CallToolResult} from '@modelcontextprotocol/sdk/types.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const cliPath = path.join(repoRoot, 'dist/cli.js');

export type StdioSession = {
	readonly client: Client;
	readonly transport: StdioClientTransport;
	/** What the server wrote to stderr so far. */
	stderr(): string;
	call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
	close(): Promise<void>;
};

export async function connectStdio(
	args: readonly string[],
	options: {stateHome: string; cwd?: string; roots?: readonly string[]},
): Promise<StdioSession> {
	const transport = new StdioClientTransport({
		command: process.execPath,
		args: [cliPath, 'mcp', ...args],
		cwd: options.cwd ?? repoRoot,
		env: {PATH: process.env['PATH'] ?? '', HOME: options.stateHome, XDG_STATE_HOME: options.stateHome},
		stderr: 'pipe',
	});
	let stderr = '';
	transport.stderr?.on('data', (chunk: Buffer) => {
		stderr += chunk.toString('utf8');
	});
	const {roots} = options;
	const client = new Client(
		{name: 'lector-test', version: '1.0.0'},
		roots ? {capabilities: {roots: {listChanged: true}}} : {},
	);
	if (roots) {
		const {ListRootsRequestSchema} = await import('@modelcontextprotocol/sdk/types.js');
		client.setRequestHandler(ListRootsRequestSchema, () => ({
			roots: roots.map((folder) => ({uri: `file://${folder}`, name: path.basename(folder)})),
		}));
	}

	await client.connect(transport);
	return {
		client,
		transport,
		stderr: () => stderr,
		call: async (name, callArgs) => (await client.callTool({name, arguments: callArgs})) as CallToolResult,
		close: () => client.close(),
	};
}

/** The text blocks of a result, joined. */
export function textOf(result: CallToolResult): string {
	return result.content
		.filter((block) => block.type === 'text')
		.map((block) => block.text)
		.join('\n');
}
