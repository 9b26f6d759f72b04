/**
A Word file's ZIP is checked before mammoth unpacks it: what JSZip unpacks is outside the worker's heap
limit, so a zip bomb is refused from its directory, in milliseconds, with advice the model can follow.
*/
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {readZipDirectory} from '../../../source/read/documents/zip-directory.js';
import {read} from '../../../source/read/index.js';
import {readDocument, root, tempFolder, textOf} from './helpers.js';
import {buildZip, type ZipOptions, type ZipPart} from './zip-builder.js';

const temp = tempFolder();
afterAll(() => temp.remove());

const mb = 1024 * 1024;
const report = readFileSync(path.join(root, 'fixtures/documents/report.docx'));
const reportParts: ZipPart[] = readZipDirectory(report).map((entry) => ({
	name: entry.name,
	data: Buffer.from(report.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize)),
}));

/** The fixture's parts, with `word/document.xml` replaced when `document` is given. */
function docx(name: string, document?: Partial<ZipPart>, options?: ZipOptions): string {
	const parts = reportParts.map((part) =>
		part.name === 'word/document.xml' && document ? {...part, ...document} : part,
	);
	const file = path.join(temp.dir, name);
	writeFileSync(file, buildZip(parts, options));
	return file;
}

async function expectRefused(file: string, message: string | RegExp): Promise<void> {
	const start = performance.now();
	const result = await read({path: file});
	expect(performance.now() - start).toBeLessThan(2000);
	expect(result.isError).toBe(true);
	expect(result.details).toMatchObject({kind: 'error', errorCode: 'document-error', document: 'docx'});
	const text = textOf(result);
	if (typeof message === 'string') {
		expect(text).toContain(message);
	} else {
		expect(text).toMatch(message);
	}

	expect(text).toContain(`unzip -l ${file}`);
	// The next Word file reads as usual.
	expect((await readDocument('report.docx')).isError).toBe(false);
}

test('the same document, deflated or ZIP64, reads as the fixture does', async () => {
	const expected = (await readDocument('report.docx')).details.lines;
	for (const [name, options, zip64] of [
		['deflated.docx', {}, false],
		['zip64.docx', {zip64End: true}, true],
	] as const) {
		const parts = reportParts.map((part) => ({...part, zip64}));
		const file = path.join(temp.dir, name);
		writeFileSync(file, buildZip(parts, options));
		const result = await read({path: file});
		expect(result.isError, textOf(result)).toBe(false);
		expect(result.details.lines).toEqual(expected);
	}
});

test('a part that declares gigabytes (ZIP64) is refused before it is unpacked', async () => {
	const file = docx('huge.docx', {declaredSize: 5 * 1024 * mb, zip64: true});
	await expectRefused(
		file,
		'huge.docx was not opened: its part word/document.xml would unpack to 5 GB, more than the 256 MB lector unpacks for one part, so it may be a zip bomb.',
	);
});

test('the part limit follows the worker heap limit', async () => {
	const file = docx('big.docx', {data: Buffer.from(`<w:document>${'x'.repeat(300_000)}`), method: 0});
	const result = await read({path: file}, {limits: {maxDocumentMemoryMb: 1}});
	expect(textOf(result)).toContain(
		'would unpack to 293 KB, more than the 256 KB lector unpacks for one part',
	);
});

test('a part packed beyond 1000:1 is refused as a zip bomb', async () => {
	const file = docx('dense.docx', {data: Buffer.alloc(64 * mb, ' ')});
	await expectRefused(
		file,
		/dense\.docx was not opened: its part word\/document\.xml would unpack from 6\d\.\d KB to 64 MB \(1,0\d\d:1\), a ratio no real document comes near \(lector stops at 1,000:1\), so it is most likely a zip bomb\./,
	);
});

test('a part that unpacks to more than it declares is refused', async () => {
	const file = docx('liar.docx', {data: Buffer.alloc(4 * mb, ' '), declaredSize: 2048});
	await expectRefused(
		file,
		'liar.docx was not opened: its part word/document.xml unpacks to more than the 2 KB its ZIP directory declares, which only a damaged file or a zip bomb does.',
	);
});

test('a directory that points past the end of the file is a damaged Word file', async () => {
	const zip = buildZip(reportParts);
	zip.writeUInt32LE(zip.length, zip.length - 22 + 16);
	const file = path.join(temp.dir, 'moved.docx');
	writeFileSync(file, zip);
	await expectRefused(
		file,
		'moved.docx is a damaged Word file: its ZIP directory claims more bytes than the file has',
	);
});
