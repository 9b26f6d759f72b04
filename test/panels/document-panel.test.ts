import {expect, test} from 'vitest';
import {panelText} from '../helpers/panels.js';
import {readFixture, toolCall} from '../helpers/transcripts.js';

test('a PDF: the header names the pages read; the preview shows the extracted lines', async () => {
	const result = await readFixture('fixtures/documents/three-pages.pdf');
	const text = panelText(toolCall('read', {path: 'fixtures/documents/three-pages.pdf'}, result));
	expect(text).toEqual([
		'read fixtures/documents/three-pages.pdf · pages 1-3 of 3',
		'--- page 1 of 3 ---',
		'Page 1 title',
		'This is the text of page 1.',
		'It has a second sentence on page 1.',
		'--- page 2 of 3 ---',
		'… 7 more lines (ctrl+o to expand)',
	]);
});

test('a PDF cut by the caps: one page in the header and a warning with the next page', async () => {
	const result = await readFixture('fixtures/documents/three-pages.pdf', {}, {maxLines: 5});
	const text = panelText(toolCall('read', {path: 'fixtures/documents/three-pages.pdf'}, result));
	expect(text[0]).toBe('read fixtures/documents/three-pages.pdf · page 1 of 3');
	expect(text.at(-1)).toBe('⚠ model got page 1 of 3 (output cap); told to continue at page 2');
});

test('pages past the end: the header and a note', async () => {
	const result = await readFixture('fixtures/documents/three-pages.pdf', {pages: '9'});
	const text = panelText(toolCall('read', {path: 'fixtures/documents/three-pages.pdf', pages: '9'}, result));
	expect(text).toEqual([
		'read fixtures/documents/three-pages.pdf · 0 of 3 pages',
		'0 of 3 pages: past the end',
	]);
});

test('a notebook: the header names the cells read', async () => {
	const result = await readFixture('fixtures/documents/analysis.ipynb', {cells: '2,4-5'});
	const text = panelText(toolCall('read', {path: 'fixtures/documents/analysis.ipynb'}, result), {
		previewLines: 2,
	});
	expect(text).toEqual([
		'read fixtures/documents/analysis.ipynb · cells 2,4-5 of 6',
		'--- cell 2 of 6 · code · python · In [1] ---',
		'x = 42',
		'… 9 more lines (ctrl+o to expand)',
	]);
});

test('a Word document reads like text: numbered lines and a line count', async () => {
	const result = await readFixture('fixtures/documents/report.docx');
	const text = panelText(toolCall('read', {path: 'fixtures/documents/report.docx'}, result), {
		previewLines: 1,
	});
	expect(text).toEqual([
		'read fixtures/documents/report.docx:1-20  20 lines',
		' 1 │ # Quarterly report',
		'… 19 more lines (ctrl+o to expand)',
	]);
});

test('an encrypted PDF: the error under the header', async () => {
	const result = await readFixture('fixtures/documents/encrypted.pdf');
	const text = panelText(toolCall('read', {path: 'fixtures/documents/encrypted.pdf'}, result));
	expect(text[0]).toBe('read fixtures/documents/encrypted.pdf');
	expect(text.slice(1).join(' ')).toContain('is an encrypted PDF that needs a password');
});
