import {describe, expect, it} from 'vitest';
import {optionalNumber, parseParams, parseRanges, wholeNumberOf} from '../../source/read/params.js';

describe('parseRanges', () => {
	it.each([
		['3', [{first: 3, last: 3}]],
		['1-5', [{first: 1, last: 5}]],
		[
			'2,4-6',
			[
				{first: 2, last: 2},
				{first: 4, last: 6},
			],
		],
		[' 7- ', [{first: 7, last: undefined}]],
		[3, [{first: 3, last: 3}]],
		['', undefined],
		[null, undefined],
	])('%j', (value, expected) => {
		expect(parseRanges({pages: value}, 'pages')).toEqual(expected);
	});

	it.each(['0', '5-2', 'a', '1,,2', '-3', '1.5'])('refuses %j with the accepted forms', (value) => {
		const parsed = parseRanges({pages: value}, 'pages');
		expect(parsed).toBeInstanceOf(Error);
		expect(parsed instanceof Error ? parsed.message : '').toContain('"1-5"');
	});
});

describe('parseParams', () => {
	it('keeps pages, cells and outline on the request', () => {
		const parsed = parseParams({path: 'a.pdf', pages: '1-2', cells: '', outline: 'true'});
		expect(parsed).toMatchObject({
			ok: true,
			request: {pages: [{first: 1, last: 2}], cells: undefined, outline: true},
		});
	});

	it('defaults to numbered lines from the start', () => {
		expect(parseParams({path: 'a.ts'})).toEqual({
			ok: true,
			request: {
				path: 'a.ts',
				selection: {mode: 'range', offset: 1, limit: undefined},
				lineNumbers: true,
				pages: undefined,
				cells: undefined,
				outline: false,
			},
		});
	});
});

describe('numbers: plain decimal digits only, the one rule for every number lector reads from text', () => {
	it.each([
		['120', 120],
		[' 7 ', 7],
		['-3', -3],
		['+4', 4],
		['1e3', undefined],
		['0x10', undefined],
		['1.5', undefined],
		['1.0', undefined],
		['8k', undefined],
		['1_000', undefined],
		['', undefined],
		['99999999999999999999', undefined],
	])('%j', (text, expected) => {
		expect(wholeNumberOf(text)).toBe(expected);
	});

	it.each(['1e3', '1.5', '0x10'])('offset %j is refused, like 1.5 always was', (offset) => {
		expect(parseParams({path: 'a.ts', offset})).toEqual({
			ok: false,
			message: `offset must be a whole number in digits (e.g. 120), got "${offset}".`,
		});
	});

	it('takes JSON integers as they come and refuses fractions', () => {
		expect(optionalNumber({limit: 1e3}, 'limit')).toBe(1000);
		expect(optionalNumber({limit: 1.5}, 'limit')).toBeInstanceOf(Error);
	});
});
