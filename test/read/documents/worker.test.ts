/**
Documents are parsed in a worker thread: a hostile file exhausts the worker's time or heap, not lector's,
and an abort stops it at once. Each case is followed by a normal read in the same process.
*/
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {crc32, deflateRawSync} from 'node:zlib';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {read} from '../../../source/read/index.js';
import {readDocument, tempFolder, textOf} from './helpers.js';

const temp = tempFolder();
afterAll(() => temp.remove());

/**
16 MB of NULs between a PDF header and a trailer: there is no cross-reference table, so pdf.js scans
the whole file to rebuild one, which takes seconds and hundreds of MB (the trailer gets it past the
pre-check that refuses large files without one).
*/
const slowPdf = path.join(temp.dir, 'slow.pdf');

/** A ZIP of one deflated entry, as little of a .docx as mammoth needs. */
function zipOf(name: string, text: string): Buffer {
	const data = Buffer.from(text);
	const packed = deflateRawSync(data, {level: 9});
	const nameBytes = Buffer.from(name);
	const crc = crc32(data);
	const local = Buffer.alloc(30);
	local.writeUInt32LE(0x04_03_4b_50, 0);
	local.writeUInt16LE(20, 4);
	local.writeUInt16LE(8, 8); // deflate
	local.writeUInt32LE(crc, 14);
	local.writeUInt32LE(packed.length, 18);
	local.writeUInt32LE(data.length, 22);
	local.writeUInt16LE(nameBytes.length, 26);
	const central = Buffer.alloc(46);
	central.writeUInt32LE(0x02_01_4b_50, 0);
	central.writeUInt16LE(20, 4);
	central.writeUInt16LE(20, 6);
	central.writeUInt16LE(8, 10);
	central.writeUInt32LE(crc, 16);
	central.writeUInt32LE(packed.length, 20);
	central.writeUInt32LE(data.length, 24);
	central.writeUInt16LE(nameBytes.length, 28);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06_05_4b_50, 0);
	end.writeUInt16LE(1, 8);
	end.writeUInt16LE(1, 10);
	end.writeUInt32LE(46 + nameBytes.length, 12);
	end.writeUInt32LE(30 + nameBytes.length + packed.length, 16);
	return Buffer.concat([local, nameBytes, packed, central, nameBytes, end]);
}

/** A zip bomb .docx: about 100 KB holding a 34 MB document of one-letter paragraphs. */
const bombDocx = path.join(temp.dir, 'bomb.docx');

beforeAll(() => {
	const pdf = Buffer.alloc(16 * 1024 * 1024);
	pdf.write('%PDF-1.7\n');
	pdf.write('%%EOF\n', pdf.length - 6);
	writeFileSync(slowPdf, pdf);
	const paragraphs = '<w:p><w:r><w:t>a</w:t></w:r></w:p>'.repeat(1_000_000);
	const xml = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`;
	writeFileSync(bombDocx, zipOf('word/document.xml', xml));
});

async function expectNormalRead(): Promise<void> {
	const result = await readDocument('three-pages.pdf');
	expect(result.isError).toBe(false);
	expect(result.details.pages).toEqual({shown: [1, 2, 3], total: 3, next: undefined});
}

test('a PDF over the time limit is stopped with a document error; the next read works', async () => {
	const start = performance.now();
	const result = await read({path: slowPdf}, {limits: {maxDocumentMs: 200}});
	expect(performance.now() - start).toBeLessThan(1500);
	expect(result.details.errorCode).toBe('document-error');
	expect(textOf(result)).toContain('slow.pdf took longer than 0.2 s to parse, so lector stopped reading it.');
	expect(textOf(result)).toContain('pdftotext -f 1 -l 10');
	await expectNormalRead();
});

test('a PDF over the memory limit is stopped with a document error; the next read works', async () => {
	const result = await read({path: slowPdf}, {limits: {maxDocumentMemoryMb: 64}});
	expect(result.details.errorCode).toBe('document-error');
	expect(textOf(result)).toContain('slow.pdf needed more than 64 MB of memory to parse');
	await expectNormalRead();
});

test('a zip bomb .docx over the time limit is stopped with a document error that suggests unzip', async () => {
	const result = await read({path: bombDocx}, {limits: {maxDocumentMs: 200}});
	expect(result.details.errorCode).toBe('document-error');
	expect(textOf(result)).toContain('bomb.docx took longer than 0.2 s to parse');
	expect(textOf(result)).toContain('unzip -p');
	const word = await readDocument('report.docx');
	expect(word.isError).toBe(false);
	await expectNormalRead();
});

test('an abort stops the parsing at once', async () => {
	const controller = new AbortController();
	const start = performance.now();
	const pending = read({path: slowPdf}, {signal: controller.signal});
	setTimeout(() => {
		controller.abort();
	}, 100);
	const result = await pending;
	expect(performance.now() - start).toBeLessThan(1000);
	expect(result.details.errorCode).toBe('aborted');
	await expectNormalRead();
});

test('reads side by side each get a worker', async () => {
	const results = await Promise.all([
		readDocument('three-pages.pdf'),
		readDocument('report.docx'),
		readDocument('three-pages.pdf', {pages: '2'}),
	]);
	expect(results.map((result) => result.isError)).toEqual([false, false, false]);
	expect(results[2]?.details.pages?.shown).toEqual([2]);
});
