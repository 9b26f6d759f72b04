/**
Image outputs of notebook cells, sent through the same pipeline as image files (image/prepare.ts):
decoded (which proves a provider will take them), scaled so the longest side fits
`limits.maxImageDimension`, re-encoded when over `limits.maxImageBytes`. Each output gets a marker
line with what it is and a line saying what was sent, or why nothing was; the image block goes right
after that line. A read sends at most `maxImagesPerRead` images and `limits.maxImageBytes` in all.
*/
import {detectImageFormat} from '../image/detect.js';
import {base64Length, type PreparedImage, prepareImage} from '../image/prepare.js';
import {formatBytes} from '../notices.js';
import type {ImageBlock, ReadLimits} from '../types.js';
import {maxImageFileBytes, originalFacts, reasonOf, sentSentences} from './image.js';

/** Most image outputs sent in one read; their total size is also held to `limits.maxImageBytes`. */
export const maxImagesPerRead = 8;

/** What is left of one read's image allowance: images, and bytes of base64 data (what providers count). */
export type ImageBudget = {images: number; bytes: number};

/** One image output as the model gets it: two lines, and the block to send after them. */
export type NotebookImage = {
	readonly lines: readonly [string, string];
	/** Set when the image is sent; `cost` is its base64 length, charged to the read's budget. */
	readonly sent?: {readonly block: ImageBlock; readonly cost: number};
};

/** Bytes the base64 text decodes to; undefined when it is not strict base64 (whitespace already removed). */
export function decodedBytes(base64: string): number | undefined {
	if (base64.length % 4 !== 0 || !/^[A-Za-z\d+/]*={0,2}$/.test(base64)) {
		return undefined;
	}

	return (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/** An output of this media type and base64 data, spending `budget` when it is sent. */
export async function notebookImage(
	label: string,
	mimeType: string,
	data: string,
	budget: ImageBudget,
	limits: ReadLimits,
	signal: AbortSignal | undefined,
): Promise<NotebookImage> {
	const marker = (facts: string) => `--- out: ${label} · ${facts} ---`;
	const bytes = decodedBytes(data);
	if (bytes === undefined) {
		return {lines: [marker(mimeType), 'Not sent: its base64 data is invalid.']};
	}

	const declared = marker(`${mimeType}, ${formatBytes(bytes)}`);
	if (budget.images <= 0) {
		// Not decoded at all: past the count cap, decoding would only cost time.
		return {
			lines: [
				declared,
				`Not sent: ${maxImagesPerRead} images per read already sent; read this cell alone to get it.`,
			],
		};
	}

	if (bytes > maxImageFileBytes) {
		return {
			lines: [declared, `Not sent: it is larger than the ${formatBytes(maxImageFileBytes)} lector decodes.`],
		};
	}

	const buffer = Buffer.from(data, 'base64');
	const format = detectImageFormat(buffer);
	if (format === undefined) {
		return {
			lines: [declared, 'Not sent: its data is not an image lector can decode (PNG, JPEG, GIF, WebP, BMP).'],
		};
	}

	let prepared: PreparedImage;
	try {
		prepared = await prepareImage(
			buffer,
			format,
			{maxDimension: limits.maxImageDimension, maxBytes: limits.maxImageBytes},
			signal,
		);
	} catch (error) {
		if (signal?.aborted) {
			throw error;
		}

		return {
			lines: [declared, `Not sent: it could not be used (${reasonOf(error)}).`],
		};
	}

	const described = marker(originalFacts(format, bytes, prepared));
	const cost = base64Length(prepared.data.length);
	if (cost > budget.bytes) {
		return {
			lines: [
				described,
				`Not sent: the images of this read already total ${formatBytes(limits.maxImageBytes - budget.bytes)} of ${formatBytes(limits.maxImageBytes)}; read this cell alone to get it.`,
			],
		};
	}

	budget.images--;
	budget.bytes -= cost;
	return {
		lines: [described, sentSentences(format, prepared, limits)],
		sent: {block: {type: 'image', data: prepared.data.toString('base64'), mimeType: prepared.mimeType}, cost},
	};
}
