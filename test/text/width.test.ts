import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, expect, it, test} from 'vitest';
import {
	clusters,
	cutToWidth,
	displayWidth,
	isOneColumnText,
	oneColumnRanges,
	padToWidth,
	takeWidth,
	wordWrapRanges,
	wordWrapToWidth,
	wrapToWidth,
} from '../../source/text/width.js';

describe('displayWidth', () => {
	test.each([
		['', 0],
		['abc', 3],
		['漢字', 4],
		['ｶﾀｶﾅ', 4],
		['e\u0301', 1],
		['👩‍💻', 2],
		['🎉!', 3],
		['␛[2J', 4],
	])('%j is %i columns', (text, width) => {
		expect(displayWidth(text)).toBe(width);
	});
});

describe('cutToWidth', () => {
	test.each([
		['hello', 10, 'hello'],
		['hello world', 5, 'hell…'],
		['hello', 5, 'hello'],
		['漢字漢字', 5, '漢字…'],
		['漢字漢字', 4, '漢…'],
		['a👩‍💻b', 3, 'a…'],
		['abc', 0, ''],
		['abc', 1, '…'],
	])('%j at %i', (text, width, expected) => {
		const cut = cutToWidth(text, width);
		expect(cut).toBe(expected);
		expect(displayWidth(cut)).toBeLessThanOrEqual(width);
	});
});

describe('wrapToWidth', () => {
	test.each([
		['', 4, ['']],
		['abcdefghij', 4, ['abcd', 'efgh', 'ij']],
		['漢字漢字漢', 5, ['漢字', '漢字', '漢']],
		['ab漢字', 3, ['ab', '漢', '字']],
		['👩‍💻👩‍💻', 3, ['👩‍💻', '👩‍💻']],
	])('%j at %i', (text, width, expected) => {
		const rows = wrapToWidth(text, width);
		expect(rows).toEqual(expected);
		for (const row of rows) {
			expect(displayWidth(row)).toBeLessThanOrEqual(width);
		}
	});
});

test('takeWidth never splits a wide character', () => {
	expect(takeWidth('漢字', 3)).toEqual({text: '漢', width: 2});
});

test('padToWidth pads by columns, not code units', () => {
	expect(padToWidth('漢', 4)).toBe('漢  ');
});

describe('wordWrapToWidth', () => {
	test.each([
		['short', 10, ['short']],
		['The working folder is /work/main.', 20, ['The working folder', 'is /work/main.']],
		['a verylongwordthatdoesnotfit b', 8, ['a', 'verylong', 'wordthat', 'doesnotf', 'it b']],
		['漢字 漢字 漢字', 5, ['漢字', '漢字', '漢字']],
		['', 5, ['']],
		['lorem ipsum dolor sit amet', 13, ['lorem ipsum', 'dolor sit', 'amet']],
		// Several spaces at a break are all dropped; none starts the next row.
		['abcde   fgh', 5, ['abcde', 'fgh']],
		// Indentation before a word longer than a row is not drawn as an empty row.
		['    abcdefgh', 3, ['abc', 'def', 'gh']],
		// The space after a hard-wrapped word does not start the next row.
		['abcdefgh xy', 4, ['abcd', 'efgh', 'xy']],
		['     ', 3, ['']],
		['  indented text here', 10, ['  indented', 'text here']],
	])('%j at %i', (text, width, expected) => {
		const rows = wordWrapToWidth(text, width);
		expect(rows).toEqual(expected);
		for (const row of rows) {
			expect(displayWidth(row)).toBeLessThanOrEqual(width);
		}
	});
});

test('wordWrapRanges are offsets into the text, never ending in a space', () => {
	const text = 'The working  folder is /work/main, a verylongwordthatdoesnotfit here.';
	for (const width of [1, 3, 8, 13, 20, 80]) {
		const ranges = wordWrapRanges(text, width);
		expect(ranges.map(([from, to]) => text.slice(from, to))).toEqual(wordWrapToWidth(text, width));
		for (const [from, to] of ranges) {
			expect(text.slice(from, to)).not.toMatch(/^ | $/);
			expect(displayWidth(text.slice(from, to))).toBeLessThanOrEqual(width);
		}
	}
});

test('every character of the fast path is one column and its own cluster, as string-width and the segmenter say', () => {
	const segmenter = new Intl.Segmenter('en', {granularity: 'grapheme'});
	let checked = 0;
	for (const [first, last] of oneColumnRanges) {
		for (let code = first; code <= last; code++) {
			const character = String.fromCharCode(code);
			expect(stringWidth(character), character).toBe(1);
			// Next to a letter and a box-drawing line it stays a cluster of its own.
			expect([...segmenter.segment(`a${character}│`)].length, character).toBe(3);
			checked++;
		}
	}

	expect(checked).toBeGreaterThan(700);
	expect(isOneColumnText('  1 │ const é = "…";')).toBe(true);
	expect(isOneColumnText('e\u0301')).toBe(false);
	expect(isOneColumnText('\u00ad')).toBe(false);
	expect(isOneColumnText('漢')).toBe(false);
	// With the emoji selector the warning sign is an emoji, two columns: the slow path measures it.
	expect(isOneColumnText('⚠ model got')).toBe(true);
	expect(isOneColumnText('⚠\ufe0f')).toBe(false);
	expect(displayWidth('⚠\ufe0f')).toBe(2);
});

describe('clusters of long texts', () => {
	const segmenter = new Intl.Segmenter('en', {granularity: 'grapheme'});
	const whole = (text: string) => Array.from(segmenter.segment(text), (segment) => segment.segment);
	const parts = [
		'a',
		' ',
		'\u0301',
		'🇫',
		'🇷',
		'\u200d',
		'👩',
		'\r',
		'\n',
		'中',
		'\u0a69',
		'e',
		'\ufe0f',
		'\u0301'.repeat(40),
	];

	it('are the clusters the segmenter gives the whole text, at every window boundary', () => {
		fc.assert(
			fc.property(fc.array(fc.constantFrom(...parts), {minLength: 100, maxLength: 900}), (chosen) => {
				const text = chosen.join('');
				expect(clusters(text)).toEqual(whole(text));
			}),
			{numRuns: 300, seed: 20_261_202},
		);
		// Regional indicators cut by a window's end pair as in the whole text.
		for (let before = 0; before < 140; before++) {
			const text = `${'\u0a69'.repeat(before)}${'🇫'.repeat(65)}x`;
			expect(clusters(text)).toEqual(whole(text));
		}
	});

	it('take time linear in the length (a 3 MB line from a hostile log took hours)', () => {
		const text = `${'y'.repeat(2_000_000)}\u0a69${'中'.repeat(200_000)}`;
		const found = clusters(text);
		expect(found).toHaveLength(2_200_001);
		expect(displayWidth(text)).toBe(2_000_001 + 400_000);
	}, 30_000);
});
