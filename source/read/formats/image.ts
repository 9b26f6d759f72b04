/**
PNG, JPEG, GIF, WebP and BMP files, recognised by their bytes: the model gets the picture as an
image block (scaled and re-encoded to the caps, see image/prepare.ts) and, beside it, a text block
with the format, the original and sent sizes, and the factor that maps coordinates back. A file
that cannot be decoded becomes a text note, never a failed call.
*/
import {makeDetails} from '../details.js';
import {detectImageFormat, type ImageFormat, imageMimeTypes} from '../image/detect.js';
import {type PreparedImage, prepareImage} from '../image/prepare.js';
import {formatBytes, shellQuote} from '../notices.js';
import type {ImageInfo, ReadLimits, ReadResult} from '../types.js';
import type {FormatInput} from './types.js';

/** Files over this many bytes are not loaded as images (a photo is rarely over 50 MB). */
export const maxImageFileBytes = 128 * 1024 * 1024;

const formatNames: Readonly<Record<ImageFormat, string>> = {
	png: 'PNG',
	jpeg: 'JPEG',
	gif: 'GIF',
	webp: 'WebP',
	bmp: 'BMP',
};

function mimeName(mimeType: string): string {
	return mimeType
		.replace(/^image\//, '')
		.toUpperCase()
		.replace('WEBP', 'WebP');
}

/** `PNG 4000x3000, 69.8 KB, animated, 3 frames (the first is sent)`: the original, as the model is told. */
export function originalFacts(format: ImageFormat, fileBytes: number, image: PreparedImage): string {
	const facts = [`${formatNames[format]} ${image.width}x${image.height}`, formatBytes(fileBytes)];
	if (image.frames > 1) {
		facts.push(`animated, ${image.frames} frames (the first is sent)`);
	}

	if (image.rotated) {
		facts.push('turned upright by its EXIF orientation');
	}

	return facts.join(', ');
}

/**
`Sent unchanged.`, or what was sent and why (`Sent as PNG 2000x1500 (32.1 KB), scaled to fit 2000 px.`)
with the factor that maps coordinates in a scaled image back to the original.
*/
export function sentSentences(format: ImageFormat, image: PreparedImage, limits: ReadLimits): string {
	if (image.unchanged) {
		return 'Sent unchanged.';
	}

	const reasons: string[] = [];
	const scaled = image.sentWidth !== image.width || image.sentHeight !== image.height;
	if (scaled) {
		reasons.push(image.quality === undefined ? `scaled to fit ${limits.maxImageDimension} px` : 'scaled');
	}

	if (image.quality !== undefined) {
		reasons.push(
			`re-encoded as JPEG quality ${image.quality} to stay under the ${formatBytes(limits.maxImageBytes)} image limit`,
		);
	} else if (format === 'bmp') {
		reasons.push('converted because models do not take BMP');
	}

	const how = reasons.length > 0 ? `, ${reasons.join(' and ')}` : '';
	let text = `Sent as ${mimeName(image.mimeType)} ${image.sentWidth}x${image.sentHeight} (${formatBytes(image.data.length)})${how}.`;
	if (scaled) {
		const factor = (image.width / image.sentWidth).toFixed(2);
		text += ` Multiply coordinates in the sent image by ${factor} to map them to the original.`;
	}

	return text;
}

/** The model's text for an image that was sent. */
export function describeImage(
	displayPath: string,
	format: ImageFormat,
	fileBytes: number,
	image: PreparedImage,
	limits: ReadLimits,
): string {
	return `Image ${displayPath}: ${originalFacts(format, fileBytes, image)}. ${sentSentences(format, image, limits)}`;
}

/** A decoder's message made readable: libvips repeats lines and names its internal loaders. */
export function reasonOf(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	const parts = message
		.split('\n')
		.map((line) =>
			line
				.replace(/^Input (buffer|file) (has|contains) /, '')
				.replaceAll(/\bvips\w*: /gi, '')
				.replace(/:\s*$/, '')
				.trim(),
		)
		.filter((line) => line !== '');
	return [...new Set(parts)].join('; ') || 'unknown decoder error';
}

async function readAll(input: FormatInput, size: number): Promise<Buffer> {
	const bytes = Buffer.alloc(size);
	let filled = 0;
	while (filled < size) {
		input.signal?.throwIfAborted();
		// Positional reads: the sample read before did not move the cursor, and neither do these.
		const {bytesRead} = await input.file.read(bytes, filled, size - filled, filled);
		if (bytesRead === 0) {
			break;
		}

		filled += bytesRead;
	}

	return bytes.subarray(0, filled);
}

function noteResult(input: FormatInput, format: ImageFormat, reason: string): ReadResult {
	const {base} = input;
	const name = formatNames[format];
	const text = `${base.displayPath} starts like a ${name} image but could not be used: ${reason}. No image was sent. It may be truncated or damaged; check it with \`file ${shellQuote(base.displayPath)}\`, or ask the user for a working copy.`;
	const image: ImageInfo = {
		format,
		mimeType: imageMimeTypes[format],
		width: 0,
		height: 0,
		sentWidth: 0,
		sentHeight: 0,
		sentBytes: 0,
		undecodable: reason,
	};
	return {
		content: [{type: 'text', text}],
		details: makeDetails({...base, kind: 'image', image}),
		isError: false,
	};
}

export async function readImage(input: FormatInput): Promise<ReadResult> {
	const {base, limits, signal} = input;
	const format = detectImageFormat(input.sample);
	if (format === undefined) {
		throw new Error('readImage called for a file that is not an image');
	}

	if (base.fileBytes > maxImageFileBytes) {
		return noteResult(
			input,
			format,
			`at ${formatBytes(base.fileBytes)} it is larger than the ${formatBytes(maxImageFileBytes)} lector loads as an image`,
		);
	}

	const bytes = await readAll(input, base.fileBytes);
	let prepared: PreparedImage;
	try {
		prepared = await prepareImage(
			bytes,
			format,
			{maxDimension: limits.maxImageDimension, maxBytes: limits.maxImageBytes},
			signal,
		);
	} catch (error) {
		if (signal?.aborted) {
			throw error;
		}

		return noteResult(input, format, reasonOf(error));
	}

	const image: ImageInfo = {
		format,
		mimeType: prepared.mimeType,
		width: prepared.width,
		height: prepared.height,
		sentWidth: prepared.sentWidth,
		sentHeight: prepared.sentHeight,
		sentBytes: prepared.data.length,
		...(prepared.frames > 1 ? {frames: prepared.frames} : {}),
		...(prepared.quality === undefined ? {} : {quality: prepared.quality}),
	};
	return {
		content: [
			{type: 'text', text: describeImage(base.displayPath, format, base.fileBytes, prepared, limits)},
			{type: 'image', data: prepared.data.toString('base64'), mimeType: prepared.mimeType},
		],
		details: makeDetails({...base, kind: 'image', image}),
		isError: false,
	};
}
