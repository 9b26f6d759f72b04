/**
What the read panel shows for an image read, from `details.image` alone: the format and sizes in
the header, and a placeholder row where the picture would be.
*/
import type {ImageInfo} from '../read/types.js';
import {formatBytes} from './format.js';
import {seg} from './parts.js';
import type {Row} from './types.js';
import {cutRow} from './view.js';

/** `image png · 4000x3000 → 2000x1500 · 96.0 KB sent`, or `image png · not decoded`. */
export function imageLabel(image: ImageInfo): string {
	const head = `image ${image.format}`;
	if (image.undecodable !== undefined) {
		return `${head} · not decoded`;
	}

	const original = `${image.width}x${image.height}`;
	const sent = `${image.sentWidth}x${image.sentHeight}`;
	const sizes = original === sent ? original : `${original} → ${sent}`;
	const sentType = image.mimeType.replace(/^image\//, '');
	const as =
		sentType === image.format
			? ''
			: ` as ${sentType}${image.quality === undefined ? '' : ` q${image.quality}`}`;
	const frames = image.frames === undefined ? '' : ` · ${image.frames} frames, first sent`;
	return `${head} · ${sizes}${frames} · ${formatBytes(image.sentBytes)} sent${as}`;
}

/**
The row standing in for the picture. Inside the interactive view a picture cannot hold rows in
Ink's frame (see docs/images.md), so it is always this placeholder there; print mode on a terminal
with an inline image protocol draws the picture right under it.
*/
export function imageRows(image: ImageInfo, width: number): Row[] {
	if (image.undecodable !== undefined) {
		return [
			cutRow(
				[seg(`could not be decoded: ${image.undecodable}; the model got a note instead`, 'warning')],
				width,
			),
		];
	}

	return [
		cutRow(
			[
				seg(
					`[picture ${image.sentWidth}x${image.sentHeight}: inline with --print in kitty, iTerm2, WezTerm, Ghostty]`,
					'dim',
				),
			],
			width,
		),
	];
}
