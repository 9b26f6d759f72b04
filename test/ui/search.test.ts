import {describe, expect, test} from 'vitest';
import type {ToolCallItem, TranscriptItem} from '../../source/transcript/types.js';
import {nextMatch, searchFields, searchStatus, TranscriptSearch} from '../../source/ui/search.js';

function tool(id: string, args: Record<string, unknown>, text: string, parentId?: string): ToolCallItem {
	return {
		type: 'tool',
		id,
		name: 'bash',
		args,
		status: 'done',
		result: {content: [{type: 'text', text}], isError: false},
		...(parentId === undefined ? {} : {parentId}),
	};
}

const items: TranscriptItem[] = [
	{type: 'user', id: 'u1', text: 'Find the LoadConfig callers'},
	{type: 'assistant', id: 'a1', text: 'Reading the loader.'},
	tool('t1', {command: 'grep -rn loadconfig src'}, 'src/a.ts:1'),
	{type: 'notice', id: 'n1', level: 'info', text: 'loadConfig mentioned in a notice'},
	tool('t2', {command: 'cat README.md'}, '# Project\nCall LOADCONFIG once.'),
	{type: 'user', id: 'u2', text: 'thanks'},
];

describe('search over items', () => {
	test('finds user and assistant text, a call’s argument summary and its result, case-insensitively', () => {
		const search = new TranscriptSearch('loadCONFIG');
		// The notice (index 3) is lector's own remark, not the session's words.
		expect(search.matches(items)).toEqual([0, 2, 4]);
		expect(new TranscriptSearch('reading the').matches(items)).toEqual([1]);
		expect(new TranscriptSearch('bash').matches(items)).toEqual([2, 4]);
		expect(new TranscriptSearch('a.ts:1').matches(items)).toEqual([2]);
		expect(new TranscriptSearch('(').matches(items)).toEqual([]);
		expect(new TranscriptSearch('').matches(items)).toEqual([]);
	});

	test('fields are cached per item object; a changed item (a new object) is searched again', () => {
		const first = items[2];
		expect(first).toBeDefined();
		if (first === undefined) return;
		expect(searchFields(first)).toBe(searchFields(first));
		expect(searchFields(first)).toEqual(['bash', 'grep -rn loadconfig src', 'src/a.ts:1']);

		const search = new TranscriptSearch('needle');
		const running: ToolCallItem = {
			type: 'tool',
			id: 't9',
			name: 'bash',
			args: {},
			status: 'running',
			result: undefined,
		};
		expect(search.matches([running])).toEqual([]);
		const done = tool('t9', {}, 'a needle in the output');
		expect(search.matches([done])).toEqual([0]);
	});

	test('next and previous match wrap around; the focused match is stepped over', () => {
		const matches = [2, 5, 9];
		expect(nextMatch(matches, -1, 1)).toBe(2);
		expect(nextMatch(matches, 2, 1)).toBe(5);
		expect(nextMatch(matches, 3, 1)).toBe(5);
		expect(nextMatch(matches, 9, 1)).toBe(2);
		expect(nextMatch(matches, 5, -1)).toBe(2);
		expect(nextMatch(matches, 6, -1)).toBe(5);
		expect(nextMatch(matches, 2, -1)).toBe(9);
		expect(nextMatch(matches, -1, -1)).toBe(9);
		expect(nextMatch([], 0, 1)).toBeUndefined();
	});

	test('the status line says where the focus is among the matches', () => {
		expect(searchStatus('x', [2, 5, 9], 5)).toBe('match 2 of 3');
		expect(searchStatus('x', [2, 5, 9], 4)).toBe('3 matches for "x"');
		expect(searchStatus('x', [2], 4)).toBe('1 match for "x"');
		expect(searchStatus('x', [], 4)).toBe('no match for "x"');
	});
});

test('searching 10,000 items again and again costs the items’ text, not their rendering', () => {
	const many: TranscriptItem[] = [];
	for (let index = 0; index < 10_000; index++) {
		const body = Array.from(
			{length: 40},
			(_, line) => `const value${line} = compute(${index}, ${line});`,
		).join('\n');
		many.push(
			index % 10 === 0
				? {type: 'user', id: `u${index}`, text: `prompt ${index}`}
				: tool(`t${index}`, {command: `cat file${index}.ts`}, index === 7777 ? `${body}\nNeedle here` : body),
		);
	}

	// Different queries share the per-item fields; the same query reuses its verdicts.
	for (let round = 0; round < 5; round++) {
		expect(new TranscriptSearch('needle').matches(many)).toEqual([7777]);
		expect(new TranscriptSearch('PROMPT 99').matches(many)).toEqual([
			990, 9900, 9910, 9920, 9930, 9940, 9950, 9960, 9970, 9980, 9990,
		]);
	}

	const search = new TranscriptSearch('file1234.ts');
	expect(search.matches(many)).toEqual([1234]);
	// A transcript that grew by one item: only the new item is tested.
	const grown = [...many, tool('t-new', {command: 'cat file1234.ts'}, '')];
	expect(search.matches(grown)).toEqual([1234, 10_000]);
});

describe('search in answers', () => {
	const answers: TranscriptItem[] = [
		{
			type: 'assistant',
			id: 'md1',
			text: 'The **bold** word, a `code span`, and [the docs](https://example.com/guide).',
		},
		{type: 'assistant', id: 'md2', text: '# Heading here\n\n- first *item*\n\n```ts\nconst needle = 1;\n```'},
	];

	test('finds the words an answer shows, across its Markdown', () => {
		expect(new TranscriptSearch('bold word').matches(answers)).toEqual([0]);
		expect(new TranscriptSearch('a code span').matches(answers)).toEqual([0]);
		expect(new TranscriptSearch('the docs (https://example.com').matches(answers)).toEqual([0]);
		expect(new TranscriptSearch('heading here').matches(answers)).toEqual([1]);
		expect(new TranscriptSearch('first item').matches(answers)).toEqual([1]);
		expect(new TranscriptSearch('const needle').matches(answers)).toEqual([1]);
	});

	test('never finds the markup itself', () => {
		for (const markup of ['**', '`code', '](', '# Heading', '```', '*item*']) {
			expect(new TranscriptSearch(markup).matches(answers), markup).toEqual([]);
		}
	});
});
