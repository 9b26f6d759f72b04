// Hand-checked cases for the oracle itself: if these are wrong, the property test proves nothing.
import {describe, expect, test} from 'vitest';
import {defaultLimits, type ReadLimits} from '../../source/read/types.js';
import {decodeFile, formatLine, type ReferenceRequest, referenceRead, splitLines} from './reference.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const plain: ReferenceRequest = {lineNumbers: false};
const limitsWith = (overrides: Partial<ReadLimits>): ReadLimits => ({...defaultLimits, ...overrides});

describe('splitLines', () => {
	test.each([
		['a\nb\n', ['a', 'b']],
		['a\nb', ['a', 'b']],
		['', []],
		['\n', ['']],
		['\n\n', ['', '']],
		['\r', ['']],
		['a\r\nb\rc', ['a', 'b', 'c']],
		['a\r\r\nb', ['a', '', 'b']],
		['a\n\rb', ['a', '', 'b']],
		['a\u2028b\u0085c', ['a\u2028b\u0085c']],
	])('%j', (text, lines) => {
		expect(splitLines(text)).toEqual(lines);
	});
});

describe('decodeFile', () => {
	test('drops one UTF-8 BOM and keeps a second one as text', () => {
		const decoded = decodeFile(Uint8Array.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf, 0x61]));
		expect(decoded).toEqual({text: '\uFEFFa', encoding: 'utf-8', invalidUtf8: false, lineBytes: [4]});
	});

	test('replaces undecodable bytes with U+FFFD', () => {
		const decoded = decodeFile(Uint8Array.from([0x61, 0xff, 0x0a, 0xe4, 0xb8, 0x0a]));
		// Line sizes are counted in the file: 2 bytes each, though each U+FFFD takes 3 in UTF-8.
		expect(decoded).toEqual({
			text: 'a\uFFFD\n\uFFFD\n',
			encoding: 'utf-8',
			invalidUtf8: true,
			lineBytes: [2, 2],
		});
	});

	test('UTF-16 LE and BE by their BOM', () => {
		expect(decodeFile(Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00]))).toEqual({
			text: 'a\n',
			encoding: 'utf-16le',
			invalidUtf8: false,
			lineBytes: undefined,
		});
		expect(decodeFile(Uint8Array.from([0xfe, 0xff, 0x00, 0x61, 0x6c, 0x34]))).toEqual({
			text: 'a水',
			encoding: 'utf-16be',
			invalidUtf8: false,
			lineBytes: undefined,
		});
	});
});

describe('formatLine', () => {
	test('cat -n style number', () => {
		expect(formatLine(7, 'x', 10).formatted).toBe('     7\tx');
		expect(formatLine(1_234_567, 'x', 10).formatted).toBe('1234567\tx');
	});

	test('clips by code points and counts the whole line in UTF-8 bytes', () => {
		// 11 code points, é and ö take 2 bytes each: 13 bytes.
		expect(formatLine(undefined, 'héllo wörld', 5)).toEqual({
			formatted: 'héllo … [line clipped: 13 bytes]',
			text: 'héllo',
			clipped: true,
		});
		// An emoji is one code point (two UTF-16 units) and 4 bytes.
		expect(formatLine(undefined, '😀😀😀', 2).text).toBe('😀😀');
		expect(formatLine(undefined, '😀😀', 2).clipped).toBe(false);
	});
});

describe('referenceRead', () => {
	test('default read of a small file', () => {
		const result = referenceRead(utf8('a\nbc\n'), {lineNumbers: true}, defaultLimits);
		expect(result).toMatchObject({
			firstLine: 1,
			linesShown: 2,
			lines: ['a', 'bc'],
			totalLines: 2,
			body: '     1\ta\n     2\tbc',
			// 8 + 1 + 9 bytes.
			outputBytes: 18,
			truncation: undefined,
			clippedLines: [],
			nextOffset: undefined,
			oversizedLineBytes: undefined,
			offsetPastEnd: false,
		});
	});

	test('maxLines stops the output: lines', () => {
		const result = referenceRead(utf8('1\n2\n3\n4\n5\n'), plain, limitsWith({maxLines: 2}));
		expect(result).toMatchObject({lines: ['1', '2'], truncation: 'lines', nextOffset: 3, totalLines: 5});
	});

	test('a limit equal to maxLines is not truncation, but still gives nextOffset', () => {
		const limits = limitsWith({maxLines: 2});
		expect(referenceRead(utf8('1\n2\n3\n'), {...plain, limit: 2}, limits)).toMatchObject({
			lines: ['1', '2'],
			truncation: undefined,
			nextOffset: 3,
		});
		expect(referenceRead(utf8('1\n2\n3\n'), {...plain, offset: 2, limit: 2}, limits)).toMatchObject({
			lines: ['2', '3'],
			truncation: undefined,
			nextOffset: undefined,
		});
	});

	test('the byte cap counts one newline between lines, none after the last', () => {
		const file = utf8('aaaa\nbbbb\ncccc');
		// 4 + 1 + 4 = 9 fits exactly; the third line would make 14.
		expect(referenceRead(file, plain, limitsWith({maxBytes: 9}))).toMatchObject({
			lines: ['aaaa', 'bbbb'],
			outputBytes: 9,
			truncation: 'bytes',
			nextOffset: 3,
		});
		expect(referenceRead(file, plain, limitsWith({maxBytes: 8}))).toMatchObject({
			lines: ['aaaa'],
			outputBytes: 4,
			truncation: 'bytes',
			nextOffset: 2,
		});
	});

	test('both caps on the same line', () => {
		const file = utf8('aaaa\nbbbb\ncccc\n');
		expect(referenceRead(file, plain, limitsWith({maxLines: 2, maxBytes: 13}))).toMatchObject({
			linesShown: 2,
			truncation: 'both',
			nextOffset: 3,
		});
		// With 14 bytes the third line would have fitted: only the line cap stopped the output.
		expect(referenceRead(file, plain, limitsWith({maxLines: 2, maxBytes: 14})).truncation).toBe('lines');
	});

	test('an oversized first line shows nothing and continues after it', () => {
		const result = referenceRead(utf8('abcdefghij\nx\n'), {lineNumbers: true}, limitsWith({maxBytes: 5}));
		expect(result).toMatchObject({
			firstLine: 1,
			linesShown: 0,
			lines: [],
			body: '',
			outputBytes: 0,
			truncation: 'bytes',
			// '     1\tabcdefghij'.
			oversizedLineBytes: 17,
			nextOffset: 2,
		});
	});

	test('an oversized line after shown lines is a plain byte stop', () => {
		const result = referenceRead(utf8('a\nabcdefghij\n'), plain, limitsWith({maxBytes: 5}));
		expect(result).toMatchObject({
			lines: ['a'],
			oversizedLineBytes: undefined,
			truncation: 'bytes',
			nextOffset: 2,
		});
	});

	test('clipped lines without any cap: line-length', () => {
		const result = referenceRead(utf8('short\nlong line\n'), plain, limitsWith({maxLineChars: 5}));
		expect(result).toMatchObject({
			lines: ['short', 'long '],
			clippedLines: [2],
			truncation: 'line-length',
			body: 'short\nlong  … [line clipped: 9 bytes]',
			outputBytes: 5 + 1 + Buffer.byteLength('long  … [line clipped: 9 bytes]'),
		});
	});

	test('tail is offset=max(1, total-N+1), limit=N', () => {
		const file = utf8('1\n2\n3\n4\n5');
		expect(referenceRead(file, {lineNumbers: true, tail: 2}, defaultLimits)).toMatchObject({
			firstLine: 4,
			lines: ['4', '5'],
			nextOffset: undefined,
			body: '     4\t4\n     5\t5',
		});
		expect(referenceRead(file, {...plain, tail: 9}, defaultLimits).firstLine).toBe(1);
		expect(referenceRead(file, {...plain, tail: 3}, limitsWith({maxLines: 1}))).toMatchObject({
			lines: ['3'],
			truncation: 'lines',
			nextOffset: 4,
		});
	});

	test('offset past the end, and the empty file', () => {
		expect(referenceRead(utf8('a\nb\n'), {...plain, offset: 3}, defaultLimits)).toMatchObject({
			offsetPastEnd: true,
			linesShown: 0,
			totalLines: 2,
			nextOffset: undefined,
			truncation: undefined,
		});
		expect(referenceRead(utf8(''), plain, defaultLimits)).toMatchObject({
			offsetPastEnd: false,
			linesShown: 0,
			totalLines: 0,
		});
		expect(referenceRead(Uint8Array.from([0xef, 0xbb, 0xbf]), plain, defaultLimits).totalLines).toBe(0);
	});

	test('mixed line ends and multibyte text keep their real numbers', () => {
		const result = referenceRead(utf8('水\r\n😀\ré\n'), {lineNumbers: true, offset: 2}, defaultLimits);
		expect(result).toMatchObject({firstLine: 2, lines: ['😀', 'é'], totalLines: 3});
	});
});
