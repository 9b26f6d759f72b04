/**
What the read panel shows for an image read, from `details.image`: the format and sizes in the
header, then the picture's place.
*/

import {formatBytes} from '../read/notices.js';
import type {ImageInfo} from '../read/types.js';
import {pictureColumns} from './inline-image.js';
import {seg} from './parts.js';
import type {PanelContext, PanelView, Row} from './types.js';
import {arrayView, cutRow} from './view.js';

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
	return `${head} · ${sizes}${frames} · ${formatBytes(image.sentBytes, 'person')} sent${as}`;
}

/** Most rows and columns a picture takes, collapsed and expanded. */
const pictureBox = {collapsed: {rows: 8, columns: 40}, expanded: {rows: 24, columns: 80}} as const;

/**
Cells a picture of `width` x `height` pixels takes in a panel `panelWidth` columns wide, on a screen
with room for `screenRows` rows under the panel's header.
*/
export function pictureCells(
	width: number,
	height: number,
	panelWidth: number,
	expanded: boolean,
	screenRows = Number.POSITIVE_INFINITY,
): {readonly rows: number; readonly columns: number} {
	const box = expanded ? pictureBox.expanded : pictureBox.collapsed;
	const maxRows = Math.max(1, Math.min(box.rows, screenRows));
	const columns = Math.min(pictureColumns(width, height, box.columns, maxRows), Math.max(4, panelWidth));
	// A cell is about twice as tall as it is wide.
	const rows = Math.min(maxRows, Math.max(1, Math.ceil((columns * height) / Math.max(1, width) / 2)));
	return {rows, columns};
}

/**
Under the header: a note when the image did not decode; where the terminal draws pictures, blank
rows that the view draws the picture over (`block`: the image block's index in the result); else a
placeholder row (print mode draws the picture under it when it can).
*/
export function imageView(image: ImageInfo, context: PanelContext, block: number): PanelView {
	const {width} = context;
	if (image.undecodable !== undefined) {
		return arrayView([
			cutRow(
				[seg(`could not be decoded: ${image.undecodable}; the model got a note instead`, 'warning')],
				width,
			),
		]);
	}

	if (context.pictureRows !== undefined && block >= 0) {
		const {rows, columns} = pictureCells(
			image.sentWidth,
			image.sentHeight,
			width,
			context.expanded,
			context.pictureRows,
		);
		const blank: Row[] = Array.from({length: rows}, () => []);
		return {...arrayView(blank), pictures: [{row: 0, rows, column: 0, columns, block}]};
	}

	return arrayView([
		cutRow(
			[
				seg(
					`[picture ${image.sentWidth}x${image.sentHeight}: drawn inline in kitty, iTerm2, WezTerm and Ghostty]`,
					'dim',
				),
			],
			width,
		),
	]);
}
