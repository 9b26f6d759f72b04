/**
Print mode: every panel laid out once and written as plain lines (ANSI colour only when the
colour level allows), for pipes and `--print`. No alternate screen, no keys: hints name the
`--expanded` flag instead of a key.
*/
import {gapRow, viewForItem} from '../panels/item-view.js';
import type {PanelContext} from '../panels/types.js';
import type {Painter} from '../theme/ansi.js';
import type {TranscriptItem} from '../transcript/types.js';

/** How to print. */
export type PrintOptions = {
	/** Columns to lay out for. */
	readonly width: number;
	readonly expanded: boolean;
	readonly previewLines: number;
	readonly painter: Painter;
	/** Shown where a collapsed panel hides lines. */
	readonly expandHint?: string;
	/**
	Pictures to draw under a panel, keyed by item id: inline image escape sequences built by
	panels/inline-image.ts from PNGs lector encoded itself. Written as they are, never painted.
	*/
	readonly inlineImages?: ReadonlyMap<string, string>;
	/** The items follow panels printed before (a log printed in parts): the first gets its gap too. */
	readonly continues?: boolean;
};

/** The printed transcript: panels separated by one blank line, each line painted, newline-terminated. */
export function printItems(items: readonly TranscriptItem[], options: PrintOptions): string {
	const context: PanelContext = {
		width: Math.max(1, options.width),
		expanded: options.expanded,
		previewLines: options.previewLines,
		expandHint: options.expandHint ?? '--expanded shows all',
		spinner: '…',
	};
	const lines: string[] = [];
	for (const [index, item] of items.entries()) {
		if (index > 0 || options.continues === true) {
			// A subagent's calls keep their guide in the blank line too.
			lines.push(options.painter.paint(gapRow(item, context.width)).trimEnd());
		}

		const view = viewForItem(item, context);
		for (const row of view.rows(0, view.height)) {
			lines.push(options.painter.paint(row).trimEnd());
		}

		const picture = options.inlineImages?.get(item.id);
		if (picture !== undefined) {
			lines.push(picture);
		}
	}

	return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
