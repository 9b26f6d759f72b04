/**
Markdown as blocks of styled text that do not depend on the width: a line of prose (wrapped later,
at spaces), a fenced code block (highlighted later, only where shown), a rule, a table. Containers
(lists, block quotes) become the leads their blocks' rows start with, so layout never has to know
about nesting. The blocks of each top-level token are cached on the token: while an answer streams,
the parser keeps its earlier tokens, so only the blocks of the new text are built again.
*/
import type {Token, Tokens} from 'marked';
import {isKnownLanguage} from '../highlight/language.js';
import {sanitizeLines} from '../text/sanitize.js';
import {lineText, type Segment} from '../text/styled.js';
import type {Role} from '../theme/roles.js';
import {cleanText, inlineLines} from './inline.js';
import {lexMarkdown, maxNestingDepth} from './parse.js';
import {isMarkedToken} from './tokens.js';

/** Segments a block's rows start with: its containers' markers and indentation. */
export type Lead = ReadonlyArray<Segment<Role>>;

type Leads = {
	/** The lead of the block's first row (a list item's first block carries the item's marker). */
	readonly first: Lead;
	/** The lead of every other row. Its width equals the first's. */
	readonly rest: Lead;
};

export type TableAlign = 'left' | 'right' | 'center' | null;

export type MarkdownBlock = Leads &
	(
		| {readonly kind: 'line'; readonly content: ReadonlyArray<Segment<Role>>}
		| {readonly kind: 'code'; readonly language: string | undefined; readonly lines: readonly string[]}
		| {readonly kind: 'rule'}
		| {
				readonly kind: 'table';
				readonly header: ReadonlyArray<ReadonlyArray<Segment<Role>>>;
				readonly rows: ReadonlyArray<ReadonlyArray<ReadonlyArray<Segment<Role>>>>;
				readonly align: readonly TableAlign[];
		  }
	);

const none: Lead = [];

/** One shared empty row between blocks (shared, so its layout is cached once). */
const blankLine: MarkdownBlock = {kind: 'line', first: none, rest: none, content: []};

/** Columns code blocks are indented by, so they stand apart from the prose around them. */
export const codeIndent = 2;

const bullets = ['•', '◦', '▪'] as const;

function line(content: ReadonlyArray<Segment<Role>>): MarkdownBlock {
	return {kind: 'line', first: none, rest: none, content};
}

/** Lines shown as written (raw HTML, what could not be parsed), each wrapped at spaces. */
function plainBlocks(text: string, role: Role): MarkdownBlock[] {
	return sanitizeLines(text.replace(/\n+$/, '')).map((part) => line(part === '' ? [] : [{text: part, role}]));
}

/** The blocks with a lead put before theirs: `first` before the very first row, `rest` before all others. */
function indent(blocks: readonly MarkdownBlock[], first: Lead, rest: Lead): MarkdownBlock[] {
	return blocks.map((block, index) => ({
		...block,
		first: [...(index === 0 ? first : rest), ...block.first],
		rest: [...rest, ...block.rest],
	}));
}

/** Blocks of siblings, with a blank row between them when `spaced`. */
function join(groups: readonly MarkdownBlock[][], spaced: boolean): MarkdownBlock[] {
	const out: MarkdownBlock[] = [];
	for (const group of groups) {
		if (group.length === 0) {
			continue;
		}

		if (spaced && out.length > 0) {
			out.push(blankLine);
		}

		out.push(...group);
	}

	return out;
}

/** The highlight.js language a fence names (its first word), when highlight.js knows it. */
export function fenceLanguage(info: string | undefined): string | undefined {
	const name = (info ?? '').trim().split(/\s/)[0] ?? '';
	return name !== '' && name.length <= 40 && isKnownLanguage(name) ? name.toLowerCase() : undefined;
}

type Context = {readonly base: Role; readonly depth: number; readonly listDepth: number};

function listBlocks(list: Tokens.List, context: Context): MarkdownBlock[] {
	const start = typeof list.start === 'number' ? list.start : 1;
	const last = String(start + list.items.length - 1).length;
	const items = list.items.map((item, index) => {
		let marker = list.ordered
			? `${start + index}.`.padStart(last + 1)
			: (bullets[context.listDepth % 3] ?? '•');
		if (item.task) {
			marker += item.checked === true ? ' [x]' : ' [ ]';
		}

		const lead: Lead = [{text: `${marker} `, role: 'bullet'}];
		const pad: Lead = [{text: ' '.repeat(marker.length + 1), role: 'text'}];
		const inner = blocksOf(
			item.tokens,
			{...context, depth: context.depth + 1, listDepth: context.listDepth + 1},
			list.loose,
		);
		return indent(inner.length === 0 ? [line([])] : inner, lead, pad);
	});
	return join(items, list.loose);
}

function tokenBlocks(token: Token, context: Context): MarkdownBlock[] {
	if (!isMarkedToken(token) || context.depth > maxNestingDepth) {
		return plainBlocks(token.raw, context.base);
	}

	switch (token.type) {
		case 'space':
		case 'def':
		case 'checkbox': {
			return [];
		}

		case 'heading': {
			return inlineLines(token.tokens, 'heading').map((content) => line(content));
		}

		case 'paragraph': {
			return inlineLines(token.tokens, context.base).map((content) => line(content));
		}

		case 'text': {
			return token.tokens === undefined
				? [line([{text: cleanText(token.text), role: context.base}])]
				: inlineLines(token.tokens, context.base).map((content) => line(content));
		}

		case 'code': {
			if (token.text === '') {
				// An empty block, or a fence whose first line has not arrived yet.
				return [];
			}

			const lines = sanitizeLines(token.text);
			const pad: Lead = [{text: ' '.repeat(codeIndent), role: 'text'}];
			return [{kind: 'code', first: pad, rest: pad, language: fenceLanguage(token.lang), lines}];
		}

		case 'blockquote': {
			const bar: Lead = [{text: '│ ', role: 'quote'}];
			return indent(
				blocksOf(token.tokens, {...context, base: 'quote', depth: context.depth + 1}, true),
				bar,
				bar,
			);
		}

		case 'list': {
			return listBlocks(token, context);
		}

		case 'hr': {
			return [{kind: 'rule', first: none, rest: none}];
		}

		case 'table': {
			const cell = (tokens: readonly Token[]): Array<Segment<Role>> =>
				inlineLines(tokens, context.base).flatMap((row, index) =>
					index === 0 ? row : [{text: ' ', role: context.base}, ...row],
				);
			return [
				{
					kind: 'table',
					first: none,
					rest: none,
					header: token.header.map((head) => cell(head.tokens)),
					rows: token.rows.map((row) => row.map((entry) => cell(entry.tokens))),
					align: token.align,
				},
			];
		}

		default: {
			// Raw HTML blocks, and anything else, show as the text that was written.
			return plainBlocks(token.raw, context.base);
		}
	}
}

function blocksOf(tokens: readonly Token[], context: Context, spaced: boolean): MarkdownBlock[] {
	return join(
		tokens.map((token) => tokenBlocks(token, context)),
		spaced,
	);
}

const topContext: Context = {base: 'assistant', depth: 0, listDepth: 0};
const cache = new WeakMap<Token, MarkdownBlock[]>();

function cachedBlocks(token: Token): MarkdownBlock[] {
	let blocks = cache.get(token);
	if (blocks === undefined) {
		blocks = tokenBlocks(token, topContext);
		cache.set(token, blocks);
	}

	return blocks;
}

/**
The model's answer as blocks. `streamId` (the transcript item's id) lets a growing answer reuse the
blocks of its earlier text. Text marked cannot take safely (see parse.ts) shows as plain lines.
*/
export function markdownBlocks(text: string, streamId?: string): MarkdownBlock[] {
	const lexed = lexMarkdown(text, streamId);
	if (lexed === undefined) {
		return plainBlocks(text, 'assistant');
	}

	return join(lexed.tokens.map(cachedBlocks), true);
}

/** The words the blocks show, one line per block row before wrapping: what a search looks in. */
export function blocksText(blocks: readonly MarkdownBlock[]): string {
	const lines: string[] = [];
	for (const block of blocks) {
		switch (block.kind) {
			case 'line': {
				lines.push(lineText(block.content));
				break;
			}

			case 'code': {
				lines.push(...block.lines);
				break;
			}

			case 'table': {
				for (const row of [block.header, ...block.rows]) {
					lines.push(row.map((cell) => lineText(cell)).join(' '));
				}

				break;
			}

			case 'rule': {
				break;
			}
		}
	}

	return lines.join('\n');
}
