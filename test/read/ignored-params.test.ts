import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {root, textOf} from './documents/helpers.js';

const workspace = makeTempDir();

/** A parameter the file's form does not take is named in one closing line, never dropped in silence. */
async function readFixture(file: string, params: Record<string, unknown>) {
	return read({path: `fixtures/${file}`, ...params}, {cwd: root});
}

describe('parameters that do not apply to the file are named', () => {
	test('pages on a text file: the whole file, then a note naming offset and limit', async () => {
		const result = await readFixture('demo/greeting.ts', {pages: '2'});
		expect(result.isError).toBe(false);
		expect(result.details.linesShown).toBe(22);
		expect(textOf(result)).toMatch(
			/ {4}22\t}\n\n\[pages does not apply here: this is a text file, read by lines with offset and limit \(or tail\)\.\]$/,
		);
	});

	test('cells with a range on a text file: the note follows the closing notice', async () => {
		const result = await readFixture('demo/greeting.ts', {cells: '2', offset: 3, limit: 2});
		expect(textOf(result)).toMatch(
			/\[Showing lines 3-4 of 22\. Continue with offset=5\.\]\n\n\[cells does not apply here: this is a text file, read by lines with offset and limit \(or tail\)\.\]$/,
		);
	});

	test('outline keeps working on a text file, and pages beside it is named', async () => {
		const result = await readFixture('demo/greeting.ts', {outline: true, pages: '1', cells: '1'});
		expect(result.details.outline?.length).toBeGreaterThan(0);
		expect(textOf(result)).toContain('[pages and cells do not apply here: this is a text file,');
	});

	test('a text file read with no part parameters gets no note', async () => {
		const result = await readFixture('demo/greeting.ts', {offset: 2});
		expect(textOf(result)).not.toContain('does not apply');
	});

	test('pages and outline on a Word file', async () => {
		const result = await readFixture('documents/report.docx', {pages: '2', outline: true});
		expect(result.isError).toBe(false);
		expect(textOf(result)).toMatch(
			/\[pages and outline do not apply here: a Word document is read as text lines, with offset and limit \(or tail\)\.\]$/,
		);
	});

	test('outline and cells on a PDF: its pages, then a note pointing to pages', async () => {
		const result = await readFixture('documents/three-pages.pdf', {outline: true, cells: '1'});
		expect(result.details.pages?.shown).toEqual([1, 2, 3]);
		expect(textOf(result)).toMatch(
			/\n\n\[cells and outline do not apply here: pages="…" selects what is read\.\]$/,
		);
	});

	test('offset on a PDF keeps its note', async () => {
		const result = await readFixture('documents/three-pages.pdf', {offset: 5});
		expect(textOf(result)).toMatch(
			/\[offset, limit and tail do not apply here: pages="…" selects what is read\.\]$/,
		);
	});

	test('pages and outline on a notebook, also when the cells asked for are past the end', async () => {
		const result = await readFixture('documents/analysis.ipynb', {pages: '1', outline: true, cells: '9'});
		expect(textOf(result)).toBe(
			'[The notebook has 6 cells; the cells asked for are past the end. Ask for cells from 1 to 6, e.g. cells="1-6".]\n\n[pages and outline do not apply here: cells="…" selects what is read.]',
		);
	});

	test('a line range on an image: the picture, and a note that it is sent whole', async () => {
		const result = await readFixture('images/tiny.png', {offset: 3, limit: 2});
		expect(result.content.map((block) => block.type)).toEqual(['text', 'image']);
		expect(textOf(result)).toMatch(
			/\n\n\[offset, limit and tail do not apply here: an image is sent whole\.\]$/,
		);
	});

	test('an error stays the error alone', async () => {
		writeFileSync(path.join(workspace, 'blob.bin'), Buffer.alloc(64));
		const result = await read({path: 'blob.bin', pages: '2'}, {cwd: workspace});
		expect(result.isError).toBe(true);
		expect(textOf(result)).not.toContain('does not apply');
	});
});
