/**
Image formats told apart by their first bytes, never by the file name: a PNG saved as `notes.txt`
is still a PNG, and a text file named `logo.png` is still text.
*/

/** The image formats lector reads. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp';

/** Media types of the formats as they are sent (BMP is never sent as is: providers do not take it). */
export const imageMimeTypes: Readonly<Record<ImageFormat, string>> = {
	png: 'image/png',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	webp: 'image/webp',
	bmp: 'image/bmp',
};

/** Formats the model providers accept as image blocks. */
export const sendableFormats: ReadonlySet<ImageFormat> = new Set(['png', 'jpeg', 'gif', 'webp']);

function startsWith(bytes: Uint8Array, magic: readonly number[], offset = 0): boolean {
	return magic.every((byte, index) => bytes[offset + index] === byte);
}

function uint32le(bytes: Uint8Array, offset: number): number {
	return (
		((bytes[offset] ?? 0) |
			((bytes[offset + 1] ?? 0) << 8) |
			((bytes[offset + 2] ?? 0) << 16) |
			((bytes[offset + 3] ?? 0) << 24)) >>>
		0
	);
}

/** Sizes of the BMP info headers in use (core, info, V2, V3, OS/2 v2, V4, V5), in bytes. */
const bmpHeaderSizes = new Set([12, 40, 52, 56, 64, 108, 124]);

/**
"BM" is only two bytes, and plenty of text starts with them: a BMP also needs a known info-header
size at byte 14 and a pixel-data offset that lies past the headers.
*/
function looksLikeBmp(bytes: Uint8Array): boolean {
	if (!startsWith(bytes, [0x42, 0x4d]) || bytes.length < 18) {
		return false;
	}

	const headerSize = uint32le(bytes, 14);
	const pixelOffset = uint32le(bytes, 10);
	return bmpHeaderSizes.has(headerSize) && pixelOffset >= 14 + headerSize;
}

/** The image format a file's first bytes announce, or undefined. Damaged files still match: they get a note. */
export function detectImageFormat(sample: Uint8Array): ImageFormat | undefined {
	if (startsWith(sample, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
		return 'png';
	}

	if (startsWith(sample, [0xff, 0xd8, 0xff])) {
		return 'jpeg';
	}

	// "GIF87a" or "GIF89a".
	if (startsWith(sample, [0x47, 0x49, 0x46, 0x38]) && (sample[4] === 0x37 || sample[4] === 0x39)) {
		return 'gif';
	}

	// "RIFF", a 4-byte size, then "WEBP".
	if (startsWith(sample, [0x52, 0x49, 0x46, 0x46]) && startsWith(sample, [0x57, 0x45, 0x42, 0x50], 8)) {
		return 'webp';
	}

	return looksLikeBmp(sample) ? 'bmp' : undefined;
}
