import {describe, expect, test} from 'vitest';
import {MouseInput, parseMouse, wheelRows} from '../../source/ui/mouse.js';

test.each([
	['[<64;10;5M', -wheelRows],
	['\u001B[<64;10;5M', -wheelRows],
	['[<65;1;1M', wheelRows],
	// With shift, meta or ctrl held the wheel still scrolls.
	['[<68;3;4M', -wheelRows],
	['[<81;3;4M', wheelRows],
	// Clicks, releases, drags and the horizontal wheel are reports too, and do nothing.
	['[<0;10;5M', 0],
	['[<0;10;5m', 0],
	['[<32;10;5M', 0],
	['[<66;10;5M', 0],
])('%j is a mouse report scrolling %i rows', (input, rows) => {
	expect(parseMouse(input)).toEqual({wheel: rows});
});

test.each(['j', '[', '[<64;10;5', '[<64;10M', '[<x;1;1M', '[<64;10;5Mj', ''])(
	'%j is not a mouse report',
	(input) => {
		expect(parseMouse(input)).toBeUndefined();
	},
);

describe('MouseInput', () => {
	test('a report split in pieces is joined, and nothing of it reaches the keys', () => {
		const mouse = new MouseInput();
		expect(mouse.take('[<65;10;5', true)).toEqual({report: undefined, rest: ''});
		expect(mouse.take('M', true)).toEqual({report: {wheel: wheelRows}, rest: ''});
		expect(mouse.take('[<6', true)).toEqual({report: undefined, rest: ''});
		expect(mouse.take('4;1', true)).toEqual({report: undefined, rest: ''});
		expect(mouse.take('0;5Mj', true)).toEqual({report: {wheel: -wheelRows}, rest: 'j'});
	});

	test('a whole report, and plain keys, pass as before', () => {
		const mouse = new MouseInput();
		expect(mouse.take('[<0;1;1M', true)).toEqual({report: {wheel: 0}, rest: ''});
		expect(mouse.take('jjj', true)).toEqual({report: undefined, rest: 'jjj'});
	});

	test('a held start that turns out not to be a report is dropped, and the new input is kept', () => {
		const mouse = new MouseInput();
		expect(mouse.take('[<65', true)).toEqual({report: undefined, rest: ''});
		expect(mouse.take('x', true)).toEqual({report: undefined, rest: 'x'});
	});

	test('with reporting off nothing is held: typed `[<` stays text', () => {
		const mouse = new MouseInput();
		expect(mouse.take('[<', false)).toEqual({report: undefined, rest: '[<'});
	});
});
