import type {FileHandle} from 'node:fs/promises';
import {formatBytes} from '../notices.js';
import type {OutlineEntry, TextEncoding} from '../types.js';
import {outlineTree} from './code-outline.js';
import {outlineLanguageNames, outlineLanguageOf} from './languages.js';
import {markdownOutline} from './markdown.js';
import {parseWith} from './parser.js';
import {grammarRules} from './rules.js';

/** Files larger than this many bytes get no outline: reading and parsing them would cost too much. */
export const maxOutlineBytes = 2 * 1024 * 1024;
/** Files with more lines than this get no outline. */
export const maxOutlineLines = 50_000;
/** A parse that takes longer than this many milliseconds is given up. */
export const parseBudgetMs = 2000;

/** Where the text of an opened file is. */
export type OutlineSource = {
	readonly file: FileHandle;
	readonly encoding: TextEncoding;
	/** Where the text starts, after a byte-order mark. */
	readonly textStart: number;
	/** Where it ends: the size seen when the file was opened. */
	readonly end: number;
	/** For the language (by extension) and for messages. */
	readonly path: string;
	/** With the path, what the outline cache checks: an outline is reused while both are unchanged. */
	readonly mtimeMs: number | undefined;
	readonly size: number | undefined;
};

export type OutlineOutcome =
	| {readonly ok: true; readonly entries: readonly OutlineEntry[]; readonly totalLines: number}
	| {readonly ok: false; readonly message: string};

/** Outlines kept for reuse: a model paging through a large file gets the same outline with each page. */
const cacheEntries = 16;
const cache = new Map<string, {readonly key: string; readonly outcome: OutlineOutcome}>();

function cacheKey(source: OutlineSource): string | undefined {
	return source.mtimeMs === undefined || source.size === undefined
		? undefined
		: `${source.mtimeMs}:${source.size}:${source.encoding}`;
}

/** Cheap check before any reading: can this file have an outline at all? */
export function canOutline(filePath: string, textBytes: number): boolean {
	return outlineLanguageOf(filePath) !== undefined && textBytes <= maxOutlineBytes;
}

function countLines(text: string): number {
	if (text === '') {
		return 0;
	}

	let lines = 0;
	let index = text.indexOf('\n');
	while (index !== -1) {
		lines++;
		index = text.indexOf('\n', index + 1);
	}

	return text.endsWith('\n') ? lines : lines + 1;
}

async function readText(source: OutlineSource): Promise<string> {
	const length = Math.max(0, source.end - source.textStart);
	const bytes = Buffer.alloc(length);
	let filled = 0;
	while (filled < length) {
		const {bytesRead} = await source.file.read(bytes, filled, length - filled, source.textStart + filled);
		if (bytesRead === 0) {
			break;
		}

		filled += bytesRead;
	}

	const text = new TextDecoder(source.encoding).decode(bytes.subarray(0, filled));
	// The engine ends lines at \r\n, \n and a lone \r; tree-sitter counts rows at \n only.
	return text.includes('\r') ? text.replaceAll(/\r(?!\n)/g, '\n') : text;
}

/**
The outline of an opened code or Markdown file, or why there is none: not a supported language,
too large (over 2 MiB or 50,000 lines), parsing too slow, or tree-sitter failed to load.
*/
export async function outlineFile(source: OutlineSource, signal?: AbortSignal): Promise<OutlineOutcome> {
	const key = cacheKey(source);
	const cached = cache.get(source.path);
	if (key !== undefined && cached?.key === key) {
		return cached.outcome;
	}

	const outcome = await computeOutline(source, signal);
	if (key !== undefined && outcome.ok) {
		cache.delete(source.path);
		cache.set(source.path, {key, outcome});
		// Maps keep insertion order: the first key is the least recently stored.
		const oldest = cache.keys().next();
		if (cache.size > cacheEntries && !oldest.done) {
			cache.delete(oldest.value);
		}
	}

	return outcome;
}

async function computeOutline(source: OutlineSource, signal?: AbortSignal): Promise<OutlineOutcome> {
	const language = outlineLanguageOf(source.path);
	if (language === undefined) {
		return {ok: false, message: `outlines cover ${outlineLanguageNames} files, chosen by file extension`};
	}

	const bytes = source.end - source.textStart;
	if (bytes > maxOutlineBytes) {
		return {
			ok: false,
			message: `the file is ${formatBytes(bytes)}, over the ${formatBytes(maxOutlineBytes)} that lector outlines`,
		};
	}

	const text = await readText(source);
	const totalLines = countLines(text);
	if (totalLines > maxOutlineLines) {
		return {
			ok: false,
			message: `the file has ${totalLines} lines, over the ${maxOutlineLines} that lector outlines`,
		};
	}

	if (language === 'markdown') {
		return {ok: true, entries: markdownOutline(text), totalLines};
	}

	let tree: Awaited<ReturnType<typeof parseWith>>;
	try {
		tree = await parseWith(language, text, parseBudgetMs, signal);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {ok: false, message: `the ${language} parser could not be loaded (${reason})`};
	}

	if (!tree) {
		return {ok: false, message: `parsing took longer than ${parseBudgetMs / 1000} s`};
	}

	try {
		return {ok: true, entries: outlineTree(tree.rootNode, grammarRules[language]), totalLines};
	} finally {
		tree.delete();
	}
}
