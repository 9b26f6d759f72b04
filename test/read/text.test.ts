import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ReadCache, type ReadResult, read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const workspace = makeTempDir();

function file(name: string, content: string | Buffer): string {
	const filePath = path.join(workspace, name);
	writeFileSync(filePath, content);
	return filePath;
}

function text(result: ReadResult): string {
	const [first] = result.content;
	return first?.type === 'text' ? first.text : '';
}

const numbered = (count: number, from = 1) =>
	Array.from({length: count}, (_, index) => `line ${from + index}`).join('\n');

describe('numbering and counting', () => {
	it('numbers lines cat -n style from the real line', async () => {
		const filePath = file('five.txt', `${numbered(5)}\n`);
		const result = await read({path: filePath, offset: 2, limit: 2});
		expect(text(result)).toBe(
			'     2\tline 2\n     3\tline 3\n\n[Showing lines 2-3 of 5. Continue with offset=4.]',
		);
		expect(result.details).toMatchObject({firstLine: 2, linesShown: 2, totalLines: 5, nextOffset: 4});
	});

	it('counts a final newline as the end of the last line, not an extra line', async () => {
		const withNewline = await read({path: file('a.txt', `${numbered(5000)}\n`)});
		const without = await read({path: file('b.txt', numbered(5000))});
		expect(withNewline.details.totalLines).toBe(5000);
		expect(without.details.totalLines).toBe(5000);
	});

	it('leaves numbers out on request', async () => {
		const result = await read({path: file('plain.txt', 'a\nb\n'), line_numbers: false});
		expect(text(result)).toBe('a\nb');
	});
});

describe('caps', () => {
	it('stops at 2000 lines with the exact next offset', async () => {
		const result = await read({path: file('many.txt', `${numbered(5000)}\n`)});
		expect(result.details).toMatchObject({linesShown: 2000, truncation: 'lines', nextOffset: 2001});
		expect(
			text(result).endsWith(
				'[Output stopped at the 2,000-line cap: showing lines 1-2,000 of 5,000. Continue with offset=2001.]',
			),
		).toBe(true);
	});

	it('stops at the byte cap at a line end, never inside a character', async () => {
		const line = '漢字'.repeat(100);
		const result = await read({path: file('wide.txt', `${Array(2000).fill(line).join('\n')}\n`)});
		expect(result.details.truncation).toBe('bytes');
		expect(result.details.outputBytes).toBeLessThanOrEqual(50 * 1024);
		expect(result.details.lines.every((shown) => shown === line)).toBe(true);
		expect(text(result)).toContain(`Continue with offset=${result.details.linesShown + 1}.`);
	});

	it('says both when the line cap and the byte cap meet', async () => {
		const result = await read(
			{path: file('both.txt', 'abcdef\n'.repeat(10))},
			{limits: {maxLines: 3, maxBytes: 3 * 15 + 2}},
		);
		expect(result.details.linesShown).toBe(3);
		expect(result.details.truncation).toBe('both');
	});

	it('clips long lines at 2000 characters without splitting one, and marks them', async () => {
		const long = '🎉'.repeat(2500);
		const result = await read({path: file('long.txt', `short\n${long}\n`)});
		expect(result.details.clippedLines).toEqual([2]);
		expect(result.details.truncation).toBe('line-length');
		expect(Array.from(result.details.lines[1] ?? '')).toHaveLength(2000);
		expect(text(result)).toContain(`… [line clipped: ${Buffer.byteLength(long)} bytes]`);
		expect(text(result)).toContain("sed -n '2p'");
	});

	it('explains a first line larger than the byte cap instead of returning nothing', async () => {
		const result = await read(
			{path: file('huge-line.txt', `${'x'.repeat(500)}\nnext\n`)},
			{limits: {maxBytes: 100}},
		);
		expect(result.isError).toBe(false);
		expect(result.details.linesShown).toBe(0);
		expect(result.details.oversizedLineBytes).toBeGreaterThan(100);
		expect(text(result)).toContain('Line 1 alone is');
		expect(text(result)).toContain('continue with offset=2');
	});
});

describe('special answers', () => {
	it('reminds that an empty file exists', async () => {
		const result = await read({path: file('empty.txt', '')});
		expect(result.isError).toBe(false);
		expect(text(result)).toBe('[The file exists but is empty (0 bytes).]');
	});

	it('answers an offset past the end with the real count and a valid offset', async () => {
		const result = await read({path: file('short.txt', `${numbered(30)}\n`), offset: 100});
		expect(result.isError).toBe(false);
		expect(result.details.offsetPastEnd).toBe(true);
		expect(text(result)).toBe(
			'[Offset 100 is past the end of the file: it has 30 lines. Use an offset from 1 to 30, e.g. offset=1 for the last 30 lines.]',
		);
	});
});

describe('encodings', () => {
	it('normalises CRLF and lone CR, and drops a UTF-8 BOM', async () => {
		const result = await read({path: file('mixed.txt', '\uFEFFone\r\ntwo\rthree\nfour')});
		expect(result.details.lines).toEqual(['one', 'two', 'three', 'four']);
		expect(text(result).startsWith('     1\tone')).toBe(true);
	});

	it('replaces invalid UTF-8 and says so', async () => {
		const result = await read({path: file('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]))});
		expect(result.details.lines).toEqual(['caf\uFFFD']);
		expect(result.details.invalidUtf8).toBe(true);
		expect(text(result)).toContain('not valid UTF-8');
	});

	it.each([
		['utf-16le', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\r\nwörld\n', 'utf16le')])],
		[
			'utf-16be',
			Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('héllo\r\nwörld\n', 'utf16le').swap16()]),
		],
	])('transcodes %s with a BOM and notes it', async (encoding, bytes) => {
		const result = await read({path: file(`${encoding}.txt`, bytes)});
		expect(result.details.encoding).toBe(encoding);
		expect(result.details.lines).toEqual(['héllo', 'wörld']);
		expect(text(result)).toContain(encoding.toUpperCase());
	});
});

describe('parameters other agents send', () => {
	const filePath = () => file('params.txt', `${numbered(20)}\n`);

	it.each([
		[{file_path: 'params.txt', offset: '3', limit: '2'}, 3, 2],
		[{path: 'params.txt', start_line: 4, end_line: 6}, 4, 3],
		[{path: 'params.txt', head: 2}, 1, 2],
		[{path: 'params.txt', offset: '', limit: null}, 1, 20],
		[{path: 'params.txt', offset: 0, limit: 1}, 1, 1],
		[{path: 'params.txt', tail: 3}, 18, 3],
	])('reads %j', async (params, first, shown) => {
		filePath();
		const result = await read(params, {cwd: workspace});
		expect(result.isError).toBe(false);
		expect(result.details.firstLine).toBe(first);
		expect(result.details.linesShown).toBe(shown);
	});

	it.each([
		[{path: 'params.txt', tail: 3, offset: 2}, 'use either tail=N, or offset/limit'],
		[{path: 'params.txt', offset: 2, start_line: 3}, 'offset/limit, or start_line/end_line'],
		[{path: 'params.txt', limit: 'ten'}, 'limit must be a whole number'],
		[{path: 'params.txt', start_line: 5, end_line: 2}, 'end_line (2) is before start_line (5)'],
		[{path: 'a.txt', file_path: 'b.txt'}, 'name different files'],
	])('refuses %j saying which form to use', async (params, message) => {
		const result = await read(params, {cwd: workspace});
		expect(result.isError).toBe(true);
		expect(result.details.errorCode).toBe('bad-params');
		expect(text(result)).toContain(message);
	});
});

describe('re-reads', () => {
	it('answers an unchanged re-read briefly, and in full after forget, reset or a change', async () => {
		const filePath = file('cached.ts', 'const a = 1;\n');
		const cache = new ReadCache();
		const before = Date.now();
		const first = await read({path: filePath}, {cache});
		const after = Date.now();
		expect(first.details.kind).toBe('text');
		expect(first.details.unchangedSince).toBeUndefined();
		const again = await read({path: filePath}, {cache});
		expect(again.details.kind).toBe('unchanged');
		// When the read that sent the text ran, for the panel's "since" line.
		expect(again.details.unchangedSince).toBeGreaterThanOrEqual(before);
		expect(again.details.unchangedSince).toBeLessThanOrEqual(after);
		expect(text(again)).toContain('Unchanged since your earlier read');
		const otherRange = await read({path: filePath, limit: 1}, {cache});
		expect(otherRange.details.kind).toBe('text');
		cache.forget(filePath);
		expect((await read({path: filePath}, {cache})).details.kind).toBe('text');
		cache.reset();
		expect((await read({path: filePath}, {cache})).details.kind).toBe('text');
		writeFileSync(filePath, 'const a = 2; // changed size\n');
		expect((await read({path: filePath}, {cache})).details.kind).toBe('text');
	});
});
