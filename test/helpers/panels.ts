/** Render panels to plain text rows for assertions. */
import {viewForItem} from '../../source/panels/item-view.js';
import type {PanelContext, Row} from '../../source/panels/types.js';
import {lineText, lineWidth} from '../../source/text/styled.js';
import type {TranscriptItem} from '../../source/transcript/types.js';

/** A panel context with test defaults. */
export function context(overrides: Partial<PanelContext> = {}): PanelContext {
	return {
		width: 80,
		expanded: false,
		previewLines: 5,
		expandHint: 'ctrl+o to expand',
		spinner: '⠋',
		...overrides,
	};
}

/** Every row of an item's panel. */
export function panelRows(item: TranscriptItem, overrides: Partial<PanelContext> = {}): Row[] {
	const view = viewForItem(item, context(overrides));
	return view.rows(0, view.height);
}

/** Every row of an item's panel as plain text, with a check that no row is wider than the panel. */
export function panelText(item: TranscriptItem, overrides: Partial<PanelContext> = {}): string[] {
	const width = context(overrides).width;
	return panelRows(item, overrides).map((row) => {
		if (lineWidth(row) > width) {
			throw new Error(`row wider than ${width}: ${lineText(row)}`);
		}

		return lineText(row).trimEnd();
	});
}
