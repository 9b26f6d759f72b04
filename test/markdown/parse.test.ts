/**
Lexing answers: a streamed answer, lexed again and again as it grows, ends exactly as the whole text
lexed at once, reusing its earlier tokens; unterminated fences show as code while they stream; text
too deep to lex safely is refused.
*/
import {Lexer} from 'marked';
import {describe, expect, test} from 'vitest';
import {blocksText, markdownBlocks} from '../../source/markdown/blocks.js';
import {
	inlinePieceChars,
	inlinePieces,
	isTooDeep,
	lexMarkdown,
	maxNestingDepth,
	plainParagraph,
} from '../../source/markdown/parse.js';
import {lineText} from '../../source/text/styled.js';
import type {AssistantTextItem} from '../../source/transcript/types.js';
import {panelRows, panelText} from '../helpers/panels.js';

const answer = [
	'# Plan',
	'',
	'See [the docs][docs].',
	'',
	'First a paragraph with **bold** and `code`,',
	'continued on a second line.',
	'',
	'- one',
	'- two',
	'  - nested',
	'',
	'Setext heading',
	'==============',
	'',
	'```ts',
	'const a: number = 1;',
	'',
	'export function f(): void {}',
	'```',
	'',
	'| a | b |',
	'|---|---|',
	'| 1 | 2 |',
	'',
	'> quoted',
	'lazy continuation',
	'',
	'1. first',
	'',
	'2. second, loose',
	'',
	'[docs]: https://example.com/docs',
	'',
].join('\r\n');

function rowsOf(item: AssistantTextItem, width = 60): string[] {
	return panelText(item, {width});
}

describe('streaming', () => {
	test.each([1, 3, 7, 16, 50])(
		'an answer streamed %i characters at a time ends as the whole answer',
		(step) => {
			const id = `stream-${step}`;
			let last: string[] = [];
			for (let end = step; end < answer.length + step; end += step) {
				last = rowsOf({type: 'assistant', id, text: answer.slice(0, end)});
			}

			expect(last).toEqual(rowsOf({type: 'assistant', id: `whole-${step}`, text: answer}));
			expect(last).toContain('See the docs (https://example.com/docs).');
		},
	);

	test('appending keeps the earlier tokens: the same objects, lexed once', () => {
		const first = lexMarkdown('# One\n\npara one\n\npara two\n\n', 'keep');
		const second = lexMarkdown('# One\n\npara one\n\npara two\n\npara three', 'keep');
		expect(first).toBeDefined();
		expect(second?.tokens[0]).toBe(first?.tokens[0]);
		expect(second?.tokens.map((token) => token.type)).toEqual([
			'heading',
			'space',
			'paragraph',
			'space',
			'paragraph',
			'space',
			'paragraph',
		]);
	});

	test('a text that does not extend the last one is lexed afresh', () => {
		lexMarkdown('- a list', 'fresh');
		expect(lexMarkdown('# a heading', 'fresh')?.tokens.map((token) => token.type)).toEqual(['heading']);
	});

	test('an unterminated fence shows as highlighted code while it streams', () => {
		const id = 'fence';
		const open = rowsOf({type: 'assistant', id, text: 'Here:\n\n```ts\nconst a = 1;\nconst b'});
		expect(open).toEqual(['Here:', '', '  const a = 1;', '  const b']);
		const item: AssistantTextItem = {
			type: 'assistant',
			id,
			text: 'Here:\n\n```ts\nconst a = 1;\nconst b = 2;\n```\n\nDone.',
		};
		expect(rowsOf(item)).toEqual(['Here:', '', '  const a = 1;', '  const b = 2;', '', 'Done.']);
		const shown = panelRows(item, {width: 60});
		expect(shown[2]?.find((segment) => segment.text === 'const')?.role).toBe('keyword');
		expect(lineText(shown[5] ?? [])).toBe('Done.');
	});

	test('a fence opened but not yet named shows its first line as code', () => {
		expect(rowsOf({type: 'assistant', id: 'unnamed', text: 'x\n\n```'})).toEqual(['x']);
		expect(rowsOf({type: 'assistant', id: 'unnamed', text: 'x\n\n```py\nprint(1)'})).toEqual([
			'x',
			'',
			'  print(1)',
		]);
	});
});

describe('guards', () => {
	test('nesting up to the limit is lexed; beyond it the text is refused', () => {
		const list = (depth: number) =>
			Array.from({length: depth}, (_, index) => `${'  '.repeat(index)}- a`).join('\n');
		expect(isTooDeep(list(maxNestingDepth / 2))).toBe(false);
		expect(isTooDeep(list(maxNestingDepth + 1))).toBe(true);
		expect(isTooDeep('> '.repeat(maxNestingDepth + 1))).toBe(true);
		expect(isTooDeep('- '.repeat(maxNestingDepth + 1))).toBe(true);
		expect(lexMarkdown('> '.repeat(maxNestingDepth + 1))).toBeUndefined();
	});

	test('deep indentation alone (code, a rule) is not nesting', () => {
		expect(isTooDeep(`${' '.repeat(200)}code`)).toBe(false);
		expect(isTooDeep('-'.repeat(300))).toBe(false);
	});

	test('a refused text still shows every line', () => {
		const text = `${'> '.repeat(5000)}x\nlast`;
		expect(blocksText(markdownBlocks(text))).toBe(text);
	});
});

describe('long paragraphs', () => {
	test('are lexed in pieces cut at line ends, else at spaces, never longer than the limit', () => {
		const lines = Array.from({length: 300}, (_, index) => `line ${index} of a long paragraph`);
		const text = lines.join('\n');
		const pieces = inlinePieces(text);
		expect(pieces.join('')).toBe(text);
		expect(pieces.length).toBeGreaterThan(1);
		for (const piece of pieces) {
			expect(piece.length).toBeLessThanOrEqual(inlinePieceChars);
		}

		expect(pieces.slice(0, -1).every((piece) => piece.endsWith('\n'))).toBe(true);
		const oneLine = 'word '.repeat(1000);
		expect(
			inlinePieces(oneLine)
				.slice(0, -1)
				.every((piece) => piece.endsWith(' ')),
		).toBe(true);
		expect(inlinePieces('x'.repeat(inlinePieceChars * 2 + 1)).map((piece) => piece.length)).toEqual([
			inlinePieceChars,
			inlinePieceChars,
			1,
		]);
	});

	test('keep their markup styled across the whole paragraph', () => {
		const lines = Array.from(
			{length: 400},
			(_, index) => `line ${index} has **bold ${index}** and \`code ${index}\``,
		);
		const rows = panelRows({type: 'assistant', id: 'long', text: lines.join('\n')}, {width: 200});
		const text = rows.map((row) => lineText(row)).join(' ');
		expect(text).not.toContain('**');
		expect(text).not.toContain('`');
		const roles = new Map(rows.flat().map((segment) => [segment.text, segment.role]));
		expect(roles.get('bold 399')).toBe('strong');
		expect(roles.get('code 399')).toBe('inlineCode');
	});
});

test('a line of plain prose gets the tokens marked gives it, without marked; anything else goes to marked', () => {
	// Random lines over prose and syntax characters, from a fixed seed: the fast path takes only lines
	// whose tokens equal marked's, and lexMarkdown gives marked's tokens either way.
	const alphabet = [
		...'abcdefgwW .,;:\'"?!()-01239é漢',
		'*',
		'_',
		'#',
		'>',
		'`',
		'[',
		']',
		'<',
		'&',
		'~',
		'|',
		'/',
		'@',
		'\\',
		'www.',
		'  ',
		'1. ',
		'- ',
	];
	let seed = 20_261_203;
	const next = (below: number) => {
		seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
		return seed % below;
	};

	let taken = 0;
	let declined = 0;
	for (let run = 0; run < 3000; run++) {
		const length = 1 + next(40);
		let text = '';
		for (let index = 0; index < length; index++) {
			text += alphabet[next(alphabet.length)] ?? '';
		}

		const marked = JSON.parse(JSON.stringify(new Lexer({gfm: true}).lex(text))) as unknown;
		const fast = plainParagraph(text);
		if (fast === undefined) {
			declined++;
		} else {
			taken++;
			expect(JSON.parse(JSON.stringify(fast.tokens)), text).toEqual(marked);
		}

		expect(JSON.parse(JSON.stringify(lexMarkdown(text)?.tokens)), text).toEqual(marked);
	}

	expect(taken).toBeGreaterThan(100);
	expect(declined).toBeGreaterThan(100);
	for (const line of [
		'Calling Read (step 1).',
		"It's done: 3 files (all read) - next?",
		'Déjà vu, 漢字 ok!',
	]) {
		expect(plainParagraph(line), line).toBeDefined();
	}

	for (const line of [
		'See www.example.com now',
		'Trailing space ',
		'1. a list',
		'a *b*',
		'x_y',
		'# Title',
		'a\nb',
	]) {
		expect(plainParagraph(line), line).toBeUndefined();
	}
});
