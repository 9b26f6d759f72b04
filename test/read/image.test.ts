import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {detectImageFormat} from '../../source/read/image/detect.js';
import {headerSize} from '../../source/read/image/header-size.js';
import {read} from '../../source/read/index.js';
import type {ImageBlock, ReadResult} from '../../source/read/types.js';
import {noiseBytes} from '../helpers/noise.js';

const fixtures = path.resolve('fixtures/images');

function imageBlock(result: ReadResult): ImageBlock | undefined {
	return result.content.find((block): block is ImageBlock => block.type === 'image');
}

function textOf(result: ReadResult): string {
	return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/** The RGB of one pixel of a base64-encoded image. */
async function pixel(data: string, x: number, y: number): Promise<number[]> {
	const {data: rgb, info} = await sharp(Buffer.from(data, 'base64'))
		.removeAlpha()
		.raw()
		.toBuffer({resolveWithObject: true});
	const at = (y * info.width + x) * info.channels;
	return [...rgb.subarray(at, at + 3)];
}

/** A 4000x3000 RGB gradient, as raw pixels. */
function gradient(width: number, height: number): Buffer {
	const rgb = Buffer.alloc(width * height * 3);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const at = (y * width + x) * 3;
			rgb[at] = (x * 255) / width;
			rgb[at + 1] = (y * 255) / height;
			rgb[at + 2] = (x + y) & 255;
		}
	}

	return rgb;
}

describe('image reads', () => {
	let workspace: string;

	beforeAll(() => {
		workspace = mkdtempSync(path.join(os.tmpdir(), 'lector-image-'));
	});

	afterAll(() => {
		rmSync(workspace, {recursive: true, force: true});
	});

	it.each([
		['tiny.png', 'png', 'image/png'],
		['tiny.jpg', 'jpeg', 'image/jpeg'],
		['tiny.gif', 'gif', 'image/gif'],
		['tiny.webp', 'webp', 'image/webp'],
	])('sends a small %s unchanged, with its format and size beside it', async (name, format, mimeType) => {
		const file = path.join(fixtures, name);
		const result = await read({path: file}, {cwd: fixtures});
		expect(result.isError).toBe(false);
		expect(result.details.kind).toBe('image');
		expect(result.details.image).toEqual({
			format,
			mimeType,
			width: 48,
			height: 32,
			sentWidth: 48,
			sentHeight: 32,
			sentBytes: readFileSync(file).length,
		});
		expect(imageBlock(result)).toEqual({
			type: 'image',
			mimeType,
			data: readFileSync(file).toString('base64'),
		});
		expect(textOf(result)).toMatch(new RegExp(`^Image ${name}: \\w+ 48x32, .*Sent unchanged\\.$`));
	});

	it.each([
		'tiny.bmp',
		'tiny-top-down.bmp',
		'tiny-8bit.bmp',
		'tiny-4bit.bmp',
		'tiny-16bit.bmp',
		'tiny-32bit.bmp',
	])('converts %s to PNG, rows and colours intact', async (name) => {
		const result = await read({path: path.join(fixtures, name)}, {cwd: fixtures});
		expect(result.details.image).toMatchObject({format: 'bmp', mimeType: 'image/png', width: 48, height: 32});
		const block = imageBlock(result);
		expect(block?.mimeType).toBe('image/png');
		// The red square is at the top left, whatever the row order in the file.
		const [red = 0, green = 0] = await pixel(block?.data ?? '', 2, 2);
		expect(red).toBeGreaterThan(200);
		expect(green).toBeLessThan(60);
		const [belowRed = 0, belowGreen = 0] = await pixel(block?.data ?? '', 2, 28);
		expect(belowRed > 200 && belowGreen < 60).toBe(false);
		expect(textOf(result)).toContain('models do not take BMP');
	});

	it('turns an EXIF-rotated JPEG upright and reports its upright size', async () => {
		const result = await read({path: path.join(fixtures, 'rotated.jpg')});
		expect(result.details.image).toMatchObject({width: 32, height: 48, sentWidth: 32, sentHeight: 48});
		expect(textOf(result)).toContain('turned upright by its EXIF orientation');
	});

	it('sends the first frame of an animated GIF and says so', async () => {
		const result = await read({path: path.join(fixtures, 'animated.gif')});
		expect(result.details.image).toMatchObject({
			format: 'gif',
			frames: 3,
			width: 48,
			height: 32,
			mimeType: 'image/png',
		});
		expect(textOf(result)).toContain('animated, 3 frames (the first is sent)');
	});

	it('detects a PNG by its bytes under a .txt name', async () => {
		const result = await read({path: path.join(fixtures, 'screenshot.txt')});
		expect(result.details.kind).toBe('image');
		expect(result.details.image?.format).toBe('png');
		expect(imageBlock(result)?.mimeType).toBe('image/png');
	});

	it('reads text named like an image as text', async () => {
		const file = path.join(workspace, 'logo.png');
		writeFileSync(file, 'BMP files start with BM; this one is text.\n');
		const result = await read({path: file});
		expect(result.details.kind).toBe('text');
		expect(result.details.lines).toEqual(['BMP files start with BM; this one is text.']);
	});

	it('turns a damaged image into a text note, not a failed call', async () => {
		const result = await read({path: path.join(fixtures, 'damaged.png')}, {cwd: fixtures});
		expect(result.isError).toBe(false);
		expect(result.details.kind).toBe('image');
		expect(result.details.image?.undecodable).toBeTruthy();
		expect(result.details.image?.sentBytes).toBe(0);
		expect(imageBlock(result)).toBeUndefined();
		expect(textOf(result)).toMatch(
			/^damaged\.png starts like a PNG image but could not be used: .+ No image was sent\./,
		);
	});

	it('names the reason for a BMP it does not decode', async () => {
		const result = await read({path: path.join(fixtures, 'rle.bmp')});
		expect(result.isError).toBe(false);
		expect(result.details.image?.undecodable).toContain('RLE8');
	});

	it('scales a 4000x3000 PNG to 2000x1500 and says how to map coordinates back', async () => {
		const file = path.join(workspace, 'large.png');
		writeFileSync(
			file,
			await sharp(gradient(4000, 3000), {raw: {width: 4000, height: 3000, channels: 3}})
				.png({compressionLevel: 1})
				.toBuffer(),
		);
		const result = await read({path: file}, {cwd: workspace});
		expect(result.details.image).toMatchObject({
			width: 4000,
			height: 3000,
			sentWidth: 2000,
			sentHeight: 1500,
		});
		const block = imageBlock(result);
		expect(block?.mimeType).toBe('image/png');
		expect(block?.data.length).toBeLessThanOrEqual(5 * 1024 * 1024);
		const meta = await sharp(Buffer.from(block?.data ?? '', 'base64')).metadata();
		expect([meta.width, meta.height]).toEqual([2000, 1500]);
		expect(textOf(result)).toContain('Sent as PNG 2000x1500');
		expect(textOf(result)).toContain(
			'Multiply coordinates in the sent image by 2.00 to map them to the original.',
		);
	}, 20_000);

	it('re-encodes as JPEG, then smaller, until the image fits the byte limit', async () => {
		const file = path.join(workspace, 'noisy.png');
		// Noise that neither PNG nor JPEG compresses well.
		const noise = noiseBytes(600 * 400 * 3);

		writeFileSync(
			file,
			await sharp(noise, {raw: {width: 600, height: 400, channels: 3}})
				.png()
				.toBuffer(),
		);
		const result = await read({path: file}, {cwd: workspace, limits: {maxImageBytes: 40_000}});
		const block = imageBlock(result);
		expect(block?.mimeType).toBe('image/jpeg');
		expect(block?.data.length).toBeLessThanOrEqual(40_000);
		expect(result.details.image?.quality).toBeDefined();
		expect(textOf(result)).toMatch(/re-encoded as JPEG quality \d+ to stay under the 39\.1 KB image limit/);
	});

	it('honours a smaller maxImageDimension', async () => {
		const result = await read({path: path.join(fixtures, 'tiny.png')}, {limits: {maxImageDimension: 24}});
		expect(result.details.image).toMatchObject({sentWidth: 24, sentHeight: 16});
		expect(textOf(result)).toContain('by 2.00');
	});
});

describe('detectImageFormat', () => {
	it.each([
		['89504e470d0a1a0a', 'png'],
		['ffd8ffe0', 'jpeg'],
		['474946383961', 'gif'],
		['474946383761', 'gif'],
		['52494646000000005745425056503820', 'webp'],
		[`424d${'00'.repeat(8)}3600000028000000${'00'.repeat(4)}`, 'bmp'],
		['424d2074657874206e6f7420612062697420736d617020686561646572', undefined],
		['474946383861', undefined],
		['', undefined],
	])('%s is %s', (hex, format) => {
		expect(detectImageFormat(Buffer.from(hex, 'hex'))).toBe(format);
	});
});

describe('headerSize', () => {
	it.each(['tiny.png', 'tiny.jpg', 'tiny.gif', 'tiny.webp', 'tiny.bmp', 'tiny-top-down.bmp', 'animated.gif'])(
		'reads the size of %s from its header alone',
		async (name) => {
			const bytes = readFileSync(path.join(fixtures, name));
			expect(headerSize(bytes)).toMatchObject({width: 48, height: 32});
		},
	);

	it('reads lossless and extended WebP headers', async () => {
		const rgba = Buffer.alloc(300 * 20 * 4, 200);
		const lossless = await sharp(rgba, {raw: {width: 300, height: 20, channels: 4}})
			.webp({lossless: true})
			.toBuffer();
		expect(headerSize(lossless)).toEqual({format: 'webp', width: 300, height: 20});
		// Lossy with alpha: an extended (VP8X) file.
		const extended = await sharp(rgba, {raw: {width: 300, height: 20, channels: 4}})
			.webp({quality: 50})
			.toBuffer();
		expect(headerSize(extended)).toEqual({format: 'webp', width: 300, height: 20});
	});

	it('gives up on cut-short or foreign bytes', () => {
		expect(headerSize(readFileSync(path.join(fixtures, 'tiny.jpg')).subarray(0, 20))).toBeUndefined();
		expect(headerSize(Buffer.from('plain text'))).toBeUndefined();
	});
});
