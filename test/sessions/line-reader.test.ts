import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {type LineRecord, LineSplitter, readLineBatches} from '../../source/sessions/line-reader.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const directory = makeTempDir('lector-lines-');

function split(chunks: readonly string[], max?: number): LineRecord[] {
	const splitter = new LineSplitter(max);
	const out = chunks.flatMap((chunk) => splitter.push(Buffer.from(chunk)));
	const last = splitter.flush();
	return last === undefined ? out : [...out, last];
}

describe('LineSplitter', () => {
	test('joins lines across chunks and strips CR', () => {
		expect(split(['{"a":', '1}\r\n{"b"', ':2}\n'])).toEqual([
			{kind: 'line', number: 1, text: '{"a":1}', bytes: 8},
			{kind: 'line', number: 2, text: '{"b":2}', bytes: 7},
		]);
	});

	test('never cuts a UTF-8 character split between chunks', () => {
		const bytes = Buffer.from('"é→"\n');
		const splitter = new LineSplitter();
		const first = splitter.push(bytes.subarray(0, 2));
		const second = splitter.push(bytes.subarray(2));
		expect(first).toEqual([]);
		expect(second).toEqual([{kind: 'line', number: 1, text: '"é→"', bytes: bytes.length - 1}]);
	});

	test('drops lines over the cap without keeping them, and counts their bytes', () => {
		const records = split(['short\n', 'x'.repeat(30), 'y'.repeat(30), '\nafter\n'], 40);
		expect(records).toEqual([
			{kind: 'line', number: 1, text: 'short', bytes: 5},
			{kind: 'oversized', number: 2, bytes: 60},
			{kind: 'line', number: 3, text: 'after', bytes: 5},
		]);
	});

	test('keeps an unfinished last line until flushed, as partial', () => {
		const splitter = new LineSplitter();
		expect(splitter.push(Buffer.from('{"a":1}\n{"b"'))).toHaveLength(1);
		expect(splitter.pendingBytes).toBe(4);
		expect(splitter.flush()).toEqual({kind: 'partial', number: 2, text: '{"b"', bytes: 4});
		expect(splitter.flush()).toBeUndefined();
	});

	test('keeps blank lines as lines', () => {
		expect(split(['\n\n']).map((record) => record.kind)).toEqual(['line', 'line']);
	});

	test('gives the records of the whole text split once, however the bytes are cut into chunks', () => {
		// Lines whole in one chunk are decoded from it, the others joined from parts: both must agree.
		let seed = 7;
		const random = (below: number) => {
			seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
			return seed % below;
		};

		const pieces = ['a', 'é', '日本', '😀', '\r', '{"k":1}', ' '];
		const max = 24;
		for (let round = 0; round < 300; round++) {
			const lines = Array.from({length: 1 + random(12)}, () =>
				Array.from({length: random(10)}, () => pieces[random(pieces.length)]).join(''),
			);
			const bytes = Buffer.from(
				`${lines.join(random(2) === 0 ? '\n' : '\r\n')}${random(2) === 0 ? '\n' : ''}`,
			);
			const chunks: Buffer[] = [];
			for (let at = 0; at < bytes.length; ) {
				const size = 1 + random(40);
				chunks.push(bytes.subarray(at, at + size));
				at += size;
			}

			const whole = new LineSplitter(max);
			const once = [...whole.push(bytes), whole.flush()].filter((record) => record !== undefined);
			const cut = new LineSplitter(max);
			const inChunks = [...chunks.flatMap((chunk) => cut.push(chunk)), cut.flush()].filter(
				(record) => record !== undefined,
			);
			expect(inChunks, bytes.toString('utf8')).toEqual(once);
			// And what a record holds is the line's own text, cut at the line end, CR removed.
			const expected = bytes
				.toString('utf8')
				.split('\n')
				.filter((_, index, all) => index < all.length - 1 || all[index] !== '');
			expect(
				once.map((record) => (record.kind === 'oversized' ? undefined : record.text)),
				bytes.toString('utf8'),
			).toEqual(
				expected.map((line) =>
					Buffer.byteLength(line) > max ? undefined : line.endsWith('\r') ? line.slice(0, -1) : line,
				),
			);
		}
	});
});

test('readLineBatches streams a file in batches, last line included', async () => {
	const file = path.join(directory, 'log.jsonl');
	const lines = Array.from({length: 20_000}, (_, index) => JSON.stringify({index, pad: 'p'.repeat(40)}));
	writeFileSync(file, `${lines.join('\n')}\n{"cut":`);
	const batches: LineRecord[][] = [];
	for await (const batch of readLineBatches(file)) {
		batches.push(batch);
	}

	const records = batches.flat();
	expect(batches.length).toBeGreaterThan(1);
	expect(records).toHaveLength(20_001);
	expect(records.at(-1)).toMatchObject({kind: 'partial', text: '{"cut":'});
	expect(records[19_999]).toMatchObject({kind: 'line', text: lines[19_999]});
});
