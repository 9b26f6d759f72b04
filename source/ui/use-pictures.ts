/**
Which pictures are on screen and where, for the picture overlay: every image panel's picture whose
rows are all in the viewport (one cut by the screen's edge stays blank until scrolled in whole).
Pictures are re-encoded by lector into small PNGs, off the key path, once per call and block.
*/
import {useEffect, useLayoutEffect, useMemo, useState} from 'react';
import {type TerminalPng, terminalPng} from '../read/image/thumbnail.js';
import type {TranscriptItem} from '../transcript/types.js';
import {type FrameRow, headerRowOf, type Layout, markerWidth, type Position} from './layout.js';
import type {PictureOverlay, Placement} from './picture-overlay.js';

/** A picture being made, made, or not makeable (its bytes do not decode). */
type Prepared = Promise<void> | TerminalPng | 'failed';

/** Per item (so a dropped transcript frees them), per image block. */
const prepared = new WeakMap<TranscriptItem, Map<number, Prepared>>();

/** The made PNG, or undefined after starting (or while waiting for) its making; `done` runs when made. */
function pictureFor(item: TranscriptItem, block: number, done: () => void): TerminalPng | undefined {
	if (item.type !== 'tool') {
		return undefined;
	}

	let blocks = prepared.get(item);
	if (blocks === undefined) {
		blocks = new Map();
		prepared.set(item, blocks);
	}

	const known = blocks.get(block);
	if (known === 'failed' || known instanceof Promise) {
		return undefined;
	}

	if (known !== undefined) {
		return known;
	}

	const content = item.result?.content[block];
	if (content?.type !== 'image') {
		blocks.set(block, 'failed');
		return undefined;
	}

	const making = terminalPng(Buffer.from(content.data, 'base64')).then((png) => {
		blocks.set(block, png ?? 'failed');
		done();
	});
	blocks.set(block, making);
	return undefined;
}

/** The placements for the rows on screen, from `firstRow` (rows above the viewport: a header). */
export function placementsOnScreen(
	layout: Layout,
	top: Position,
	frame: readonly FrameRow[],
	firstRow: number,
	picture: (item: TranscriptItem, block: number) => TerminalPng | undefined,
): Placement[] {
	const placements: Placement[] = [];
	const seen = new Set<number>();
	for (const {index} of frame) {
		if (index < 0 || seen.has(index)) {
			continue;
		}

		seen.add(index);
		const spots = layout.viewAt(index).pictures;
		const item = layout.env.items[index];
		if (spots === undefined || item === undefined) {
			continue;
		}

		const panelTop = headerRowOf(layout, top, index);
		for (const spot of spots) {
			const row = panelTop + spot.row;
			if (row < 0 || row + spot.rows > layout.env.rows) {
				continue;
			}

			const png = picture(item, spot.block);
			if (png !== undefined) {
				placements.push({
					key: `${item.id}#${spot.block}`,
					row: firstRow + row,
					column: markerWidth + spot.column,
					rows: spot.rows,
					columns: spot.columns,
					png: png.data,
				});
			}
		}
	}

	return placements;
}

/** Keeps the overlay's pictures in step with the frame on screen; clears them when the view goes. */
export function usePictures(
	overlay: PictureOverlay | undefined,
	layout: Layout,
	top: Position,
	frame: readonly FrameRow[],
	firstRow: number,
): void {
	// Bumped when a picture has been made, so the frame that waited for it draws it.
	const [made, setMade] = useState(0);
	// biome-ignore lint/correctness/useExhaustiveDependencies: `made` re-runs this once a picture is ready.
	const placements = useMemo(() => {
		if (overlay === undefined) {
			return [];
		}

		const done = () => {
			setMade((count) => count + 1);
		};

		return placementsOnScreen(layout, top, frame, firstRow, (item, block) => pictureFor(item, block, done));
	}, [overlay, layout, top, frame, firstRow, made]);

	useLayoutEffect(() => {
		overlay?.show(placements);
	}, [overlay, placements]);

	useEffect(
		() => () => {
			overlay?.show([]);
		},
		[overlay],
	);
}
