/**
The MCP server as a library (`lector/mcp`): start lector's read engine on any pair of streams, or on
Streamable HTTP, from another program. docs/mcp.md describes the server; docs/library.md the API.
*/
export {type HttpServeOptions, type HttpServer, serveHttp} from './http.js';
export {createMcpServer, type McpServerHandle, type McpServerOptions, toCallResult} from './server.js';
export {type StdioServeOptions, serveStdio} from './stdio.js';
