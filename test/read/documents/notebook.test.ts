import {randomBytes} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {afterAll, describe, expect, test} from 'vitest';
import {outputMaxLines} from '../../../source/read/formats/notebook.js';
import {maxImagesPerRead} from '../../../source/read/formats/notebook-images.js';
import {read} from '../../../source/read/index.js';
import {formatBytes} from '../../../source/read/notices.js';
import {imagesOf, readDocument, root, tempFolder, textOf} from './helpers.js';

const temp = tempFolder();
afterAll(() => temp.remove());

const fixture = path.join(root, 'fixtures/documents/analysis.ipynb');
const png = readFileSync(fixture, 'utf8').match(/"image\/png": "([^"]+)"/)?.[1] ?? '';

let written = 0;

/** Writes a notebook of the given cells to the temp folder; resolves to its path. */
async function writeNotebook(cells: unknown[]): Promise<string> {
	const file = path.join(temp.dir, `notebook-${++written}.ipynb`);
	writeFileSync(file, JSON.stringify({cells, metadata: {}, nbformat: 4, nbformat_minor: 5}));
	return file;
}

/** Writes a notebook of the given cells to the temp folder; resolves to the engine's read of it. */
async function readNotebook(cells: unknown[], params: Record<string, unknown> = {}) {
	return read({path: await writeNotebook(cells), ...params});
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
		expect(text).toContain('--- out: display · PNG 4x4, 73 bytes ---\nSent unchanged.');
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

	test('the image goes to the model as an image block right after its two lines', async () => {
		const result = await readDocument('analysis.ipynb');
		expect(imagesOf(result)).toEqual([{type: 'image', mimeType: 'image/png', data: png}]);
		const index = result.content.findIndex((block) => block.type === 'image');
		const before = result.content[index - 1];
		expect(before?.type === 'text' && before.text.endsWith('73 bytes ---\nSent unchanged.')).toBe(true);
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
			'[The notebook has 6 cells; the cells asked for are past the end. Ask for cells from 1 to 6, e.g. cells="1-6".]',
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

	test(`at most ${maxImagesPerRead} images per read; the rest are noted, not decoded`, async () => {
		const result = await readNotebook(Array.from({length: maxImagesPerRead + 2}, () => plotCell));
		expect(imagesOf(result)).toHaveLength(maxImagesPerRead);
		expect(textOf(result)).toContain(
			`--- out: display · image/png, 73 bytes ---\nNot sent: ${maxImagesPerRead} images per read already sent; read this cell alone to get it.`,
		);
	});

	test('the images of one read stay within maxImageBytes in all (base64, as providers count)', async () => {
		const file = path.join(temp.dir, 'two-images.ipynb');
		writeFileSync(file, JSON.stringify({cells: [plotCell, plotCell], metadata: {}, nbformat: 4}));
		// The 73-byte PNG is 100 base64 characters: one fits in 150, two do not.
		const result = await read({path: file}, {limits: {maxImageBytes: 150}});
		expect(imagesOf(result)).toHaveLength(1);
		expect(textOf(result)).toContain(
			'Not sent: the images of this read already total 100 bytes of 150 bytes; read this cell alone to get it.',
		);
	});
});

describe('image outputs go through the image pipeline', () => {
	/** A cell whose one output is this PNG or JPEG data. */
	const imageCell = (data: string, mimeType = 'image/png') => ({
		cell_type: 'code',
		execution_count: 1,
		source: 'plot()',
		outputs: [{output_type: 'display_data', data: {[mimeType]: data, 'text/plain': '<Figure>'}}],
	});

	/** Random pixels: they compress badly, so the encoded image is large. */
	async function noisePng(width: number, height: number): Promise<Buffer> {
		const pixels = randomBytes(width * height * 3);
		return sharp(pixels, {raw: {width, height, channels: 3}})
			.png()
			.toBuffer();
	}

	test('a 3000x1000 plot is scaled to 2000x667, with its sizes and the coordinate factor', async () => {
		const big = await sharp({create: {width: 3000, height: 1000, channels: 3, background: '#3366cc'}})
			.png()
			.toBuffer();
		const result = await readNotebook([imageCell(big.toString('base64'))]);
		const [block] = imagesOf(result);
		expect(block?.mimeType).toBe('image/png');
		const sent = await sharp(Buffer.from(block?.data ?? '', 'base64')).metadata();
		expect([sent.format, sent.width, sent.height]).toEqual(['png', 2000, 667]);
		const text = textOf(result);
		expect(text).toContain(
			`--- out: display · PNG 3000x1000, ${formatBytes(big.length)} ---\nSent as PNG 2000x667 (`,
		);
		expect(text).toContain(
			'), scaled to fit 2000 px. Multiply coordinates in the sent image by 1.50 to map them to the original.',
		);
		expect(result.details.lines).toContain(
			`--- out: display · PNG 3000x1000, ${formatBytes(big.length)} ---`,
		);
	});

	test('an output over the provider size limit is re-encoded as JPEG until it fits', async () => {
		const noisy = await noisePng(600, 600);
		const limit = 200_000;
		expect(Math.ceil(noisy.length / 3) * 4).toBeGreaterThan(limit);
		const result = await read(
			{path: await writeNotebook([imageCell(noisy.toString('base64'))])},
			{
				limits: {maxImageBytes: limit},
			},
		);
		const [block] = imagesOf(result);
		expect(block?.mimeType).toBe('image/jpeg');
		expect(block?.data.length).toBeLessThanOrEqual(limit);
		expect(textOf(result)).toMatch(
			/--- out: display · PNG 600x600, 1\.0 MB ---\nSent as JPEG \d+x\d+ \(.+\), re-encoded as JPEG quality \d+ to stay under the 195 KB image limit\./,
		);
	});

	test('undecodable outputs become notes; the read goes on', async () => {
		const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		const broken = Buffer.concat([signature, Buffer.from('not really a png at all')]).toString('base64');
		const result = await readNotebook([
			imageCell(broken),
			imageCell(Buffer.from('hello there').toString('base64'), 'image/jpeg'),
			imageCell('@@@@'),
			plotCell,
		]);
		expect(result.isError).toBe(false);
		expect(imagesOf(result)).toEqual([{type: 'image', mimeType: 'image/png', data: png}]);
		const text = textOf(result);
		expect(text).toMatch(
			new RegExp(
				`--- out: display · image/png, ${formatBytes(31)} ---\nNot sent: it could not be used \\(.+\\)\\.`,
			),
		);
		expect(text).toContain(
			'--- out: display · image/jpeg, 11 bytes ---\nNot sent: its data is not an image lector can decode (PNG, JPEG, GIF, WebP, BMP).',
		);
		expect(text).toContain('--- out: display · image/png ---\nNot sent: its base64 data is invalid.');
		expect(text).toContain('--- cell 4 of 4 · code · In [1] ---');
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
