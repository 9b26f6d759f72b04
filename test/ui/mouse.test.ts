import {expect, test} from 'vitest';
import {parseMouse, wheelRows} from '../../source/ui/mouse.js';

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
