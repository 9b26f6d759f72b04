/**
How each format is recognised, from a file's first bytes and name. Kept apart from the readers so
that telling a file's format loads none of them (formats/index.ts imports a reader when it is needed).
*/
import path from 'node:path';
import {detectImageFormat} from '../image/detect.js';

const pdfMagic = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const zipMagic = [0x50, 0x4b, 0x03, 0x04];
/** Office files saved with a password are OLE compound files, not ZIPs. */
export const oleMagic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const wordExtensions = new Set(['.docx', '.docm', '.dotx', '.dotm']);
/** A Word package names its parts under word/; the ZIP's local headers put those names in the first bytes. */
const wordPart = Buffer.from('word/document', 'latin1');

export function startsWith(sample: Uint8Array, magic: readonly number[]): boolean {
	return magic.every((byte, index) => sample[index] === byte);
}

function isWordName(filePath: string): boolean {
	return wordExtensions.has(path.extname(filePath).toLowerCase());
}

/** PNG, JPEG, GIF, WebP and BMP files, by their first bytes, whatever their name. */
export function isImage(sample: Uint8Array): boolean {
	return detectImageFormat(sample) !== undefined;
}

/** Files that start with `%PDF-`, whatever their name. */
export function isPdf(sample: Uint8Array): boolean {
	return startsWith(sample, pdfMagic);
}

/** ZIPs named .docx (or holding word/ parts), and password-protected files named .docx. */
export function isWord(sample: Uint8Array, filePath: string): boolean {
	if (startsWith(sample, zipMagic)) {
		return isWordName(filePath) || Buffer.from(sample).includes(wordPart);
	}

	return startsWith(sample, oleMagic) && isWordName(filePath);
}

/** `.ipynb` files whose text starts as a JSON object. */
export function isNotebook(sample: Uint8Array, filePath: string): boolean {
	if (path.extname(filePath).toLowerCase() !== '.ipynb') {
		return false;
	}

	const start = sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf ? 3 : 0;
	const first = sample
		.subarray(start)
		.find((byte) => byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09);
	return first === 0x7b;
}
