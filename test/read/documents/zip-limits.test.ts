/**
The ZIP check before mammoth: the central directory read as JSZip reads it, and the limits on what a
Word file may unpack to. ZIPs are built here, with sizes declared at will.
*/
import {randomBytes} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {inflateRawSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {readZipDirectory, ZipDamage} from '../../../source/read/documents/zip-directory.js';
import {checkWordZip, inflatedSize, zipLimitsOf} from '../../../source/read/documents/zip-limits.js';
import {defaultLimits} from '../../../source/read/types.js';
import {root} from './helpers.js';
import {buildZip, type ZipPart} from './zip-builder.js';

const report = readFileSync(path.join(root, 'fixtures/documents/report.docx'));
const limits = zipLimitsOf(defaultLimits);
const mb = 1024 * 1024;

/** The parts of a ZIP, unpacked. */
function partsOf(zip: Buffer): ZipPart[] {
	return readZipDirectory(zip).map((entry) => {
		const packed = zip.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
		return {name: entry.name, data: entry.method === 8 ? inflateRawSync(packed) : packed};
	});
}

/** Text that deflate cannot squeeze much: hex digits, about 2:1. */
function hexText(bytes: number): Buffer {
	return Buffer.from(randomBytes(bytes / 2).toString('hex'));
}

const document = (data: Buffer, more: Partial<ZipPart> = {}): ZipPart => ({
	name: 'word/document.xml',
	data,
	...more,
});

describe('the limits', () => {
	it('follow from the worker heap: a quarter for one part, half for all', () => {
		expect(limits).toMatchObject({maxEntryBytes: 256 * mb, maxTotalBytes: 512 * mb, maxRatio: 1000});
		expect(zipLimitsOf({...defaultLimits, maxDocumentMemoryMb: 64})).toMatchObject({
			maxEntryBytes: 16 * mb,
			maxTotalBytes: 32 * mb,
		});
	});
});

describe('readZipDirectory', () => {
	it('lists the parts of a real .docx with their sizes', () => {
		const entries = readZipDirectory(report);
		expect(entries.map((entry) => entry.name)).toContain('word/document.xml');
		const parts = partsOf(report);
		expect(parts.find((part) => part.name === 'word/document.xml')?.data.toString()).toContain('Quarterly');
		expect(entries.map((entry) => entry.uncompressedSize)).toEqual(parts.map((part) => part.data.length));
	});

	it('reads ZIP64 sizes and end records, and archives with bytes before them, as JSZip does', () => {
		const parts = partsOf(report);
		const plain = readZipDirectory(buildZip(parts));
		const wide = readZipDirectory(
			buildZip(
				parts.map((part) => ({...part, zip64: true})),
				{zip64End: true, prefix: Buffer.from('#!/bin/sh\nexit 0\n')},
			),
		);
		const sizes = (entries: typeof plain) =>
			entries.map(({name, uncompressedSize, compressedSize}) => ({name, uncompressedSize, compressedSize}));
		expect(sizes(wide)).toEqual(sizes(plain));
	});

	const small = buildZip([document(Buffer.from('<w:document/>'))]);
	const endAt = small.length - 22;
	const centralAt = small.readUInt32LE(endAt + 16);
	const withChange = (change: (zip: Buffer) => void) => {
		const zip = Buffer.from(small);
		change(zip);
		return zip;
	};

	/** A ZIP64 entry whose extra field holds two of the three 64-bit values it stands for. */
	function shortZip64Field(): Buffer {
		const zip = buildZip([document(Buffer.from('<w:document/>'), {zip64: true})]);
		const at = zip.readUInt32LE(zip.length - 22 + 16);
		const extraAt = at + 46 + zip.readUInt16LE(at + 28);
		zip.writeUInt16LE(20, at + 30);
		zip.writeUInt16LE(16, extraAt + 2);
		return zip;
	}

	it.each([
		['cut short', report.subarray(0, 600), /no end record/],
		[
			'a directory larger than the file',
			withChange((zip) => zip.writeUInt32LE(1 << 20, endAt + 12)),
			/more bytes/,
		],
		[
			'ZIP64 fields without ZIP64 records',
			withChange((zip) => zip.writeUInt16LE(0xff_ff, endAt + 10)),
			/ZIP64 locator/,
		],
		[
			'an entry with no local header',
			withChange((zip) => zip.writeUInt32LE(7, centralAt + 42)),
			/no local header/,
		],
		['a ZIP64 field too short for its saturated sizes', shortZip64Field(), /too short/],
		['a comment past the end', withChange((zip) => zip.writeUInt16LE(500, endAt + 20)), /comment/],
		[
			'compressed data past the end',
			withChange((zip) => zip.writeUInt32LE(1 << 20, centralAt + 20)),
			/past the end/,
		],
	])('calls %s damaged', (_name, zip, message) => {
		expect(() => readZipDirectory(zip)).toThrow(ZipDamage);
		expect(() => readZipDirectory(zip)).toThrow(message);
	});
});

describe('checkWordZip', () => {
	it('lets a real .docx through, stored or deflated', async () => {
		expect(await checkWordZip(report, limits)).toBeUndefined();
		expect(await checkWordZip(buildZip(partsOf(report)), limits)).toBeUndefined();
	});

	it('refuses a part that declares more than the part limit, ZIP64 or not', async () => {
		const wide = buildZip([
			document(Buffer.from('<w:document/>'), {declaredSize: 5 * 1024 * mb, zip64: true}),
		]);
		expect(await checkWordZip(wide, limits)).toEqual({
			kind: 'entry-too-large',
			entry: 'word/document.xml',
			size: 5 * 1024 * mb,
			limit: 256 * mb,
		});
		const classic = buildZip([document(Buffer.from('<w:document/>'), {declaredSize: 300 * mb})]);
		expect(await checkWordZip(classic, limits)).toMatchObject({kind: 'entry-too-large', size: 300 * mb});
	});

	it('refuses parts that together unpack to more than the total limit', async () => {
		const small = zipLimitsOf({...defaultLimits, maxDocumentMemoryMb: 16});
		const parts = [1, 2, 3].map((index) => ({name: `word/part${index}.xml`, data: hexText(3 * mb)}));
		expect(await checkWordZip(buildZip(parts.slice(0, 2)), small)).toBeUndefined();
		expect(await checkWordZip(buildZip(parts), small)).toMatchObject({
			kind: 'total-too-large',
			limit: 8 * mb,
		});
	});

	it('refuses a large part packed beyond 1000:1, whatever it declares', async () => {
		const zeros = buildZip([document(Buffer.alloc(8 * mb))]);
		expect(await checkWordZip(zeros, limits)).toMatchObject({
			kind: 'ratio',
			entry: 'word/document.xml',
			size: 8 * mb,
		});
		// A small part may: a few KB of spaces harm no one.
		expect(await checkWordZip(buildZip([document(Buffer.alloc(512 * 1024, ' '))]), limits)).toBeUndefined();
	});

	it('refuses a part that unpacks to more than its directory declares', async () => {
		const liar = buildZip([
			{name: '[Content_Types].xml', data: Buffer.from('<Types/>')},
			document(Buffer.alloc(2 * mb), {declaredSize: 1000}),
		]);
		expect(await checkWordZip(liar, limits)).toEqual({
			kind: 'larger-than-declared',
			entry: 'word/document.xml',
			size: 1000,
		});
	});

	it('refuses more parts than a Word file has', async () => {
		const parts = [1, 2, 3, 4].map((index) => ({name: `p${index}`, data: Buffer.from('x')}));
		expect(await checkWordZip(buildZip(parts), {...limits, maxEntries: 3})).toEqual({
			kind: 'too-many-entries',
			count: 4,
			limit: 3,
		});
	});

	it('calls a malformed directory damaged', async () => {
		expect(await checkWordZip(report.subarray(0, 600), limits)).toMatchObject({kind: 'damaged'});
	});

	it('stops unpacking when aborted', async () => {
		const controller = new AbortController();
		controller.abort(new Error('stop'));
		// The fixture's parts are stored; deflated, they are unpacked to be measured.
		const deflated = buildZip(partsOf(report));
		await expect(checkWordZip(deflated, limits, controller.signal)).rejects.toThrow('stop');
	});
});

describe('inflatedSize', () => {
	it('counts to just past the cap, and what comes before a break in the stream', async () => {
		const packed = buildZip([document(Buffer.alloc(4 * mb))]);
		const [entry] = readZipDirectory(packed);
		const data = packed.subarray(entry?.dataOffset, (entry?.dataOffset ?? 0) + (entry?.compressedSize ?? 0));
		expect(await inflatedSize(data, 8 * mb)).toBe(4 * mb);
		const capped = await inflatedSize(data, mb);
		expect(capped).toBeGreaterThan(mb);
		expect(capped).toBeLessThan(2 * mb);
		expect(await inflatedSize(data.subarray(0, 100), 8 * mb)).toBeLessThan(4 * mb);
	});
});
