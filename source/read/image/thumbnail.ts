/** Small PNGs for drawing pictures in the terminal (see panels/inline-image.ts). */
import {maxImagePixels} from './prepare.js';
import {loadSharp} from './sharp.js';

/** Longest side of a terminal picture, in pixels: sharp enough for 60 columns on a retina screen. */
const thumbnailSide = 800;

/** A PNG and its size in pixels. */
export type TerminalPng = {readonly data: Buffer; readonly width: number; readonly height: number};

/**
Decodes any image sharp reads (what the model got, or a log's image block) and encodes it again as
a PNG at most 800 px on a side. Undefined when the bytes are not an image sharp can decode.
*/
export async function terminalPng(bytes: Buffer): Promise<TerminalPng | undefined> {
	try {
		const sharp = await loadSharp();
		const {data, info} = await sharp(bytes, {
			failOn: 'error',
			autoOrient: true,
			limitInputPixels: maxImagePixels,
		})
			.resize(thumbnailSide, thumbnailSide, {fit: 'inside', withoutEnlargement: true})
			.png()
			.toBuffer({resolveWithObject: true});
		return {data, width: info.width, height: info.height};
	} catch {
		return undefined;
	}
}
