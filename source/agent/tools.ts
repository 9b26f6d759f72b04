import {jsonSchema, type ToolResultPart, type ToolSet, tool} from 'ai';
import {type ReadCache, read} from '../read/index.js';
import {find, grep, ls} from '../tools/index.js';
import type {ToolResult} from '../transcript/types.js';
import type {ProviderName} from './config.js';

/** The tools the model may call, all read-only. */
export const toolNames = ['read', 'ls', 'find', 'grep'] as const;
export type ToolName = (typeof toolNames)[number];

export function isToolName(name: string): name is ToolName {
	return toolNames.some((known) => known === name);
}

/** Where tools run and what they share for the session. */
export type ToolRunContext = {
	readonly cwd: string;
	readonly cache: ReadCache;
	/**
	Keep every tool inside `cwd` (symbolic links resolved): the shell's default, widened by
	`--allow-outside` or the config file's `"allowOutside": true`.
	*/
	readonly confine: boolean;
	readonly signal?: AbortSignal;
};

type Schema = Parameters<typeof jsonSchema>[0];

const schemas: Readonly<Record<ToolName, {description: string; schema: Schema}>> = {
	read: {
		description:
			'Read a text file (or an image) in the workspace. Lines come numbered; long files are cut with a notice that says how to continue with offset. Read before you answer: never guess what a file says.',
		schema: {
			type: 'object',
			properties: {
				path: {type: 'string', description: 'The file, relative to the workspace or absolute.'},
				offset: {type: 'integer', minimum: 1, description: 'The 1-based line to start at.'},
				limit: {type: 'integer', minimum: 1, description: 'The most lines to return.'},
			},
			required: ['path'],
		},
	},
	ls: {
		description:
			'List one folder: names sorted, folders end with /. Default: the workspace root. Entries the user denied (.lectorignore) are left out, and the listing says how many.',
		schema: {type: 'object', properties: {path: {type: 'string', description: 'The folder to list.'}}},
	},
	find: {
		description:
			'Find files by glob, e.g. "**/*.ts" or "src/**/test-*.js"; a pattern without / matches names at any depth. Skips .git, what .gitignore files ignore and node_modules (include_ignored=true includes those), and paths the user denied.',
		schema: {
			type: 'object',
			properties: {
				pattern: {type: 'string', description: 'The glob.'},
				path: {type: 'string', description: 'The folder to search (default: the workspace).'},
				include_ignored: {
					type: 'boolean',
					description: 'Also search what .gitignore ignores and node_modules (default false).',
				},
			},
			required: ['pattern'],
		},
	},
	grep: {
		description:
			'Search file contents with a JavaScript regular expression; prints path:line: text. Skips binary files, .git, what .gitignore files ignore and node_modules (include_ignored=true searches those), and paths the user denied.',
		schema: {
			type: 'object',
			properties: {
				pattern: {type: 'string', description: 'The regular expression (or text, with literal=true).'},
				path: {type: 'string', description: 'A folder or file to search (default: the workspace).'},
				glob: {type: 'string', description: 'Only search files whose path matches this glob, e.g. "*.ts".'},
				ignore_case: {type: 'boolean'},
				literal: {type: 'boolean', description: 'Search for the pattern as plain text.'},
				include_ignored: {
					type: 'boolean',
					description: 'Also search what .gitignore ignores and node_modules (default false).',
				},
			},
			required: ['pattern'],
		},
	},
};

/**
The tools as declared to the model. They have no `execute`: the session runs them itself, so it decides
concurrency, order, abort and what the transcript sees. Inputs are not validated by the SDK beyond JSON:
each tool checks its own arguments and answers a bad call with a message the model can act on.
*/
export function declaredTools(): ToolSet {
	return Object.fromEntries(
		toolNames.map((name) => [
			name,
			tool({
				description: schemas[name].description,
				inputSchema: jsonSchema<Record<string, unknown>>(schemas[name].schema),
			}),
		]),
	);
}

/** Runs one tool call. Never rejects: failures are results with `isError`. */
export async function runTool(
	name: ToolName,
	args: Readonly<Record<string, unknown>>,
	context: ToolRunContext,
): Promise<ToolResult> {
	const toolContext = {cwd: context.cwd, confine: context.confine, signal: context.signal};
	try {
		switch (name) {
			case 'read': {
				return await read(args, {
					cwd: context.cwd,
					signal: context.signal,
					cache: context.cache,
					confine: context.confine,
				});
			}

			case 'ls': {
				return await ls(args, toolContext);
			}

			case 'find': {
				return await find(args, toolContext);
			}

			case 'grep': {
				return await grep(args, toolContext);
			}
		}
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {content: [{type: 'text', text: `The ${name} tool failed: ${reason}`}], isError: true};
	}
}

/** A result for a call that could not run; the text is for the model. */
export function errorResult(text: string): ToolResult {
	return {content: [{type: 'text', text}], isError: true};
}

/** What an OpenAI-compatible server is told in place of an image, which its tool messages cannot carry. */
export function imageNote(mimeType: string): string {
	return `[An image (${mimeType}) was read, but this provider cannot receive images in tool results.]`;
}

/**
A tool result as the SDK sends it. One text block goes as plain text, so the provider sends exactly the
engine's bytes; errors go as error text (Anthropic marks them is_error). Images go as image parts to
Anthropic; Chat Completions tool messages carry text only, so for OpenAI-compatible servers an image is
replaced by a line saying it could not be shown.
*/
export function toModelOutput(result: ToolResult, provider: ProviderName): ToolResultPart['output'] {
	const onlyText = result.content.every((block) => block.type === 'text');
	if (result.isError || (onlyText && result.content.length === 1) || provider === 'openai') {
		const text = result.content
			.map((block) => (block.type === 'text' ? block.text : imageNote(block.mimeType)))
			.join('\n');
		return result.isError ? {type: 'error-text', value: text} : {type: 'text', value: text};
	}

	return {
		type: 'content',
		value: result.content.map((block) =>
			block.type === 'text'
				? {type: 'text' as const, text: block.text}
				: {type: 'image-data' as const, data: block.data, mediaType: block.mimeType},
		),
	};
}
