/**
Turns an image file's bytes into what the model gets: decoded once (which also proves the bytes
are an image a provider will accept), scaled so its longest side fits, and re-encoded only when it
must be: a format providers do not take (BMP), an animated or EXIF-rotated image, a scaled one, or
one still over the byte limit (then JPEG at falling quality, then smaller).
*/
import type {Sharp, SharpOptions} from 'sharp';
import {decodeBmp} from './bmp.js';
import {type ImageFormat, imageMimeTypes, sendableFormats} from './detect.js';
import {loadSharp} from './sharp.js';

/** Images with more pixels than this are refused before decoding (10,000 x 10,000). */
export const maxImagePixels = 100_000_000;

/** The caps an image must meet. */
export type ImageCaps = {
	/** Longest side of the sent image, in pixels. */
	readonly maxDimension: number;
	/** Largest sent image, in bytes of its base64 form (what providers count). */
	readonly maxBytes: number;
};

/** An image ready to send. Sizes in pixels and bytes. */
export type PreparedImage = {
	/** Upright size of the original (EXIF orientation applied). */
	readonly width: number;
	readonly height: number;
	/** Frames in an animated GIF or WebP (1 otherwise); only the first is sent. */
	readonly frames: number;
	/** The file's EXIF orientation turned it upright before sending. */
	readonly rotated: boolean;
	readonly data: Buffer;
	readonly mimeType: string;
	readonly sentWidth: number;
	readonly sentHeight: number;
	/** The original bytes were sent unchanged. */
	readonly unchanged: boolean;
	/** Set when it was re-encoded as JPEG at this quality (1-100) to fit the byte limit. */
	readonly quality: number | undefined;
};

/** Length of the base64 form of `bytes` bytes. */
export function base64Length(bytes: number): number {
	return Math.ceil(bytes / 3) * 4;
}

/** The size that fits inside `max` x `max`, keeping the aspect ratio; never enlarged, never 0. */
export function fitInside(width: number, height: number, max: number): {width: number; height: number} {
	const scale = Math.min(1, max / Math.max(width, height));
	return {
		width: Math.max(1, Math.round(width * scale)),
		height: Math.max(1, Math.round(height * scale)),
	};
}

type Raw = {
	readonly data: Buffer;
	readonly width: number;
	readonly height: number;
	readonly channels: 1 | 2 | 3 | 4;
};

type Encoded = {readonly data: Buffer; readonly mimeType: string; readonly quality: number | undefined};

type SharpFactory = Awaited<ReturnType<typeof loadSharp>>;

function fromRaw(sharp: SharpFactory, raw: Raw): Sharp {
	return sharp(raw.data, {raw: {width: raw.width, height: raw.height, channels: raw.channels}});
}

/** Lossless where the original was (PNG, GIF, BMP become PNG), else the original's own format. */
async function encodeLike(sharp: SharpFactory, raw: Raw, format: ImageFormat): Promise<Encoded> {
	const image = fromRaw(sharp, raw);
	switch (format) {
		case 'jpeg': {
			return {data: await image.jpeg({quality: 85}).toBuffer(), mimeType: 'image/jpeg', quality: undefined};
		}

		case 'webp': {
			return {data: await image.webp({quality: 85}).toBuffer(), mimeType: 'image/webp', quality: undefined};
		}

		case 'png':
		case 'gif':
		case 'bmp': {
			return {data: await image.png().toBuffer(), mimeType: 'image/png', quality: undefined};
		}
	}
}

async function encodeJpeg(sharp: SharpFactory, raw: Raw, quality: number): Promise<Encoded> {
	// JPEG has no alpha: transparent pixels become white, as most viewers show them.
	const data = await fromRaw(sharp, raw).flatten({background: '#ffffff'}).jpeg({quality}).toBuffer();
	return {data, mimeType: 'image/jpeg', quality};
}

async function shrink(sharp: SharpFactory, raw: Raw, factor: number): Promise<Raw> {
	const size = fitInside(raw.width, raw.height, Math.floor(Math.max(raw.width, raw.height) * factor));
	const {data, info} = await fromRaw(sharp, raw)
		.resize(size.width, size.height, {fit: 'fill'})
		.raw()
		.toBuffer({resolveWithObject: true});
	return {data, width: info.width, height: info.height, channels: info.channels};
}

/** JPEG qualities tried, in order, when the first encoding is over the byte limit. */
const jpegQualities = [80, 65, 50];
/** Each further step shrinks the image to this share of its size, down to `smallestSide` pixels. */
const shrinkFactor = 0.75;
const smallestSide = 64;

/** Fits the decoded pixels under the byte limit: the original's format first, then JPEG, then smaller. */
async function encodeToFit(
	sharp: SharpFactory,
	raw: Raw,
	format: ImageFormat,
	caps: ImageCaps,
	signal: AbortSignal | undefined,
	skipFirst: boolean,
): Promise<Encoded & {raw: Raw}> {
	const fits = (encoded: Encoded) => base64Length(encoded.data.length) <= caps.maxBytes;
	if (!skipFirst) {
		const first = await encodeLike(sharp, raw, format);
		if (fits(first)) {
			return {...first, raw};
		}
	}

	let current = raw;
	for (;;) {
		for (const quality of jpegQualities) {
			signal?.throwIfAborted();
			const encoded = await encodeJpeg(sharp, current, quality);
			if (fits(encoded)) {
				return {...encoded, raw: current};
			}
		}

		if (Math.max(current.width, current.height) <= smallestSide) {
			throw new Error(
				`even at ${current.width}x${current.height} it is over the ${caps.maxBytes}-byte image limit`,
			);
		}

		current = await shrink(sharp, current, shrinkFactor);
	}
}

function sharpOptions(): SharpOptions {
	// failOn 'error': a truncated or broken image is refused here rather than by the provider, whose
	// refusal would fail the whole turn; mere warnings (odd metadata) still decode.
	return {failOn: 'error', limitInputPixels: maxImagePixels};
}

/**
Decodes, scales and encodes an image for the model. Throws an Error whose message says why the
bytes cannot be used (damaged, unsupported, too many pixels).
*/
export async function prepareImage(
	bytes: Buffer,
	format: ImageFormat,
	caps: ImageCaps,
	signal?: AbortSignal,
): Promise<PreparedImage> {
	const sharp = await loadSharp();
	let source: Sharp;
	let width: number;
	let height: number;
	let frames = 1;
	let rotated = false;
	if (format === 'bmp') {
		const decoded = decodeBmp(bytes, maxImagePixels);
		({width, height} = decoded);
		source = sharp(decoded.rgba, {raw: {width, height, channels: 4}});
	} else {
		// The header alone: sizes, frames and orientation without decoding any pixels.
		const metadata = await sharp(bytes, sharpOptions()).metadata();
		({width, height} = metadata.autoOrient);
		frames = metadata.pages ?? 1;
		rotated = (metadata.orientation ?? 1) > 1;
		source = sharp(bytes, {...sharpOptions(), autoOrient: true});
	}

	signal?.throwIfAborted();
	const target = fitInside(width, height, caps.maxDimension);
	const scaled = target.width !== width || target.height !== height;
	// One decode, scaled on the way (libvips shrinks JPEG and WebP while loading them); every
	// encoding attempt below starts from these pixels.
	const {data, info} = await (scaled ? source.resize(target.width, target.height, {fit: 'fill'}) : source)
		.raw()
		.toBuffer({resolveWithObject: true});
	signal?.throwIfAborted();
	const raw: Raw = {data, width: info.width, height: info.height, channels: info.channels};
	const keep =
		sendableFormats.has(format) &&
		!scaled &&
		!rotated &&
		frames <= 1 &&
		base64Length(bytes.length) <= caps.maxBytes;
	if (keep) {
		return {
			width,
			height,
			frames,
			rotated,
			data: bytes,
			mimeType: imageMimeTypes[format],
			sentWidth: width,
			sentHeight: height,
			unchanged: true,
			quality: undefined,
		};
	}

	// A PNG or GIF keeps about its bytes per pixel when scaled down (often more): when that estimate
	// is already over the limit, the lossless attempt (~0.2 s for a noisy 2000x1500 PNG) is skipped.
	const estimate = (bytes.length * raw.width * raw.height) / Math.max(1, width * height);
	const hopeless = (format === 'png' || format === 'gif') && base64Length(estimate) > caps.maxBytes;
	const encoded = await encodeToFit(sharp, raw, format, caps, signal, hopeless);
	return {
		width,
		height,
		frames,
		rotated,
		data: encoded.data,
		mimeType: encoded.mimeType,
		sentWidth: encoded.raw.width,
		sentHeight: encoded.raw.height,
		unchanged: false,
		quality: encoded.quality,
	};
}
