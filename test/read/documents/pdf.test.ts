import {copyFileSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {read} from '../../../source/read/index.js';
import {readDocument, root, tempFolder, textOf} from './helpers.js';

const temp = tempFolder();
afterAll(() => temp.remove());

const pageText = (page: number) => [
	`--- page ${page} of 3 ---`,
	`Page ${page} title`,
	`This is the text of page ${page}.`,
	`It has a second sentence on page ${page}.`,
];

describe('default paging', () => {
	test('a small PDF comes back whole, each page opened by its marker', async () => {
		const result = await readDocument('three-pages.pdf');
		expect(result.isError).toBe(false);
		expect(textOf(result)).toBe([1, 2, 3].flatMap((page) => pageText(page)).join('\n'));
		expect(result.details).toMatchObject({
			kind: 'document',
			document: 'pdf',
			pages: {shown: [1, 2, 3], total: 3, next: undefined},
			linesShown: 12,
			truncation: undefined,
		});
		expect(result.details.lines.slice(0, 4)).toEqual(pageText(1));
	});

	test('the caps stop the output between pages; the notice names the next pages', async () => {
		const result = await readDocument('three-pages.pdf', {}, {maxLines: 9});
		expect(textOf(result)).toBe(
			[
				...pageText(1),
				...pageText(2),
				'',
				'[Output stopped at the cap: showing pages 1-2 of 3. Continue with pages="3".]',
			].join('\n'),
		);
		expect(result.details.pages).toEqual({shown: [1, 2], total: 3, next: 3});
		expect(result.details.truncation).toBe('lines');
	});

	test('the next pages asked for are as many as were shown', async () => {
		const result = await readDocument('three-pages.pdf', {}, {maxLines: 4});
		expect(textOf(result)).toContain('showing page 1 of 3. Continue with pages="2".');
	});

	test('the byte cap stops it too', async () => {
		const bytes = Buffer.byteLength(pageText(1).join('\n'));
		const result = await readDocument('three-pages.pdf', {}, {maxBytes: bytes + 10});
		expect(result.details.pages).toEqual({shown: [1], total: 3, next: 2});
		expect(result.details.truncation).toBe('bytes');
	});

	test('a first page over the caps is shown in part, with a way to read the rest', async () => {
		const result = await readDocument('three-pages.pdf', {}, {maxLines: 2});
		expect(result.details.lines).toEqual(pageText(1).slice(0, 2));
		expect(textOf(result)).toContain('Page 1 alone is over the output cap');
		expect(textOf(result)).toContain('pdftotext -f 1 -l 1 fixtures/documents/three-pages.pdf -');
		expect(textOf(result)).toContain('Continue with pages="2".');
	});
});

describe('the pages parameter', () => {
	test('pages="2" reads page 2 alone and gives the page count', async () => {
		const result = await readDocument('three-pages.pdf', {pages: '2'});
		expect(textOf(result)).toBe([...pageText(2), '', '[The PDF has 3 pages.]'].join('\n'));
		expect(result.details.pages).toEqual({shown: [2], total: 3, next: undefined});
	});

	test('lists and open ranges: "3,1" and "2-"', async () => {
		const listed = await readDocument('three-pages.pdf', {pages: '3,1'});
		expect(listed.details.pages?.shown).toEqual([1, 3]);
		const open = await readDocument('three-pages.pdf', {pages: '2-'});
		expect(open.details.pages?.shown).toEqual([2, 3]);
		expect(textOf(open)).not.toContain('do not exist');
	});

	test('an explicit list cut by the caps continues with the rest of the list', async () => {
		const result = await readDocument('three-pages.pdf', {pages: '1,3'}, {maxLines: 6});
		expect(textOf(result)).toContain('Continue with pages="3".');
		expect(result.details.pages).toEqual({shown: [1], total: 3, next: 3});
	});

	test('pages past the end: a reminder with the page count, not a failure', async () => {
		const result = await readDocument('three-pages.pdf', {pages: '7-'});
		expect(result.isError).toBe(false);
		expect(textOf(result)).toBe(
			'[The PDF has 3 pages; the pages asked for are past the end. Ask for pages from 1 to 3, e.g. pages="1-3".]',
		);
		expect(result.details.pages).toEqual({shown: [], total: 3, next: undefined});
		expect(result.details.linesShown).toBe(0);
	});

	test('a range running past the end shows what exists and says so', async () => {
		const result = await readDocument('three-pages.pdf', {pages: '2-9'});
		expect(result.details.pages?.shown).toEqual([2, 3]);
		expect(textOf(result)).toContain('[The PDF has 3 pages. Pages past 3 do not exist.]');
	});

	test('an empty pages value means the default', async () => {
		const result = await readDocument('three-pages.pdf', {pages: ''});
		expect(result.details.pages?.shown).toEqual([1, 2, 3]);
	});

	test('offset and limit are not silently taken for pages', async () => {
		const result = await readDocument('three-pages.pdf', {offset: 5});
		expect(textOf(result)).toContain(
			'offset, limit and tail do not apply here: pages="…" selects what is read.',
		);
	});
});

describe('errors', () => {
	test('an encrypted PDF: a clear error that says what to do', async () => {
		const result = await readDocument('encrypted.pdf');
		expect(result.isError).toBe(true);
		expect(result.details).toMatchObject({kind: 'error', errorCode: 'document-error', document: 'pdf'});
		expect(textOf(result)).toBe(
			'fixtures/documents/encrypted.pdf is an encrypted PDF that needs a password to open, so its text cannot be extracted. Ask the user for an unencrypted copy, or for the password to decrypt it with a shell command such as `qpdf --password=PASSWORD --decrypt in.pdf out.pdf`.',
		);
	});

	test('a damaged PDF: a clear error', async () => {
		const result = await readDocument('damaged.pdf');
		expect(result.isError).toBe(true);
		expect(result.details.errorCode).toBe('document-error');
		expect(textOf(result)).toContain('fixtures/documents/damaged.pdf is a damaged PDF');
		expect(textOf(result)).toContain('cut short');
	});

	test('a PDF cut short after its pages (no xref, no trailer) is an error too, never a crash', async () => {
		const bytes = readFileSync(path.join(root, 'fixtures/documents/three-pages.pdf'));
		const file = path.join(temp.dir, 'cut.pdf');
		writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
		const result = await read({path: file});
		expect(result.isError).toBe(true);
		expect(result.details.errorCode).toBe('document-error');
		expect(textOf(result)).toContain('is a damaged PDF');
	});
});

test('a PDF is known by its bytes, whatever its name', async () => {
	const file = path.join(temp.dir, 'report.txt');
	copyFileSync(path.join(root, 'fixtures/documents/three-pages.pdf'), file);
	const result = await read({path: file});
	expect(result.details.document).toBe('pdf');
	expect(result.details.pages?.total).toBe(3);
});
