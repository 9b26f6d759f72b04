/**
Builds ZIP files for the tests of the ZIP checks: parts stored or deflated, sizes declared at will
(a zip bomb's directory), ZIP64 extra fields and end records, bytes before the archive.
*/
import {crc32, deflateRawSync} from 'node:zlib';

export type ZipPart = {
	readonly name: string;
	readonly data: Buffer;
	/** 8 (default): the builder deflates `data`; 0: stored as is. */
	readonly method?: 0 | 8;
	/** The uncompressed size the directory declares, when not the real one. */
	readonly declaredSize?: number;
	/** Put the sizes and offset in a ZIP64 extra field (the 32-bit fields say 0xffffffff). */
	readonly zip64?: boolean;
};

export type ZipOptions = {
	/** Write a ZIP64 end record and locator, and saturate the classic end record's fields. */
	readonly zip64End?: boolean;
	/** Bytes before the archive, as in a self-extracting ZIP; offsets stay relative to the archive. */
	readonly prefix?: Buffer;
};

function u16(value: number): Buffer {
	const bytes = Buffer.alloc(2);
	bytes.writeUInt16LE(value);
	return bytes;
}

function u32(value: number): Buffer {
	const bytes = Buffer.alloc(4);
	bytes.writeUInt32LE(value);
	return bytes;
}

function u64(value: number): Buffer {
	const bytes = Buffer.alloc(8);
	bytes.writeBigUInt64LE(BigInt(value));
	return bytes;
}

export function buildZip(parts: readonly ZipPart[], options: ZipOptions = {}): Buffer {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const part of parts) {
		const method = part.method ?? 8;
		const packed = method === 8 ? deflateRawSync(part.data) : part.data;
		const size = part.declaredSize ?? part.data.length;
		const name = Buffer.from(part.name);
		const crc = crc32(part.data);
		const extra = part.zip64
			? Buffer.concat([u16(1), u16(24), u64(size), u64(packed.length), u64(offset)])
			: Buffer.alloc(0);
		const wide = (value: number) => (part.zip64 ? 0xff_ff_ff_ff : value);
		const common = [
			u16(20),
			u16(0),
			u16(method),
			u32(0),
			u32(crc),
			u32(wide(packed.length)),
			u32(wide(size)),
		];
		const local = Buffer.concat([u32(0x04_03_4b_50), ...common, u16(name.length), u16(0), name, packed]);
		centrals.push(
			Buffer.concat([
				u32(0x02_01_4b_50),
				u16(20),
				...common,
				u16(name.length),
				u16(extra.length),
				u16(0),
				u16(0),
				u16(0),
				u32(0),
				u32(wide(offset)),
				name,
				extra,
			]),
		);
		locals.push(local);
		offset += local.length;
	}

	const central = Buffer.concat(centrals);
	const tail: Buffer[] = [];
	if (options.zip64End) {
		const zip64EndAt = offset + central.length;
		tail.push(
			Buffer.concat([
				u32(0x06_06_4b_50),
				u64(44),
				u16(45),
				u16(45),
				u32(0),
				u32(0),
				u64(parts.length),
				u64(parts.length),
				u64(central.length),
				u64(offset),
			]),
			Buffer.concat([u32(0x07_06_4b_50), u32(0), u64(zip64EndAt), u32(1)]),
		);
	}

	const saturate = options.zip64End === true;
	const end = Buffer.concat([
		u32(0x06_05_4b_50),
		u16(0),
		u16(0),
		u16(saturate ? 0xff_ff : parts.length),
		u16(saturate ? 0xff_ff : parts.length),
		u32(saturate ? 0xff_ff_ff_ff : central.length),
		u32(saturate ? 0xff_ff_ff_ff : offset),
		u16(0),
	]);
	return Buffer.concat([options.prefix ?? Buffer.alloc(0), ...locals, central, ...tail, end]);
}
