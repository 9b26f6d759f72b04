/**
The model's answer, rendered from Markdown: blocks (markdown/blocks.ts) laid out at a width. Each
block's layout is cached per width on the block, and the blocks are cached on the parser's tokens, so
a streaming answer lays out only the blocks its new text changed, and a resize lays out each block
once. Fenced code is a code view without a gutter: highlighted in blocks, only the rows on screen.
*/

import {rememberBounded} from '../cache/bounded-map.js';
import {blocksText, type Lead, type MarkdownBlock, markdownBlocks} from '../markdown/blocks.js';
import {cutLine, lineWidth, wordWrapLine} from '../text/styled.js';
import type {AssistantTextItem} from '../transcript/types.js';
import {expandedView} from './code-view.js';
import {tableRows} from './markdown-table.js';
import type {PanelView, Row} from './types.js';
import {arrayView, stackViews} from './view.js';

const noClipped: ReadonlySet<number> = new Set();

/** Puts the leads before the rows (the first row gets `first`), each row cut to the width. */
function led(rows: readonly Row[], first: Lead, rest: Lead, width: number): Row[] {
	return rows.map((row, index) => cutLine([...(index === 0 ? first : rest), ...row], width));
}

function leadWidth(block: MarkdownBlock): number {
	return Math.max(lineWidth(block.first), lineWidth(block.rest));
}

function layOut(block: MarkdownBlock, width: number): PanelView {
	const inner = Math.max(1, width - leadWidth(block));
	switch (block.kind) {
		case 'line': {
			const rows = block.content.length === 0 ? [[]] : wordWrapLine(block.content, inner);
			return arrayView(led(rows, block.first, block.rest, width));
		}

		case 'code': {
			const code = expandedView(
				{lines: block.lines, firstLine: undefined, language: block.language, clipped: noClipped},
				inner,
			);
			return {
				height: code.height,
				rows: (start, end) => {
					const from = Math.max(0, start);
					return code
						.rows(from, end)
						.map((row, offset) =>
							cutLine([...(from + offset === 0 ? block.first : block.rest), ...row], width),
						);
				},
			};
		}

		case 'rule': {
			return arrayView(led([[{text: '─'.repeat(inner), role: 'dim'}]], block.first, block.rest, width));
		}

		case 'table': {
			return arrayView(
				led(tableRows(block.header, block.rows, block.align, inner), block.first, block.rest, width),
			);
		}
	}
}

const layouts = new WeakMap<MarkdownBlock, Map<number, PanelView>>();

/** Widths kept per block: a resize or two. */
const widthsPerBlock = 3;

function blockView(block: MarkdownBlock, width: number): PanelView {
	let byWidth = layouts.get(block);
	if (byWidth === undefined) {
		byWidth = new Map();
		layouts.set(block, byWidth);
	}

	let view = byWidth.get(width);
	if (view === undefined) {
		view = layOut(block, width);
		rememberBounded(byWidth, width, view, widthsPerBlock);
	}

	return view;
}

const itemBlocks = new WeakMap<AssistantTextItem, MarkdownBlock[]>();

/** The item's blocks, parsed once per item (a streamed item's earlier text is not parsed again). */
function blocksFor(item: AssistantTextItem): MarkdownBlock[] {
	let blocks = itemBlocks.get(item);
	if (blocks === undefined) {
		blocks = markdownBlocks(item.text, item.id);
		itemBlocks.set(item, blocks);
	}

	return blocks;
}

const emptyAnswer = arrayView([[]]);

/** The answer laid out at `width` columns. */
export function markdownView(item: AssistantTextItem, width: number): PanelView {
	const view = stackViews(blocksFor(item).map((block) => blockView(block, width)));
	// An answer that shows nothing (blank, or a fence not yet begun) keeps one row, as every item has.
	return view.height === 0 ? emptyAnswer : view;
}

/** The words the answer shows, without its markup (`**`, backticks, link targets' brackets): what search looks in. */
export function answerText(item: AssistantTextItem): string {
	return blocksText(blocksFor(item));
}
