/**
The read-only tools as a model sees them: each tool's description and JSON Schema. One table for every
way lector offers its tools (the agent shell's model, the MCP server), so a parameter is declared, and
described, the same everywhere; the engine still checks every argument itself and answers a bad one with
a message the model can act on.
*/
import {defaultLimits, type ReadLimits} from '../read/types.js';

export const toolNames = ['read', 'ls', 'find', 'grep'] as const;
export type ToolName = (typeof toolNames)[number];

export function isToolName(name: string): name is ToolName {
	return toolNames.some((known) => known === name);
}

/** A JSON Schema for one tool's arguments (an object schema). */
export type ArgumentSchema = {
	readonly type: 'object';
	readonly properties: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
	readonly required?: readonly string[];
};

export type ToolSchema = {readonly description: string; readonly schema: ArgumentSchema};

/** What changes a tool's description: the caps it runs under, and whether re-reads are deduplicated. */
export type SchemaOptions = {
	readonly limits?: Partial<ReadLimits>;
	/** Say that an unchanged re-read answers with a short note instead of the text again. */
	readonly dedup?: boolean;
};

const grouped = new Intl.NumberFormat('en-US');

function kib(bytes: number): string {
	return bytes % 1024 === 0 ? `${grouped.format(bytes / 1024)} KB` : `${grouped.format(bytes)} bytes`;
}

function readDescription(limits: ReadLimits, dedup: boolean): string {
	const parts = [
		'Read a file in the workspace. Text comes with numbered lines (the number, a tab, the line). Images (PNG, JPEG, GIF, WebP, BMP) come as images; PDF and Word documents and Jupyter notebooks come as text.',
		`One result holds at most ${grouped.format(limits.maxLines)} lines and ${kib(limits.maxBytes)} of text; lines over ${grouped.format(limits.maxLineChars)} characters are clipped. When a result is cut it ends with a notice saying exactly which offset (or pages, or cells) to ask for next, and for code or Markdown it adds the file's outline so you can jump to the part you need.`,
		'Devices, FIFOs, binary files and files the workspace keeps private (.lectorignore) are refused with a message that says why. Read before you answer: never guess what a file says.',
	];
	if (dedup) {
		parts.push(
			'A re-read of a range that has not changed since you read it answers with a short note instead of the text: the text you got earlier still holds.',
		);
	}

	return parts.join(' ');
}

const rangeExamples = 'such as "3", "1-5", "2,4-6" or "7-"';

function readSchema(): ArgumentSchema {
	return {
		type: 'object',
		properties: {
			path: {type: 'string', description: 'The file, relative to the workspace or absolute.'},
			offset: {
				type: 'integer',
				minimum: 1,
				description: 'The 1-based line to start at (default 1). Use the offset a cut result names to go on.',
			},
			limit: {type: 'integer', minimum: 1, description: 'The most lines to return, from offset.'},
			tail: {
				type: 'integer',
				minimum: 1,
				description:
					'Read the last N lines instead (logs, the end of a long file); not with offset or limit.',
			},
			pages: {
				type: 'string',
				description: `PDF only: the pages to read, ${rangeExamples}. Default: from page 1 as far as the caps allow.`,
			},
			cells: {
				type: 'string',
				description: `Jupyter notebooks only: the cells to read, ${rangeExamples}. Default: from cell 1.`,
			},
			outline: {
				type: 'boolean',
				description:
					"Return the file's outline (classes, functions, methods, headings with their line ranges) instead of its text: a map of a large file, to read only the part you need with offset and limit.",
			},
		},
		required: ['path'],
	};
}

const includeIgnored = {
	type: 'boolean',
	description: 'Also search what .gitignore ignores and node_modules (default false).',
};

const otherSchemas: Readonly<Record<Exclude<ToolName, 'read'>, ToolSchema>> = {
	ls: {
		description:
			'List one folder: names sorted, folders end with /. Default: the workspace root. Entries the user denied (.lectorignore), and links pointing outside the workspace, are left out; the listing says how many.',
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
				include_ignored: includeIgnored,
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
				include_ignored: includeIgnored,
			},
			required: ['pattern'],
		},
	},
};

/** Every tool's description and schema, for the caps and options the tools will run under. */
export function toolSchemas(options: SchemaOptions = {}): Readonly<Record<ToolName, ToolSchema>> {
	const limits = {...defaultLimits, ...options.limits};
	return {
		read: {description: readDescription(limits, options.dedup ?? true), schema: readSchema()},
		...otherSchemas,
	};
}
