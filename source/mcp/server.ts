/**
lector's read engine as an MCP server: the tools read, ls, find and grep, read-only, on one connection.
Built on the SDK's low-level `Server` (not `McpServer`): the tools' schemas are the JSON Schemas the
shell declares (tools/schemas.ts), and every argument is checked by the engine itself, whose messages
tell a model how to correct a call; a schema library in between would answer with its own words.
*/
import {randomUUID} from 'node:crypto';
import {Server} from '@modelcontextprotocol/sdk/server/index.js';
import {
	CallToolRequestSchema,
	type CallToolResult,
	ErrorCode,
	ListToolsRequestSchema,
	McpError,
	RootsListChangedNotificationSchema,
	type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {runTool} from '../agent/tools.js';
import {ReadCache, type ReadLimits} from '../read/index.js';
import {pathArgument} from '../read/params.js';
import type {StoreEnvironment} from '../sessions/lector/store.js';
import {isToolName, type ToolName, toolNames, toolSchemas} from '../tools/schemas.js';
import type {ToolResult} from '../transcript/types.js';
import {CallLog} from './call-log.js';
import {rootFolders, workspaceFor} from './workspaces.js';

export type McpServerOptions = {
	/** The workspace when the client offers no roots (or `useRoots` is false). */
	readonly cwd: string;
	/** Take the client's MCP roots as the workspace when it offers them (default true). */
	readonly useRoots?: boolean;
	/** Refuse paths outside the workspace (default true). */
	readonly confine?: boolean;
	/** The caps; unset ones are `serverLimits`. */
	readonly limits?: Partial<ReadLimits>;
	/** Answer an unchanged re-read with a short note (default false: the server cannot know what the client still holds). */
	readonly dedup?: boolean;
	/** Write each call to a lector session log (default true). */
	readonly log?: boolean;
	/** Where the sessions folder is found (XDG_STATE_HOME); default process.env. */
	readonly env?: StoreEnvironment;
	/** lector's version, as the server names itself at initialize. */
	readonly version?: string;
	/** Where the server's own troubles are reported; default stderr. */
	readonly warn?: (message: string) => void;
};

const titles: Readonly<Record<ToolName, string>> = {
	read: 'Read a file',
	ls: 'List a folder',
	find: 'Find files',
	grep: 'Search file contents',
};

const instructions =
	"lector reads files for you: use its read tool rather than cat, head, tail or sed, and its ls, find and grep to look around. Results are capped so one file cannot flood the context; a cut result says exactly how to continue. Paths are relative to the workspace (the client's roots, or the folder lector was started in).";

/**
The server's default caps: the engine's 2,000 lines, but 36 KB rather than 50 KB. Claude Code passes an
MCP result to its model inline only below about 50,000 characters (a 49,097-character result went whole;
larger ones were saved to a file and the model got a 2 KB preview), and a cut result is its numbered
lines (the byte cap), the outline (at most 8 KB) and the notice: 36 KB keeps the worst case near 45,500.
*/
export const serverLimits: Pick<ReadLimits, 'maxLines' | 'maxBytes'> = {maxLines: 2000, maxBytes: 36 * 1024};

/** How long to wait for the client's roots before falling back to the server's folder. */
const rootsTimeoutMs = 5000;

function toolList(options: McpServerOptions): Tool[] {
	const schemas = toolSchemas({dedup: options.dedup ?? false, limits: {...serverLimits, ...options.limits}});
	return toolNames.map((name) => ({
		name,
		title: titles[name],
		description: schemas[name].description,
		inputSchema: {
			type: 'object' as const,
			properties: {...schemas[name].schema.properties},
			...(schemas[name].schema.required ? {required: [...schemas[name].schema.required]} : {}),
		},
		annotations: {
			title: titles[name],
			readOnlyHint: true,
			destructiveHint: false,
			idempotentHint: true,
			openWorldHint: false,
		},
	}));
}

/** Where a result carries the engine's structured details: `_meta`, under lector's own key. */
export const detailsMetaKey = 'dev.lector/details';

/**
A tool result as MCP content: the engine's blocks exactly, its details in `_meta`. Not in
`structuredContent`: the real Claude Code (2.1.332) and Codex (0.171.0) hand the model
`JSON.stringify(structuredContent)` in place of the text when a result has it, which would take the
line numbers and the continuation notice away from the model (recorded in fixtures/peers/mcp/).
*/
export function toCallResult(result: ToolResult): CallToolResult {
	return {
		content: result.content.map((block) =>
			block.type === 'text'
				? {type: 'text' as const, text: block.text}
				: {type: 'image' as const, data: block.data, mimeType: block.mimeType},
		),
		...(result.details ? {_meta: {[detailsMetaKey]: {...result.details}}} : {}),
		isError: result.isError,
	};
}

/** A server for one connection, and a way to wait for the calls it is answering. */
export type McpServerHandle = {
	/** Connect it to a transport with `server.connect`. */
	readonly server: Server;
	/** Resolves once no call is running (at once when none is). */
	idle(): Promise<void>;
};

/** One MCP server for one connection. */
export function createMcpServer(options: McpServerOptions): McpServerHandle {
	const server = new Server(
		{name: 'lector', title: 'lector', version: options.version ?? '0.0.0'},
		{capabilities: {tools: {}}, instructions},
	);
	const warn = options.warn ?? ((message: string) => process.stderr.write(`${message}\n`));
	const cache = options.dedup ? new ReadCache() : undefined;
	let roots: readonly string[] = [options.cwd];
	let rootsReady: Promise<void> = Promise.resolve();
	let running = 0;
	let idleWaiters: Array<() => void> = [];
	const log =
		options.log === false
			? undefined
			: new CallLog({
					cwd: options.cwd,
					env: options.env ?? process.env,
					warn,
					client: () => {
						const client = server.getClientVersion();
						return client ? `${client.name} ${client.version}` : undefined;
					},
				});

	async function refreshRoots(): Promise<void> {
		if (options.useRoots === false || !server.getClientCapabilities()?.roots) {
			return;
		}

		try {
			const listed = await server.listRoots(undefined, {timeout: rootsTimeoutMs});
			const folders = rootFolders(listed.roots.map((root) => root.uri));
			roots = folders.length > 0 ? folders : [options.cwd];
		} catch (error) {
			warn(
				`lector mcp: the client's roots could not be listed (${error instanceof Error ? error.message : String(error)}); reading in ${options.cwd}.`,
			);
		}
	}

	server.oninitialized = () => {
		rootsReady = refreshRoots();
	};

	server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
		rootsReady = refreshRoots();
	});

	server.setRequestHandler(ListToolsRequestSchema, () => ({tools: toolList(options)}));

	server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
		const {name} = request.params;
		if (!isToolName(name)) {
			throw new McpError(
				ErrorCode.InvalidParams,
				`Unknown tool ${JSON.stringify(name)}: lector's tools are ${toolNames.join(', ')}.`,
			);
		}

		running += 1;
		try {
			const args = request.params.arguments ?? {};
			await rootsReady;
			const cwd = workspaceFor(roots, pathArgument(args) ?? args['path']);
			const id = randomUUID();
			log?.started(id, name, args);
			const result = await runTool(name, args, {
				cwd,
				cache,
				signal: extra.signal,
				confine: options.confine ?? true,
				limits: {...serverLimits, ...options.limits},
			});
			log?.ended(id, name, result);
			return toCallResult(result);
		} finally {
			running -= 1;
			if (running === 0) {
				const waiters = idleWaiters;
				idleWaiters = [];
				// The SDK sends the answer after this handler returns: wake the waiters once it has.
				setImmediate(() => {
					for (const wake of waiters) {
						wake();
					}
				});
			}
		}
	});

	const previousClose = server.onclose;
	server.onclose = () => {
		log?.close();
		previousClose?.();
	};

	return {
		server,
		idle: () =>
			running === 0
				? Promise.resolve()
				: new Promise((resolve) => {
						idleWaiters.push(resolve);
					}),
	};
}
