import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {maxImagesPerRead, outputMaxLines} from '../../../source/read/formats/notebook.js';
import {read} from '../../../source/read/index.js';
import {imagesOf, readDocument, root, tempFolder, textOf} from './helpers.js';

const temp = tempFolder();
afterAll(() => temp.remove());

const fixture = path.join(root, 'fixtures/documents/analysis.ipynb');
const png = readFileSync(fixture, 'utf8').match(/"image\/png": "([^"]+)"/)?.[1] ?? '';

/** Writes a notebook of the given cells to the temp folder; resolves to the engine's read of it. */
async function readNotebook(cells: unknown[], params: Record<string, unknown> = {}) {
	const file = path.join(temp.dir, `notebook-${cells.length}.ipynb`);
	writeFileSync(file, JSON.stringify({cells, metadata: {}, nbformat: 4, nbformat_minor: 5}));
	return read({path: file, ...params});
}

const plotCell = {
	cell_type: 'code',
	execution_count: 1,
	source: 'plot()',
	outputs: [{output_type: 'display_data', data: {'image/png': png}}],
};

describe('cells in order', () => {
	test('markers with number, kind and language; sources; text, image and error outputs', async () => {
		const result = await readDocument('analysis.ipynb');
		expect(result.isError).toBe(false);
		const text = textOf(result);
		expect(text).toContain('--- cell 1 of 6 · markdown ---\n# Analysis\n\nLoad the data and plot it.');
		expect(text).toContain(
			"--- cell 2 of 6 · code · python · In [1] ---\nx = 42\nprint('hello', x)\n--- out: stdout ---\nhello 42",
		);
		expect(text).toContain(
			'--- cell 3 of 6 · code · python · In [2] ---\nx * 2\n--- out: result [2] ---\n84',
		);
		expect(text).toContain('--- out: display · image/png, 73 bytes: sent as an image ---');
		expect(text).toContain('--- cell 5 of 6 · raw ---\nraw text stays as is');
		// The traceback's colour codes are gone.
		expect(text).toContain('--- out: error ---\nZeroDivisionError: division by zero');
		expect(text).not.toContain('\u001B');
		expect(result.details).toMatchObject({
			kind: 'document',
			document: 'ipynb',
			cells: {shown: [1, 2, 3, 4, 5, 6], total: 6, next: undefined},
		});
	});

	test('the image goes to the model as an image block right after its marker', async () => {
		const result = await readDocument('analysis.ipynb');
		expect(imagesOf(result)).toEqual([{type: 'image', mimeType: 'image/png', data: png}]);
		const index = result.content.findIndex((block) => block.type === 'image');
		const before = result.content[index - 1];
		expect(before?.type === 'text' && before.text.endsWith('sent as an image ---')).toBe(true);
		const after = result.content[index + 1];
		expect(after?.type === 'text' && after.text.startsWith('--- cell 5 of 6 · raw ---')).toBe(true);
	});
});

describe('the cells parameter', () => {
	test('cells="2,4-5" reads those cells only, with the cell count', async () => {
		const result = await readDocument('analysis.ipynb', {cells: '2,4-5'});
		expect(result.details.cells).toEqual({shown: [2, 4, 5], total: 6, next: undefined});
		const text = textOf(result);
		expect(text).not.toContain('cell 1 of 6');
		expect(text).not.toContain('cell 3 of 6');
		expect(text.trimEnd().endsWith('[The notebook has 6 cells.]')).toBe(true);
	});

	test('by default the first cells that fit, then the next cells to ask for', async () => {
		const result = await readDocument('analysis.ipynb', {}, {maxLines: 9});
		expect(result.details.cells).toEqual({shown: [1, 2], total: 6, next: 3});
		expect(textOf(result)).toContain(
			'[Output stopped at the cap: showing cells 1-2 of 6. Continue with cells="3-4".]',
		);
	});

	test('cells past the end: a reminder, not a failure', async () => {
		const result = await readDocument('analysis.ipynb', {cells: '9'});
		expect(result.isError).toBe(false);
		expect(textOf(result)).toBe(
			'[The notebook has 6 cells; the cells asked for are past the end. Ask for cells from 1 to 6, e.g. cells="1-5".]',
		);
	});
});

describe('outputs are capped', () => {
	test('a long text output keeps its first lines and counts the rest', async () => {
		const text = Array.from({length: 100}, (_, index) => `row ${index + 1}\n`).join('');
		const result = await readNotebook([
			{cell_type: 'code', source: 'show()', outputs: [{output_type: 'stream', name: 'stdout', text}]},
		]);
		expect(result.details.lines).toContain(`row ${outputMaxLines}`);
		expect(result.details.lines).not.toContain(`row ${outputMaxLines + 1}`);
		expect(textOf(result)).toContain(`… [output cut: ${100 - outputMaxLines} more lines,`);
	});

	test(`at most ${maxImagesPerRead} images per read; the rest become placeholders`, async () => {
		const result = await readNotebook(Array.from({length: maxImagesPerRead + 2}, () => plotCell));
		expect(imagesOf(result)).toHaveLength(maxImagesPerRead);
		expect(textOf(result)).toContain(
			`not sent (${maxImagesPerRead} images per read already sent; read this cell alone to get it)`,
		);
	});

	test('an image over the image byte cap is a placeholder', async () => {
		const file = path.join(temp.dir, 'big-image.ipynb');
		writeFileSync(file, JSON.stringify({cells: [plotCell], metadata: {}, nbformat: 4}));
		const result = await read({path: file}, {limits: {maxImageBytes: 10}});
		expect(imagesOf(result)).toHaveLength(0);
		expect(textOf(result)).toContain('image/png, 73 bytes: not sent (over the 10 bytes image cap)');
	});
});

describe('errors', () => {
	test('broken JSON is a clear error', async () => {
		const file = path.join(temp.dir, 'broken.ipynb');
		writeFileSync(file, '{"cells": [');
		const result = await read({path: file});
		expect(result.isError).toBe(true);
		expect(result.details).toMatchObject({kind: 'error', errorCode: 'document-error', document: 'ipynb'});
		expect(textOf(result)).toContain('could not be read as a Jupyter notebook: it is not valid JSON');
	});

	test('an old nbformat names the conversion', async () => {
		const file = path.join(temp.dir, 'old.ipynb');
		writeFileSync(file, JSON.stringify({worksheets: [], nbformat: 3}));
		const result = await read({path: file});
		expect(textOf(result)).toContain('nbformat 3');
		expect(textOf(result)).toContain('jupyter nbconvert --to notebook --nbformat 4');
	});

	test('a .ipynb that is not JSON is read as text', async () => {
		const file = path.join(temp.dir, 'notes.ipynb');
		writeFileSync(file, 'just notes\n');
		const result = await read({path: file});
		expect(result.details.kind).toBe('text');
	});
});
