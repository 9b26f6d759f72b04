/*
Issue 13, Bounded work: a notebook whose one output is millions of short lines is parsed in the
document worker by the capped parser, which keeps what a read shows and counts the rest. The counts the
model gets are the same as a whole parse gives. Real files, built line by line.
*/
import {closeSync, openSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type ReadResult, read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const cwd = makeTempDir('lector-notebook-');

function text(result: ReadResult): string {
	const [first] = result.content;
	return first?.type === 'text' ? first.text : '';
}

/** A notebook with one code cell whose stdout is `lines` lines of `line`, written in 1 MB pieces. */
function writeNotebook(name: string, lines: number, line: string): string {
	const descriptor = openSync(path.join(cwd, name), 'w');
	writeSync(
		descriptor,
		'{"nbformat":4,"metadata":{},"cells":[{"cell_type":"code","source":["print(1)"],"execution_count":1,"outputs":[{"output_type":"stream","name":"stdout","text":[',
	);
	const piece = `${JSON.stringify(`${line}\n`)},`;
	const perWrite = Math.floor((1024 * 1024) / piece.length);
	for (let left = lines - 1; left > 0; left -= perWrite) {
		writeSync(descriptor, piece.repeat(Math.min(perWrite, left)));
	}

	writeSync(descriptor, `${JSON.stringify(`${line}\n`)}]}]}]}`);
	closeSync(descriptor);
	return name;
}

describe('a notebook with a huge output', () => {
	it('3 M lines: the first 40 shown, the rest counted exactly, with the heap of a small file', async () => {
		const name = writeNotebook('long.ipynb', 3_000_000, 'row');
		const before = process.memoryUsage().heapUsed;
		const result = await read({path: name}, {cwd});
		// The whole output as strings would be over 100 MB of this thread's heap.
		expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
		expect(result.isError).toBe(false);
		const lines = text(result).split('\n');
		expect(lines.filter((line) => line === 'row')).toHaveLength(40);
		// 2,999,960 lines of "row\n" are 11.4 MB, as a whole parse counts them.
		expect(text(result)).toContain('… [output cut: 2,999,960 more lines, 11.4 MB]');
	});

	it('one output string of 20 MB: its start shown, its lines counted', async () => {
		const name = 'one-string.ipynb';
		const output = 'abc\n'.repeat(5 * 1024 * 1024);
		writeFileSync(
			path.join(cwd, name),
			JSON.stringify({
				nbformat: 4,
				metadata: {},
				cells: [
					{cell_type: 'code', source: 'x', outputs: [{output_type: 'stream', name: 'stdout', text: output}]},
				],
			}),
		);
		const result = await read({path: name}, {cwd});
		expect(result.isError).toBe(false);
		expect(text(result)).toContain('… [output cut: 5,242,840 more lines, 20.0 MB]');
	});

	it('nesting deeper than 256 levels is a clear error', async () => {
		writeFileSync(path.join(cwd, 'deep.ipynb'), `{"cells":${'['.repeat(10_000)}${']'.repeat(10_000)}}`);
		const result = await read({path: 'deep.ipynb'}, {cwd});
		expect(result.details.errorCode).toBe('document-error');
		expect(text(result)).toContain('nested deeper than 256 levels');
	});

	it('invalid JSON says where', async () => {
		writeFileSync(path.join(cwd, 'bad.ipynb'), '{"cells": [1, 2,, 3]}');
		const result = await read({path: 'bad.ipynb'}, {cwd});
		expect(text(result)).toContain('it is not valid JSON');
		expect(text(result)).toContain('position 16');
	});
});
