import type {CommandHelp} from '../help/command-help.js';

/** `lector mcp` in the help table (docs/mcp.md has the whole story). */
export const mcpHelp: CommandHelp = {
	name: 'mcp',
	synopsis: 'lector mcp',
	summary: "Serve lector's read engine to any agent over MCP (stdio; --http for a URL)",
	optionsNote: 'docs/mcp.md',
	options: `
  --cwd DIR            The workspace when the client offers no MCP roots (default: the current
                       folder); given explicitly, it is the workspace even when the client offers roots
  --allow-outside      Let the tools read outside the workspace (default: refused, symlinks resolved)
  --max-lines N        Line cap of one read (default 2000)
  --max-bytes N        Byte cap of one read's text (default 36864, so that Claude Code passes a
                       whole result to its model inline)
  --dedup              Answer an unchanged re-read with a short note (off by default: the server
                       cannot know what the client still holds in its context)
  --no-log             Write no session log (by default each call goes to a lector session log,
                       which lector watch and lector replay show)
  --http [HOST:]PORT   Serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (HOST
                       127.0.0.1 unless given; PORT 0 picks a free one). Anyone who can reach it can
                       read the workspace: keep it on loopback.
  -h, --help           This help`,
	notes: `Add it to an agent:
  claude mcp add lector -- lector mcp
  Codex (~/.codex/config.toml): [mcp_servers.lector] command = "lector" args = ["mcp"]`,
};
