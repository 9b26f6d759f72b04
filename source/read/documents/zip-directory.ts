/**
The central directory of a ZIP (a .docx is one), read without unpacking anything, so that the sizes it
declares can be checked before mammoth opens the file (zip-limits.ts).

It is read the way JSZip, mammoth's unzipper, reads it, step for step: the last end-of-directory
signature in the file, the ZIP64 records when a field says so, the "prepended data" shift JSZip applies
when the directory is not where the end record says, every entry whose signature follows (the declared
count is not trusted), the last ZIP64 extra field of an entry, and the data at its local header. The
entries checked here are then exactly the ones JSZip will unpack. Where JSZip would fail or misread a
value (it reads 32-bit fields as signed numbers), this reader calls the file damaged.
*/

const signatures = {
	end: 0x06_05_4b_50,
	zip64Locator: 0x07_06_4b_50,
	zip64End: 0x06_06_4b_50,
	central: 0x02_01_4b_50,
	local: 0x04_03_4b_50,
} as const;

/** JSZip reads sizes and offsets as signed 32-bit numbers: larger values are misread. */
const largestValue = 2 ** 31 - 1;

/** One entry (part) of the ZIP. */
export type ZipEntry = {
	/** The name as stored (UTF-8 assumed), for messages only. */
	readonly name: string;
	/** 0 stored, 8 deflated; JSZip knows no other method and refuses the file on any other. */
	readonly method: number;
	readonly compressedSize: number;
	/** The size it declares once unpacked. */
	readonly uncompressedSize: number;
	/** Where its compressed data starts in the file; it is `compressedSize` bytes long. */
	readonly dataOffset: number;
};

/** The directory is malformed; the message is a clause: "points past the end of the file". */
export class ZipDamage extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'ZipDamage';
	}
}

function signatureBytes(signature: number): Buffer {
	const bytes = Buffer.alloc(4);
	bytes.writeUInt32LE(signature);
	return bytes;
}

/** Little-endian reads that throw `ZipDamage` instead of reading past the end. */
class Reader {
	readonly data: Buffer;

	constructor(data: Buffer) {
		this.data = data;
	}

	need(offset: number, length: number, what: string): void {
		if (offset < 0 || length < 0 || offset + length > this.data.length) {
			throw new ZipDamage(`${what} points past the end of the file`);
		}
	}

	u16(offset: number, what: string): number {
		this.need(offset, 2, what);
		return this.data.readUInt16LE(offset);
	}

	u32(offset: number, what: string): number {
		this.need(offset, 4, what);
		return this.data.readUInt32LE(offset);
	}

	u64(offset: number, what: string): number {
		this.need(offset, 8, what);
		return Number(this.data.readBigUInt64LE(offset));
	}

	/** The last place the signature starts, like JSZip's lastIndexOfSignature (the whole file). */
	lastIndexOf(signature: number): number {
		return this.data.lastIndexOf(signatureBytes(signature));
	}
}

type End = {
	readonly records: number;
	readonly size: number;
	readonly offset: number;
	readonly zip64Size: number;
};

/** The end-of-directory record, and the ZIP64 one when a field of the first is saturated. */
function readEnd(reader: Reader, endAt: number): End {
	reader.need(endAt, 22, 'the end record');
	const fields = [4, 6, 8, 10].map((at) => reader.u16(endAt + at, 'the end record'));
	const size = reader.u32(endAt + 12, 'the end record');
	const offset = reader.u32(endAt + 16, 'the end record');
	reader.need(endAt + 22, reader.u16(endAt + 20, 'the end record'), 'the archive comment');
	if (!fields.includes(0xff_ff) && size !== 0xff_ff_ff_ff && offset !== 0xff_ff_ff_ff) {
		return {records: fields[3] ?? 0, size, offset, zip64Size: 0};
	}

	const locator = reader.lastIndexOf(signatures.zip64Locator);
	if (locator < 0) {
		throw new ZipDamage('says it is ZIP64 but has no ZIP64 locator');
	}

	let zip64At = reader.u64(locator + 8, 'the ZIP64 locator');
	if (reader.u32(locator + 16, 'the ZIP64 locator') > 1) {
		throw new ZipDamage('spans several disks');
	}

	if (reader.u32(zip64At, 'the ZIP64 locator') !== signatures.zip64End) {
		zip64At = reader.lastIndexOf(signatures.zip64End);
		if (zip64At < 0) {
			throw new ZipDamage('has no ZIP64 end record');
		}
	}

	reader.need(zip64At, 56, 'the ZIP64 end record');
	const zip64Size = reader.u64(zip64At + 4, 'the ZIP64 end record');
	// JSZip cannot read a record that carries extensible data: it reads on to the end of the file.
	if (zip64Size !== 44) {
		throw new ZipDamage('has a ZIP64 end record of an unexpected size');
	}

	return {
		records: reader.u64(zip64At + 32, 'the ZIP64 end record'),
		size: reader.u64(zip64At + 40, 'the ZIP64 end record'),
		offset: reader.u64(zip64At + 48, 'the ZIP64 end record'),
		zip64Size,
	};
}

type CentralEntry = {
	readonly name: string;
	readonly method: number;
	readonly compressedSize: number;
	readonly uncompressedSize: number;
	readonly localOffset: number;
	/** Where the next entry's header starts. */
	readonly next: number;
};

/** One central directory entry at `at`, its sizes completed from a ZIP64 extra field as JSZip does. */
function readCentral(reader: Reader, at: number): CentralEntry {
	const what = 'an entry of the directory';
	reader.need(at, 46, what);
	const nameLength = reader.u16(at + 28, what);
	const extraLength = reader.u16(at + 30, what);
	const commentLength = reader.u16(at + 32, what);
	reader.need(at + 46, nameLength, what);
	const name = new TextDecoder().decode(reader.data.subarray(at + 46, at + 46 + nameLength));
	const extraEnd = at + 46 + nameLength + extraLength;
	reader.need(extraEnd, commentLength, what);
	// The last 0x0001 field wins; a field's value may run past the extra area, not past the file.
	let zip64: {start: number; end: number} | undefined;
	for (let field = at + 46 + nameLength; field + 4 < extraEnd; ) {
		const length = reader.u16(field + 2, what);
		reader.need(field + 4, length, what);
		if (reader.u16(field, what) === 0x00_01) {
			zip64 = {start: field + 4, end: field + 4 + length};
		}

		field += 4 + length;
	}

	// Saturated fields come from the ZIP64 field, in this order, as JSZip reads them.
	let cursor = zip64?.start ?? 0;
	const wide = (offset: number): number => {
		const value = reader.u32(at + offset, what);
		if (value !== 0xff_ff_ff_ff || zip64 === undefined) {
			return value;
		}

		if (cursor + 8 > zip64.end) {
			throw new ZipDamage('has a ZIP64 field too short for the sizes it stands for');
		}

		cursor += 8;
		return reader.u64(cursor - 8, what);
	};
	const uncompressedSize = wide(24);
	const compressedSize = wide(20);
	const localOffset = wide(42);
	return {
		name,
		method: reader.u16(at + 10, what),
		uncompressedSize,
		compressedSize,
		localOffset,
		next: extraEnd + commentLength,
	};
}

/**
The entries of the ZIP in `bytes`, in directory order; it stops after `maxEntries + 1` of them, so the
caller can refuse a directory of millions of entries cheaply. Throws `ZipDamage` when the directory
cannot be read, or when JSZip would fail to read it or misread it.
*/
export function readZipDirectory(bytes: Uint8Array, maxEntries = Number.POSITIVE_INFINITY): ZipEntry[] {
	const reader = new Reader(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
	const endAt = reader.lastIndexOf(signatures.end);
	if (endAt < 0) {
		throw new ZipDamage('has no end record (the file is cut short, or is not a ZIP)');
	}

	const end = readEnd(reader, endAt);
	const expectedEndAt = end.offset + end.size + (end.zip64Size > 0 ? 20 + 12 + end.zip64Size : 0);
	if (endAt < expectedEndAt) {
		throw new ZipDamage('claims more bytes than the file has');
	}

	// Bytes before the archive (a self-extractor stub): JSZip shifts every offset by their length.
	const shift = endAt - expectedEndAt;
	const entries: ZipEntry[] = [];
	let at = shift + end.offset;
	while (entries.length <= maxEntries && reader.u32(at, 'the directory') === signatures.central) {
		const entry = readCentral(reader, at);
		at = entry.next;
		const local = shift + entry.localOffset;
		if (reader.u32(local, 'an entry') !== signatures.local) {
			throw new ZipDamage(`entry ${entry.name} points to no local header`);
		}

		const dataOffset = local + 30 + reader.u16(local + 26, 'an entry') + reader.u16(local + 28, 'an entry');
		reader.need(dataOffset, entry.compressedSize, `entry ${entry.name}`);
		// Unpacked sizes that large are refused by the limits; these two would make JSZip read elsewhere.
		if (Math.max(entry.compressedSize, entry.localOffset) > largestValue) {
			throw new ZipDamage(`entry ${entry.name} has offsets beyond 2 GB`);
		}

		entries.push({
			name: entry.name,
			method: entry.method,
			compressedSize: entry.compressedSize,
			uncompressedSize: entry.uncompressedSize,
			dataOffset,
		});
	}

	if (end.records > 0 && entries.length === 0) {
		throw new ZipDamage('holds no entry where its end record says');
	}

	return entries;
}
