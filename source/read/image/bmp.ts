/**
A small BMP decoder. sharp's prebuilt libvips has no BMP loader, and BMP is simple enough to read
here: uncompressed 1, 4, 8, 16, 24 and 32-bit images, palettes, and bit-field masks. RLE and
embedded JPEG/PNG are rare and refused with a clear reason.
*/

/** The facts in a BMP's headers, read without touching the pixels. */
export type BmpHeader = {
	/** Pixels. */
	readonly width: number;
	/** Pixels (always positive; see `topDown`). */
	readonly height: number;
	/** Rows are stored top row first (a negative height in the file). */
	readonly topDown: boolean;
	readonly bitsPerPixel: number;
	readonly compression: number;
	/** Byte offset of the pixel rows. */
	readonly pixelOffset: number;
	/** Byte offset and size (3 or 4 bytes) of the palette's entries, and how many there are. */
	readonly paletteOffset: number;
	readonly paletteEntrySize: number;
	readonly paletteCount: number;
	/** Bit masks for red, green, blue and alpha (16 and 32-bit images). */
	readonly masks: readonly [number, number, number, number];
};

/** Decoded pixels: width × height × 4 bytes, RGBA, top row first. */
export type DecodedBmp = {readonly width: number; readonly height: number; readonly rgba: Buffer};

const compressionNames: Readonly<Record<number, string>> = {
	1: 'RLE8',
	2: 'RLE4',
	4: 'embedded JPEG',
	5: 'embedded PNG',
};

function view(bytes: Uint8Array): DataView {
	return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The masks a 16 or 32-bit image uses when the file gives none. */
function defaultMasks(bitsPerPixel: number): [number, number, number, number] {
	return bitsPerPixel === 16
		? [0x7c_00, 0x03_e0, 0x00_1f, 0]
		: [0x00_ff_00_00, 0x00_00_ff_00, 0x00_00_00_ff, 0];
}

/** Reads a BMP's headers. Throws an Error whose message says what is wrong. */
export function readBmpHeader(bytes: Uint8Array): BmpHeader {
	if (bytes.length < 26) {
		throw new Error('the file ends inside its BMP header');
	}

	const data = view(bytes);
	const pixelOffset = data.getUint32(10, true);
	const headerSize = data.getUint32(14, true);
	if (headerSize === 12) {
		const bitsPerPixel = data.getUint16(24, true);
		return {
			width: data.getUint16(18, true),
			height: data.getUint16(20, true),
			topDown: false,
			bitsPerPixel,
			compression: 0,
			pixelOffset,
			paletteOffset: 26,
			paletteEntrySize: 3,
			paletteCount: bitsPerPixel <= 8 ? 2 ** bitsPerPixel : 0,
			masks: defaultMasks(bitsPerPixel),
		};
	}

	if (bytes.length < 14 + Math.min(headerSize, 56)) {
		throw new Error('the file ends inside its BMP header');
	}

	const width = data.getInt32(18, true);
	const rawHeight = data.getInt32(22, true);
	const bitsPerPixel = data.getUint16(28, true);
	const compression = data.getUint32(30, true);
	const colorsUsed = data.getUint32(46, true);
	let masks = defaultMasks(bitsPerPixel);
	// Bit-field masks sit inside V2+ headers, or just after a 40-byte header.
	if (compression === 3 || compression === 6) {
		const at = 54;
		const hasAlpha = compression === 6 || headerSize >= 56;
		if (bytes.length < at + (hasAlpha ? 16 : 12)) {
			throw new Error('the file ends inside its BMP colour masks');
		}

		masks = [
			data.getUint32(at, true),
			data.getUint32(at + 4, true),
			data.getUint32(at + 8, true),
			hasAlpha ? data.getUint32(at + 12, true) : 0,
		];
	}

	const masksAfterHeader = headerSize === 40 && (compression === 3 || compression === 6);
	return {
		width,
		height: Math.abs(rawHeight),
		topDown: rawHeight < 0,
		bitsPerPixel,
		compression,
		pixelOffset,
		paletteOffset: 14 + headerSize + (masksAfterHeader ? (compression === 6 ? 16 : 12) : 0),
		paletteEntrySize: 4,
		paletteCount: bitsPerPixel <= 8 ? colorsUsed || 2 ** bitsPerPixel : 0,
		masks,
	};
}

/** Shift and scale for one mask, so a masked value becomes 0-255. */
function channel(mask: number): (pixel: number) => number {
	if (mask === 0) {
		return () => 255;
	}

	let shift = 0;
	while (((mask >>> shift) & 1) === 0) {
		shift++;
	}

	const max = mask >>> shift;
	return (pixel) => Math.round((((pixel & mask) >>> shift) * 255) / max);
}

function checkHeader(header: BmpHeader, maxPixels: number): void {
	const name = compressionNames[header.compression];
	if (name !== undefined) {
		throw new Error(`${name} compressed BMP images are not supported`);
	}

	if (![0, 3, 6].includes(header.compression)) {
		throw new Error(`unknown BMP compression ${header.compression}`);
	}

	if (![1, 4, 8, 16, 24, 32].includes(header.bitsPerPixel)) {
		throw new Error(`unsupported BMP depth of ${header.bitsPerPixel} bits per pixel`);
	}

	if (header.width <= 0 || header.height <= 0) {
		throw new Error(`invalid BMP size ${header.width}x${header.height}`);
	}

	if (header.width * header.height > maxPixels) {
		throw new Error(
			`${header.width}x${header.height} pixels is more than lector decodes (${maxPixels} pixels)`,
		);
	}
}

/** Decodes a BMP to RGBA. Throws an Error whose message says what is wrong. */
export function decodeBmp(bytes: Uint8Array, maxPixels: number): DecodedBmp {
	const header = readBmpHeader(bytes);
	checkHeader(header, maxPixels);
	const {width, height, bitsPerPixel} = header;
	const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
	if (header.pixelOffset + stride * height > bytes.length) {
		throw new Error('the file ends before its last row of pixels (truncated BMP)');
	}

	const data = view(bytes);
	const palette: number[][] = [];
	for (let index = 0; index < header.paletteCount; index++) {
		const at = header.paletteOffset + index * header.paletteEntrySize;
		palette.push(
			at + 2 < bytes.length ? [bytes[at + 2] ?? 0, bytes[at + 1] ?? 0, bytes[at] ?? 0] : [0, 0, 0],
		);
	}

	const [red, green, blue] = header.masks.slice(0, 3).map((mask) => channel(mask));
	const alphaMask = header.masks[3];
	const alpha = channel(alphaMask);
	const rgba = Buffer.alloc(width * height * 4);
	let anyAlpha = false;
	for (let row = 0; row < height; row++) {
		const source = header.pixelOffset + (header.topDown ? row : height - 1 - row) * stride;
		for (let column = 0; column < width; column++) {
			const out = (row * width + column) * 4;
			if (bitsPerPixel <= 8) {
				const bit = column * bitsPerPixel;
				const byte = bytes[source + (bit >> 3)] ?? 0;
				const index = (byte >> (8 - bitsPerPixel - (bit & 7))) & ((1 << bitsPerPixel) - 1);
				const color = palette[index] ?? [0, 0, 0];
				rgba[out] = color[0] ?? 0;
				rgba[out + 1] = color[1] ?? 0;
				rgba[out + 2] = color[2] ?? 0;
				rgba[out + 3] = 255;
				continue;
			}

			if (bitsPerPixel === 24) {
				const at = source + column * 3;
				rgba[out] = bytes[at + 2] ?? 0;
				rgba[out + 1] = bytes[at + 1] ?? 0;
				rgba[out + 2] = bytes[at] ?? 0;
				rgba[out + 3] = 255;
				continue;
			}

			const pixel =
				bitsPerPixel === 16
					? data.getUint16(source + column * 2, true)
					: data.getUint32(source + column * 4, true);
			rgba[out] = red?.(pixel) ?? 0;
			rgba[out + 1] = green?.(pixel) ?? 0;
			rgba[out + 2] = blue?.(pixel) ?? 0;
			const value = alpha(pixel);
			rgba[out + 3] = value;
			anyAlpha ||= alphaMask !== 0 && value !== 0;
		}
	}

	// Many writers leave the alpha bits at zero: an image with no visible pixel means "no alpha".
	if (alphaMask !== 0 && !anyAlpha) {
		for (let out = 3; out < rgba.length; out += 4) {
			rgba[out] = 255;
		}
	}

	return {width, height, rgba};
}
