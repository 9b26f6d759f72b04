import {copyFileSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {htmlToLines} from '../../../source/read/documents/html-text.js';
import {read} from '../../../source/read/index.js';
import {readDocument, root, tempFolder, textOf} from './helpers.js';
import {buildZip} from './zip-builder.js';

const temp = tempFolder();
afterAll(() => temp.remove());

const expected = [
	'# Quarterly report',
	'',
	'Sales grew in every region & the team doubled.',
	'',
	'## Highlights',
	'',
	'- New office in Lyon',
	'- Two product launches',
	'',
	'## Next steps',
	'',
	'1. Hire a designer',
	'2. Open the Berlin store',
	'',
	'| Region | Q1 | Q2 |',
	'| --- | --- | --- |',
	'| North | 120 | 135 |',
	'| South | 98 | 101 |',
	'',
	'End of report.',
];

test('headings, lists and a table come back readable, numbered like text', async () => {
	const result = await readDocument('report.docx');
	expect(result.isError).toBe(false);
	expect(result.details.lines).toEqual(expected);
	expect(textOf(result)).toBe(
		expected.map((line, index) => `${String(index + 1).padStart(6)}\t${line}`).join('\n'),
	);
	expect(result.details).toMatchObject({
		kind: 'document',
		document: 'docx',
		language: 'markdown',
		firstLine: 1,
		totalLines: 20,
		nextOffset: undefined,
	});
});

test('offset and limit page through the converted lines, with the text continuation', async () => {
	const result = await readDocument('report.docx', {offset: 5, limit: 4});
	expect(result.details.lines).toEqual(expected.slice(4, 8));
	expect(textOf(result)).toContain('[Showing lines 5-8 of 20. Continue with offset=9.]');
	expect(result.details.nextOffset).toBe(9);
});

test('the caps apply as to text', async () => {
	const result = await readDocument('report.docx', {}, {maxLines: 10});
	expect(result.details.linesShown).toBe(10);
	expect(result.details.truncation).toBe('lines');
	expect(textOf(result)).toContain('Continue with offset=11.');
});

test('an offset past the end is a reminder, not a failure', async () => {
	const result = await readDocument('report.docx', {offset: 99});
	expect(result.isError).toBe(false);
	expect(textOf(result)).toContain('past the end of the converted document: it has 20 lines');
});

test('a .docx cut short is a damaged Word file', async () => {
	const file = path.join(temp.dir, 'broken.docx');
	writeFileSync(file, readFileSync(path.join(root, 'fixtures/documents/report.docx')).subarray(0, 600));
	const result = await read({path: file});
	expect(result.isError).toBe(true);
	expect(result.details).toMatchObject({kind: 'error', errorCode: 'document-error', document: 'docx'});
	expect(textOf(result)).toContain(
		'broken.docx is a damaged Word file: its ZIP directory has no end record (the file is cut short, or is not a ZIP), so it cannot be read.',
	);
});

test('a sound ZIP that mammoth cannot read is a clear error', async () => {
	const file = path.join(temp.dir, 'empty.docx');
	writeFileSync(file, buildZip([{name: 'word/other.xml', data: Buffer.from('<x/>')}]));
	const result = await read({path: file});
	expect(result.details.errorCode).toBe('document-error');
	expect(textOf(result)).toMatch(/could not be read as a Word document \(.+\)\. The file may be damaged/);
});

test('a password-protected .docx (an OLE file) is named as such', async () => {
	const file = path.join(temp.dir, 'secret.docx');
	writeFileSync(file, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Buffer.alloc(504)]));
	const result = await read({path: file});
	expect(result.details.errorCode).toBe('document-error');
	expect(textOf(result)).toContain('password-protected (encrypted) Word document');
});

test('a Word file under another name is known by its word/ parts', async () => {
	const file = path.join(temp.dir, 'report.bin');
	copyFileSync(path.join(root, 'fixtures/documents/report.docx'), file);
	const result = await read({path: file});
	expect(result.details.document).toBe('docx');
});

test('other ZIP files stay refused as binary', async () => {
	const file = path.join(temp.dir, 'archive.zip');
	writeFileSync(file, Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.from('other/file.txt')]));
	const result = await read({path: file});
	expect(result.details.errorCode).toBe('binary');
});

test('the HTML step: nested lists, links, emphasis, pipes in cells, line breaks', () => {
	const html =
		'<p>A <strong>bold</strong> and <em>soft</em> <a href="https://x.dev">link</a>.</p>' +
		'<ol><li>one<ul><li>inner</li></ul></li><li>two</li></ol>' +
		'<table><tr><th><p>a|b</p></th></tr><tr><td><p>x</p><p>y</p></td></tr></table>' +
		'<p>line<br />break &lt;ok&gt; <img alt="chart" src="" /></p>';
	expect(htmlToLines(html)).toEqual([
		'A **bold** and *soft* [link](https://x.dev).',
		'',
		'1. one',
		'  - inner',
		'2. two',
		'',
		'| a\\|b |',
		'| --- |',
		'| x y |',
		'',
		'line',
		'break <ok> [image: chart]',
	]);
});
