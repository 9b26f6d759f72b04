/**
Lexing the model's Markdown with marked's lexer (never its HTML renderer), guarded against text
that would make it slow or crash it (deep nesting is refused; long inline runs are cut in pieces;
inline lexing has a time budget), and incremental while an answer streams: the blocks before the
last two are kept and only the rest of the text is lexed again, so a frame during a stream costs
what arrived, not the whole answer.
*/
import {Lexer, type Token, type TokensList} from 'marked';
import {rememberBounded} from '../cache/bounded-map.js';

/**
Inline runs are lexed in pieces of at most this many characters (UTF-16 units), cut at line ends (or,
in a longer line, at a space): marked's emphasis rules are quadratic on runs of delimiters (8,000
characters of `*__a` take 0.3 s), so a long paragraph must not be one run. Emphasis that spans a cut
shows its markers.
*/
export const inlinePieceChars = 2000;

/**
Milliseconds inline lexing may take per text: a base plus this many per 1,000 characters, about five
times what dense real Markdown takes. Some delimiter mixes cost marked 10-30 microseconds a character
(200 times plain prose) at any length, so no rule on the text alone bounds the time; past the budget
the rest of the text's inline runs are plain text. Only such texts ever reach it.
*/
const inlineBudgetBaseMs = 100;
const inlineBudgetMsPerThousand = 1;

/** The run cut into pieces of at most `inlinePieceChars`: at the last line end, else the last space, else hard. */
export function inlinePieces(source: string): string[] {
	const pieces: string[] = [];
	let from = 0;
	while (source.length - from > inlinePieceChars) {
		const window = source.slice(from, from + inlinePieceChars);
		const newline = window.lastIndexOf('\n');
		const space = window.lastIndexOf(' ');
		const cut = newline > 0 ? newline + 1 : space > 0 ? space + 1 : inlinePieceChars;
		pieces.push(window.slice(0, cut));
		from += cut;
	}

	pieces.push(source.slice(from));
	return pieces;
}

/**
Container nesting (list markers, `>`, indentation in two-column steps) beyond which a text is not
lexed at all: marked's cost grows with the cube of list depth (1,000 levels take 10 s) and deep
block quotes overflow its stack.
*/
export const maxNestingDepth = 32;

class GuardedLexer extends Lexer {
	private readonly deadline: number;

	constructor(textLength: number) {
		super({gfm: true});
		this.deadline = performance.now() + inlineBudgetBaseMs + (textLength / 1000) * inlineBudgetMsPerThousand;
	}

	override inlineTokens(source: string, tokens: Token[] = []): Token[] {
		if (performance.now() > this.deadline) {
			tokens.push({type: 'text', raw: source, text: source, escaped: false});
			return tokens;
		}

		if (source.length <= inlinePieceChars) {
			return super.inlineTokens(source, tokens);
		}

		for (const piece of inlinePieces(source)) {
			this.inlineTokens(piece, tokens);
		}

		return tokens;
	}
}

const containerMarker = /[ \t]*(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/y;

/** How deep the line's leading containers go: markers, plus leading whitespace in steps of two. */
function lineNesting(line: string): number {
	let markers = 0;
	let spaces = 0;
	containerMarker.lastIndex = 0;
	for (;;) {
		const start = containerMarker.lastIndex;
		const match = containerMarker.exec(line);
		if (match === null) {
			break;
		}

		markers++;
		for (let index = start; index < containerMarker.lastIndex; index++) {
			const char = line[index];
			spaces += char === ' ' ? 1 : char === '\t' ? 4 : 0;
		}
	}

	return markers === 0 ? 0 : markers + Math.floor(spaces / 2);
}

/**
Lines whose start could nest deeper than the limit: at least this many characters that can build
containers (a tab is 4 columns, two levels, so 17 of them are enough), found by one regular-expression
scan; only those lines are measured.
*/
const deepCandidate = /^[ \t>*+\-.)\d]{17,}/gm;

/** True when some line nests containers deeper than `maxNestingDepth`. */
export function isTooDeep(text: string): boolean {
	for (const match of text.matchAll(deepCandidate)) {
		const end = text.indexOf('\n', match.index);
		if (lineNesting(text.slice(match.index, end === -1 ? text.length : end)) > maxNestingDepth) {
			return true;
		}
	}

	return false;
}

/** Lexed Markdown: top-level tokens whose `raw` texts, joined, are the (normalised) text. */
export type Lexed = {
	readonly text: string;
	readonly tokens: readonly Token[];
	readonly links: TokensList['links'];
};

function lexFrom(text: string, links: TokensList['links'] | undefined): Lexed | undefined {
	try {
		const lexer = new GuardedLexer(text.length);
		if (links !== undefined) {
			Object.assign(lexer.tokens.links, links);
		}

		const tokens = lexer.lex(text);
		return {text, tokens, links: tokens.links};
	} catch {
		// marked throws on what it cannot take (a stack overflow on deep nesting): show plain text.
		return undefined;
	}
}

/**
One line of plain prose: a letter, then letters, digits, spaces and the punctuation `,.;:'"?!()-`:
nothing marked reads as syntax. The short messages between tool calls are often just that ("Let me
read the config.").
*/
const plainProse = /^\p{L}[\p{L}\p{N} ,.;:'"?!()-]*$/u;

/**
The tokens marked gives a line of plain prose (undefined for any other text), without running
marked: its block rules' regular expressions take 20-30 ms to compile on first use, which would
otherwise land on a replay's first frame. A `www.` would be linked, and a trailing space is trimmed:
those go to marked.
*/
export function plainParagraph(text: string): Lexed | undefined {
	if (text.length > inlinePieceChars || text.endsWith(' ') || !plainProse.test(text) || /www\./i.test(text)) {
		return undefined;
	}

	const links: TokensList['links'] = Object.create(null);
	return {
		text,
		tokens: [{type: 'paragraph', raw: text, text, tokens: [{type: 'text', raw: text, text, escaped: false}]}],
		links,
	};
}

/** The text with `\r\n` and `\r` as `\n`, as marked would see it, so token offsets match. */
export function normalizeLineEnds(text: string): string {
	return text.includes('\r') ? text.replaceAll(/\r\n?/g, '\n') : text;
}

function rawLength(tokens: readonly Token[]): number {
	let length = 0;
	for (const token of tokens) {
		length += token.raw.length;
	}

	return length;
}

/** Tokens re-lexed when text is appended: the last ones may change meaning (a paragraph becomes a heading, a list grows). */
const unstableTokens = 2;

function stablePrefix(tokens: readonly Token[]): Token[] {
	let keep = tokens.length;
	let dropped = 0;
	while (keep > 0 && dropped < unstableTokens) {
		keep--;
		if (tokens[keep]?.type !== 'space') {
			dropped++;
		}
	}

	return tokens.slice(0, keep);
}

/**
A line that may define a link reference (`[name]: url`), also inside a quote or a list item. A
definition applies to links before it too, which were lexed without it: such a text is lexed whole.
*/
const definitionLine = /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*\[[^\]\n]*\]:/m;

/** Last lex per stream id, for appending; a few answers stream at once at most. */
const streams = new Map<string, Lexed>();
const streamLimit = 8;

function remember(id: string, lexed: Lexed): void {
	rememberBounded(streams, id, lexed, streamLimit);
}

/**
Lex `text` as GitHub-flavoured Markdown; undefined when it must be shown as plain text (too deeply
nested, or marked failed). With a stream `id`, a text that extends the one lexed last for that id
keeps the earlier tokens (the same objects, so what was built from them can be reused) and lexes
only the rest, which gives the tokens the whole text would (a link reference definition in the rest
makes it lex the whole text).
*/
export function lexMarkdown(text: string, id?: string): Lexed | undefined {
	const normalized = normalizeLineEnds(text);
	const before = id === undefined ? undefined : streams.get(id);
	if (before !== undefined && before.text === normalized) {
		return before;
	}

	let lexed: Lexed | undefined;
	if (before !== undefined && normalized.startsWith(before.text)) {
		const kept = stablePrefix(before.tokens);
		// The kept text was checked when it was lexed, and a kept token ends at a line end.
		const rest = normalized.slice(rawLength(kept));
		if (isTooDeep(rest)) {
			return undefined;
		}

		if (!definitionLine.test(rest)) {
			const tail = lexFrom(rest, before.links);
			lexed =
				tail === undefined
					? undefined
					: {text: normalized, tokens: [...kept, ...tail.tokens], links: tail.links};
		}
	} else if (isTooDeep(normalized)) {
		return undefined;
	}

	lexed ??= plainParagraph(normalized) ?? lexFrom(normalized, undefined);
	// Appending needs tokens that cover the text exactly (marked's do); never remember ones that do not.
	if (id !== undefined && lexed !== undefined && rawLength(lexed.tokens) === normalized.length) {
		remember(id, lexed);
	}

	return lexed;
}
