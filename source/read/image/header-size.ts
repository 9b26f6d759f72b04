/**
An image's size read from its header alone, without decoding pixels and without sharp: for images
in replayed logs, whose panels show their sizes, and for any caller that only needs the size.
*/
import {readBmpHeader} from './bmp.js';
import {detectImageFormat, type ImageFormat} from './detect.js';

/** Format and size in pixels. */
export type HeaderSize = {readonly format: ImageFormat; readonly width: number; readonly height: number};

function uint16be(bytes: Uint8Array, at: number): number {
	return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function uint16le(bytes: Uint8Array, at: number): number {
	return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function uint24le(bytes: Uint8Array, at: number): number {
	return uint16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function uint32be(bytes: Uint8Array, at: number): number {
	return ((uint16be(bytes, at) << 16) | uint16be(bytes, at + 2)) >>> 0;
}

/** Walks JPEG markers to the first start-of-frame (SOF0-SOF15 except DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array): {width: number; height: number} | undefined {
	let at = 2;
	while (at + 9 < bytes.length) {
		if (bytes[at] !== 0xff) {
			return undefined;
		}

		const marker = bytes[at + 1] ?? 0;
		if (marker === 0xff) {
			at++;
			continue;
		}

		const length = uint16be(bytes, at + 2);
		const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
		if (isFrame) {
			return {height: uint16be(bytes, at + 5), width: uint16be(bytes, at + 7)};
		}

		at += 2 + length;
	}

	return undefined;
}

/** VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk at byte 12. */
function webpSize(bytes: Uint8Array): {width: number; height: number} | undefined {
	const chunk = String.fromCharCode(...bytes.subarray(12, 16));
	if (chunk === 'VP8X') {
		return {width: uint24le(bytes, 24) + 1, height: uint24le(bytes, 27) + 1};
	}

	if (chunk === 'VP8L') {
		const bits =
			((bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24)) >>>
			0;
		return {width: (bits & 0x3f_ff) + 1, height: ((bits >>> 14) & 0x3f_ff) + 1};
	}

	if (chunk === 'VP8 ') {
		return {width: uint16le(bytes, 26) & 0x3f_ff, height: uint16le(bytes, 28) & 0x3f_ff};
	}

	return undefined;
}

function sizeOf(bytes: Uint8Array, format: ImageFormat): {width: number; height: number} | undefined {
	switch (format) {
		case 'png': {
			return {width: uint32be(bytes, 16), height: uint32be(bytes, 20)};
		}

		case 'gif': {
			return {width: uint16le(bytes, 6), height: uint16le(bytes, 8)};
		}

		case 'jpeg': {
			return jpegSize(bytes);
		}

		case 'webp': {
			return webpSize(bytes);
		}

		case 'bmp': {
			const header = readBmpHeader(bytes);
			return {width: header.width, height: header.height};
		}
	}
}

/** The format and size from the header, or undefined when the bytes are not an image lector knows or are cut short. */
export function headerSize(bytes: Uint8Array): HeaderSize | undefined {
	const format = detectImageFormat(bytes);
	if (format === undefined) {
		return undefined;
	}

	try {
		const size = sizeOf(bytes, format);
		return size !== undefined && size.width > 0 && size.height > 0 ? {format, ...size} : undefined;
	} catch {
		return undefined;
	}
}
