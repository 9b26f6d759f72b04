/*
Issue 13, Bounded work: a sparse file, some text and then a hole of many GB, is one line of NUL bytes
after the text. Every read form must answer at once: the scan stops at a long run of NUL bytes (binary
content), and any scan stops at the scan budget, with a notice that names it. Real sparse files
(ftruncate), which cost no disk.
*/
import {closeSync, ftruncateSync, openSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type ReadResult, read} from '../../source/read/index.js';
import {grep} from '../../source/tools/grep.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const cwd = makeTempDir('lector-sparse-');
/** 300 lines of text (about 12 KB, more than the sniffer looks at), then a hole to 16 GB. */
const textLines = Array.from({length: 300}, (_, index) => `line ${index + 1} of the text before the hole`);
const sparse = path.join(cwd, 'disk.log');
const textBefore = `${textLines.join('\n')}\n`;
const descriptor = openSync(sparse, 'w');
writeSync(descriptor, textBefore);
ftruncateSync(descriptor, 16 * 1024 ** 3);
closeSync(descriptor);

function text(result: ReadResult): string {
	const [first] = result.content;
	return first?.type === 'text' ? first.text : '';
}

/** A generous bound, as the issue asks: 2 s per hostile file. Exact figures are in bench/hostile.mjs. */
const boundMs = 2000;

async function timed<T>(run: () => Promise<T>): Promise<{value: T; ms: number}> {
	const start = performance.now();
	const value = await run();
	return {value, ms: performance.now() - start};
}

describe('a 16 GB sparse file with 12 KB of text', () => {
	it('a whole read shows the text and stops at the NUL run, naming it', async () => {
		const {value: result, ms} = await timed(() => read({path: 'disk.log'}, {cwd}));
		expect(ms).toBeLessThan(boundMs);
		expect(result.isError).toBe(false);
		expect(result.details.linesShown).toBe(300);
		expect(text(result)).toContain('line 300 of the text');
		expect(text(result)).not.toContain('\u0000');
		expect(text(result)).toMatch(/run of NUL bytes/);
		const where = String(Buffer.byteLength(textBefore)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
		expect(text(result)).toContain(`From byte ${where} on, the file holds binary content`);
		expect(result.details.scanStop).toEqual({reason: 'nul-run', at: Buffer.byteLength(textBefore)});
	});

	it('an offset inside the text reads those lines', async () => {
		const {value: result, ms} = await timed(() => read({path: 'disk.log', offset: 150, limit: 10}, {cwd}));
		expect(ms).toBeLessThan(boundMs);
		expect(result.details.linesShown).toBe(10);
		expect(text(result)).toContain('line 150 of');
	});

	it('an offset past the text answers at once, saying where the text ends', async () => {
		const {value: result, ms} = await timed(() => read({path: 'disk.log', offset: 100_000}, {cwd}));
		expect(ms).toBeLessThan(boundMs);
		expect(result.details.linesShown).toBe(0);
		expect(text(result)).toMatch(/run of NUL bytes/);
	});

	it('a limit larger than the text answers at once', async () => {
		const {value: result, ms} = await timed(() => read({path: 'disk.log', limit: 1000}, {cwd}));
		expect(ms).toBeLessThan(boundMs);
		expect(result.details.linesShown).toBe(300);
	});

	it('a tail answers at once: the end of the file is binary', async () => {
		const {value: result, ms} = await timed(() => read({path: 'disk.log', tail: 5}, {cwd}));
		expect(ms).toBeLessThan(boundMs);
		expect(text(result)).toMatch(/NUL bytes/);
		expect(text(result)).not.toContain('\u0000');
	});

	it('grep over it answers at once', async () => {
		const {value: result, ms} = await timed(() => grep({pattern: 'line 7 of', path: 'disk.log'}, {cwd}));
		expect(ms).toBeLessThan(boundMs);
		expect(result.content[0]?.type === 'text' ? result.content[0].text : '').toMatch(/over 4 MB|line 7 of/);
	});
});

describe('the scan budget', () => {
	// 40 MB of real text lines; a budget of 8 MB stands in for the default 1 GB.
	const big = path.join(cwd, 'big.log');
	const line = 'x'.repeat(99);
	writeFileSync(big, `${Array.from({length: 400_000}, () => line).join('\n')}\n`);
	const limits = {maxScanBytes: 8 * 1024 * 1024};

	it('an offset past the budget stops there, with a notice naming the budget', async () => {
		const result = await read({path: 'big.log', offset: 300_000}, {cwd, limits});
		expect(result.details.linesShown).toBe(0);
		expect(result.details.scanStop?.reason).toBe('scan-budget');
		expect(result.details.totalLines).toBeUndefined();
		expect(text(result)).toContain('the scan budget');
		expect(text(result)).toContain('at most 8 MB');
	});

	it('a read inside the budget is untouched', async () => {
		const result = await read({path: 'big.log', offset: 1000, limit: 5}, {cwd, limits});
		expect(result.details.linesShown).toBe(5);
		expect(result.details.scanStop).toBeUndefined();
		expect(text(result)).not.toContain('scan budget');
	});

	it('a tail of one line longer than the budget stops with the notice', async () => {
		const long = path.join(cwd, 'one-line.log');
		writeFileSync(long, 'y'.repeat(40 * 1024 * 1024));
		const result = await read({path: 'one-line.log', tail: 3}, {cwd, limits});
		expect(result.details.scanStop?.reason).toBe('scan-budget');
		expect(text(result)).toContain('the scan budget');
	});
});
