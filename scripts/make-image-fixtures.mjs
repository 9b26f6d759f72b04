/*
Writes the small image fixtures under fixtures/images/ that test/read/image.test.ts reads:
one tiny image per format (48x32, a gradient with a red square in the top-left corner so
orientation and row order are checkable), a BMP at each depth the decoder handles, an EXIF-rotated
JPEG, an animated GIF, a damaged PNG and a PNG named .txt. Run: node scripts/make-image-fixtures.mjs
*/
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'images');
fs.mkdirSync(out, {recursive: true});

const width = 48;
const height = 32;

/** RGB pixels, top row first: a gradient, with a red 8x8 square at the top left. */
function pattern(w = width, h = height, shift = 0) {
	const rgb = Buffer.alloc(w * h * 3);
	for (let y = 0; y < h; y++) {
		for (let x = 0; x < w; x++) {
			const at = (y * w + x) * 3;
			const red = x < 8 && y < 8;
			rgb[at] = red ? 255 : (x * 5 + shift) & 255;
			rgb[at + 1] = red ? 0 : y * 7;
			rgb[at + 2] = red ? 0 : 160;
		}
	}

	return rgb;
}

const raw = {raw: {width, height, channels: 3}};
const write = (name, data) => fs.writeFileSync(path.join(out, name), data);

write('tiny.png', await sharp(pattern(), raw).png().toBuffer());
write('tiny.jpg', await sharp(pattern(), raw).jpeg({quality: 90}).toBuffer());
write('tiny.gif', await sharp(pattern(), raw).gif().toBuffer());
write('tiny.webp', await sharp(pattern(), raw).webp({quality: 90}).toBuffer());
// Stored sideways (48x32) with EXIF orientation 6: upright it is 32x48.
write(
	'rotated.jpg',
	await sharp(pattern(), raw).jpeg({quality: 90}).withMetadata({orientation: 6}).toBuffer(),
);
// Three frames stacked: an animated GIF.
const frames = Buffer.concat([
	pattern(width, height, 0),
	pattern(width, height, 80),
	pattern(width, height, 160),
]);
write(
	'animated.gif',
	await sharp(frames, {raw: {width, height: height * 3, channels: 3, pageHeight: height}})
		.gif({delay: [100, 100, 100]})
		.toBuffer(),
);
// A PNG under a text name: it must be read as an image, by its bytes.
write('screenshot.txt', await sharp(pattern(), raw).png().toBuffer());
// The PNG signature and header chunk start, then garbage: undecodable.
const png = await sharp(pattern(), raw).png().toBuffer();
write(
	'damaged.png',
	Buffer.concat([png.subarray(0, 40), Buffer.from('this is not image data at all, just text')]),
);

/** A BMP: 40-byte info header, bottom-up rows padded to 4 bytes. */
function bmp(bitsPerPixel, {palette = [], compression = 0, masks = [], topDown = false} = {}) {
	const source = pattern();
	const stride = Math.floor((bitsPerPixel * width + 31) / 32) * 4;
	const pixels = Buffer.alloc(stride * height);
	const index = (r, g, b) => {
		let best = 0;
		let bestDistance = Infinity;
		for (const [i, [pr, pg, pb]] of palette.entries()) {
			const distance = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
			if (distance < bestDistance) {
				best = i;
				bestDistance = distance;
			}
		}

		return best;
	};

	for (let y = 0; y < height; y++) {
		const row = (topDown ? y : height - 1 - y) * stride;
		for (let x = 0; x < width; x++) {
			const [r, g, b] = source.subarray((y * width + x) * 3, (y * width + x) * 3 + 3);
			if (bitsPerPixel === 24) {
				pixels.set([b, g, r], row + x * 3);
			} else if (bitsPerPixel === 32) {
				pixels.writeUInt32LE(((255 << 24) | (r << 16) | (g << 8) | b) >>> 0, row + x * 4);
			} else if (bitsPerPixel === 16) {
				pixels.writeUInt16LE(((r >> 3) << 11) | ((g >> 2) << 5) | (b >> 3), row + x * 2);
			} else if (bitsPerPixel === 8) {
				pixels[row + x] = index(r, g, b);
			} else if (bitsPerPixel === 4) {
				pixels[row + (x >> 1)] |= index(r, g, b) << (x % 2 === 0 ? 4 : 0);
			}
		}
	}

	const maskBytes = Buffer.alloc(masks.length * 4);
	for (const [i, mask] of masks.entries()) {
		maskBytes.writeUInt32LE(mask >>> 0, i * 4);
	}

	const paletteBytes = Buffer.alloc(palette.length * 4);
	for (const [i, [r, g, b]] of palette.entries()) {
		paletteBytes.set([b, g, r, 0], i * 4);
	}

	const offset = 14 + 40 + maskBytes.length + paletteBytes.length;
	const header = Buffer.alloc(54);
	header.write('BM', 0, 'latin1');
	header.writeUInt32LE(offset + pixels.length, 2);
	header.writeUInt32LE(offset, 10);
	header.writeUInt32LE(40, 14);
	header.writeInt32LE(width, 18);
	header.writeInt32LE(topDown ? -height : height, 22);
	header.writeUInt16LE(1, 26);
	header.writeUInt16LE(bitsPerPixel, 28);
	header.writeUInt32LE(compression, 30);
	header.writeUInt32LE(pixels.length, 34);
	header.writeUInt32LE(palette.length, 46);
	return Buffer.concat([header, maskBytes, paletteBytes, pixels]);
}

const palette16 = [
	[255, 0, 0],
	[0, 0, 160],
	[80, 80, 160],
	[160, 160, 160],
	[240, 220, 160],
	[0, 0, 0],
	[255, 255, 255],
	[120, 200, 160],
];
const palette256 = [];
for (let i = 0; i < 256; i++) {
	palette256.push([(i & 7) * 36, ((i >> 3) & 7) * 36, (i >> 6) * 85]);
}

write('tiny.bmp', bmp(24));
write('tiny-top-down.bmp', bmp(24, {topDown: true}));
write('tiny-8bit.bmp', bmp(8, {palette: palette256}));
write('tiny-4bit.bmp', bmp(4, {palette: palette16}));
write('tiny-16bit.bmp', bmp(16, {compression: 3, masks: [0xf8_00, 0x07_e0, 0x00_1f]}));
write('tiny-32bit.bmp', bmp(32, {compression: 3, masks: [0x00_ff_00_00, 0x00_00_ff_00, 0x00_00_00_ff]}));
// RLE8 compression: recognised as a BMP, refused with a reason.
const rle = bmp(8, {palette: palette256});
rle.writeUInt32LE(1, 30);
write('rle.bmp', rle);

for (const name of fs.readdirSync(out).sort()) {
	console.log(`${name}\t${fs.statSync(path.join(out, name)).size} bytes`);
}
