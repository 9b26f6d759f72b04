import {jsonSchema, type ToolResultPart, type ToolSet, tool} from 'ai';
import {type ReadCache, type ReadLimits, read} from '../read/index.js';
import {find, grep, ls} from '../tools/index.js';
import {type SchemaOptions, type ToolName, toolNames, toolSchemas} from '../tools/schemas.js';
import type {ToolResult} from '../transcript/types.js';
import type {ProviderName} from './config.js';

export {isToolName, type ToolName, toolNames} from '../tools/schemas.js';

/** Where tools run and what they share for the session. */
export type ToolRunContext = {
	readonly cwd: string;
	readonly cache?: ReadCache | undefined;
	/**
	Keep every tool inside `cwd` (symbolic links resolved): the shell's and the MCP server's default,
	widened by `--allow-outside` (or the shell's config file `"allowOutside": true`).
	*/
	readonly confine: boolean;
	readonly signal?: AbortSignal | undefined;
	/** The read engine's caps, when not the defaults. */
	readonly limits?: Partial<ReadLimits> | undefined;
};

type Schema = Parameters<typeof jsonSchema>[0];

/**
The tools as declared to the model. They have no `execute`: the session runs them itself, so it decides
concurrency, order, abort and what the transcript sees. Inputs are not validated by the SDK beyond JSON:
each tool checks its own arguments and answers a bad call with a message the model can act on.
*/
export function declaredTools(options: SchemaOptions = {}): ToolSet {
	const schemas = toolSchemas(options);
	return Object.fromEntries(
		toolNames.map((name) => [
			name,
			tool({
				description: schemas[name].description,
				inputSchema: jsonSchema<Record<string, unknown>>(schemas[name].schema as Schema),
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
	const toolContext = {cwd: context.cwd, signal: context.signal, confine: context.confine};
	try {
		switch (name) {
			case 'read': {
				return await read(args, {
					cwd: context.cwd,
					signal: context.signal,
					cache: context.cache,
					confine: context.confine,
					limits: context.limits,
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
