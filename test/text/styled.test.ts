import {expect, test} from 'vitest';
import {
	cutLine,
	lineText,
	lineWidth,
	type StyledLine,
	wordWrapLine,
	wrapLine,
	wrappedRowCount,
} from '../../source/text/styled.js';
import {wordWrapToWidth} from '../../source/text/width.js';

const line = [
	{text: 'const ', role: 'keyword'},
	{text: 'name', role: 'title'},
	{text: ' = "漢字";', role: 'string'},
] as const;

test('cutLine keeps roles and ends with an ellipsis in the cut role', () => {
	const cut = cutLine(line, 8);
	expect(lineText(cut)).toBe('const n…');
	expect(cut.at(-1)).toEqual({text: '…', role: 'title'});
	expect(lineWidth(cut)).toBe(8);
});

test('cutLine returns short lines unchanged', () => {
	expect(cutLine(line, 40)).toBe(line);
});

test('wrapLine splits across segments and never straddles a wide character', () => {
	const rows = wrapLine(line, 7);
	expect(rows.map((row) => lineText(row))).toEqual(['const n', 'ame = "', '漢字";']);
	expect(rows[1]?.map((segment) => segment.role)).toEqual(['title', 'string']);
	expect(wrappedRowCount(line, 7)).toBe(3);
	for (const row of rows) {
		expect(lineWidth(row)).toBeLessThanOrEqual(7);
	}
});

const prose: StyledLine = [
	{text: 'lorem ', role: 'text'},
	{text: 'ipsum dolor', role: 'strong'},
	{text: ' sit amet, consectetur', role: 'text'},
];

test.each([
	[13, ['lorem ipsum', 'dolor sit', 'amet,', 'consectetur']],
	[20, ['lorem ipsum dolor', 'sit amet,', 'consectetur']],
	[5, ['lorem', 'ipsum', 'dolor', 'sit', 'amet,', 'conse', 'ctetu', 'r']],
	[80, ['lorem ipsum dolor sit amet, consectetur']],
])('wordWrapLine at %i breaks at spaces, like wordWrapToWidth', (width, expected) => {
	const rows = wordWrapLine(prose, width);
	expect(rows.map((row) => lineText(row))).toEqual(expected);
	expect(rows.map((row) => lineText(row))).toEqual(wordWrapToWidth(lineText(prose), width));
	for (const row of rows) {
		expect(lineWidth(row)).toBeLessThanOrEqual(width);
	}
});

test('wordWrapLine keeps each piece in its role, also when a break falls inside a segment', () => {
	const rows = wordWrapLine(prose, 13);
	expect(rows[0]).toEqual([
		{text: 'lorem ', role: 'text'},
		{text: 'ipsum', role: 'strong'},
	]);
	expect(rows[1]).toEqual([
		{text: 'dolor', role: 'strong'},
		{text: ' sit', role: 'text'},
	]);
	expect(wordWrapLine([], 10)).toEqual([[]]);
	expect(wordWrapLine([{text: '漢字 漢字', role: 'text'}], 4)).toEqual([
		[{text: '漢字', role: 'text'}],
		[{text: '漢字', role: 'text'}],
	]);
});
