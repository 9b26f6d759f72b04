/*
What `import … from 'lector'` gives: the read engine and the other read-only tools, as the shell and the
MCP server use them, and nothing of the terminal UI. Keep this surface small: everything exported here is
a promise to other projects (docs/library.md describes each name). `lector/mcp` is a separate entry.
*/
export {ReadCache} from './read/cache.js';
export {type ReadOptions, read} from './read/read.js';
export {
	type ContentBlock,
	defaultLimits,
	type ErrorCode,
	type ImageBlock,
	type OutlineEntry,
	type RawReadParams,
	type ReadDetails,
	type ReadKind,
	type ReadLimits,
	type ReadResult,
	type TextBlock,
	type TruncationReason,
} from './read/types.js';
export {type FindDetails, find} from './tools/find.js';
export {type GrepDetails, grep} from './tools/grep.js';
export type {GrepMatch} from './tools/grep-file.js';
export {type LsDetails, ls} from './tools/ls.js';
export type {RawToolArgs, ToolContext, ToolOutcome} from './tools/types.js';
