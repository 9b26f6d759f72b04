/*
What `import … from 'lector/mcp'` gives: lector's MCP server, to start on any pair of streams or on
Streamable HTTP from another program (docs/library.md). The server names itself with this package's
version unless told otherwise.
*/
import {type HttpServeOptions, type HttpServer, serveHttp as serveHttpServer} from './mcp/http.js';
import {createMcpServer as createServer, type McpServerHandle, type McpServerOptions} from './mcp/server.js';
import {type StdioServeOptions, serveStdio as serveStreams} from './mcp/stdio.js';
import {packageFacts} from './package-facts.js';

export type {HttpServeOptions, HttpServer, McpServerHandle, McpServerOptions, StdioServeOptions};

/** Serves one client on `input`/`output` (default stdin/stdout) until it goes away. */
export function serveStdio(options: StdioServeOptions): Promise<void> {
	return serveStreams({version: packageFacts.version, ...options});
}

/** Listens for MCP clients at `http://host:port/mcp`; resolves once the port is open. */
export function serveHttp(options: HttpServeOptions): Promise<HttpServer> {
	return serveHttpServer({version: packageFacts.version, ...options});
}

/** One server for one connection, to connect to a transport of your own with `server.connect`. */
export function createMcpServer(options: McpServerOptions): McpServerHandle {
	return createServer({version: packageFacts.version, ...options});
}
