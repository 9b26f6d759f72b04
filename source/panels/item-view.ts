/**
Lays out any transcript item as a PanelView, with a cache per item and layout: finished items are
immutable, so a view built once at a width is reused until the item, width or expansion changes.
*/

import {rememberBounded} from '../cache/bounded-map.js';
import {sanitizeLines} from '../text/sanitize.js';
import {wordWrapToWidth} from '../text/width.js';
import type {Role} from '../theme/roles.js';
import {assertNever} from '../transcript/assert-never.js';
import type {NoticeItem, TranscriptItem} from '../transcript/types.js';
import {answerRenderer} from './answers.js';
import {seg} from './parts.js';
import {rendererFor} from './registry.js';
import type {PanelContext, PanelView, Row} from './types.js';
import {arrayView} from './view.js';

const noticeRoles: Record<NoticeItem['level'], Role> = {info: 'notice', warning: 'warning', error: 'error'};

/**
Prose (prompts, notices) wraps at spaces, under its prefix; code panels hard-wrap instead. Answers
are Markdown, laid out by markdown-view.ts.
*/
function textView(text: string, role: Role, prefix: string, width: number): PanelView {
	const rows: Row[] = [];
	const pad = ' '.repeat(prefix.length);
	for (const [index, line] of sanitizeLines(text).entries()) {
		for (const [part, piece] of wordWrapToWidth(line, width - prefix.length).entries()) {
			const lead = index === 0 && part === 0 ? prefix : pad;
			rows.push(piece === '' ? [seg(lead, role)] : [seg(lead, role), seg(piece, role)]);
		}
	}

	return arrayView(rows);
}

/** What a nested call's rows start with, per level: a guide line and a space (2 columns). */
const guide = seg('│ ', 'dim');

/** Columns a nested call is indented by, per level. */
export const nestIndent = 2;

/** Columns a nested panel keeps at least: on a narrow screen deep calls are drawn less indented. */
export const minNestedWidth = 24;

/**
Levels a call is drawn nested at this width (columns): its depth (1 for a call with a parent and
no depth), but never so many that less than `minNestedWidth` columns are left for the panel.
*/
export function nestLevels(item: TranscriptItem | undefined, width = Number.POSITIVE_INFINITY): number {
	if (item?.type !== 'tool' || item.parentId === undefined) {
		return 0;
	}

	const room = Math.floor((width - minNestedWidth) / nestIndent);
	return Math.max(0, Math.min(Math.max(1, item.depth ?? 1), room));
}

/**
A subagent's call, drawn under the call that started it: the panel laid out `levels` x 2 columns
narrower, every row behind one guide per level (the reducer caps the levels at maxNestDepth).
*/
function nestedView(inner: PanelView, levels: number): PanelView {
	const guides = Array.from({length: levels}, () => guide);
	const shift = levels * nestIndent;
	return {
		height: inner.height,
		rows: (start, end) => inner.rows(start, end).map((row): Row => [...guides, ...row]),
		...(inner.pictures === undefined
			? {}
			: {pictures: inner.pictures.map((spot) => ({...spot, column: spot.column + shift}))}),
	};
}

/**
The blank row above an item in a list laid out at `width` columns: nested calls keep their guides in
it, so they read as columns.
*/
export function gapRow(item: TranscriptItem | undefined, width?: number): Row {
	const levels = nestLevels(item, width);
	return levels === 0 ? [] : [seg(`${'│ '.repeat(levels - 1)}│`, 'dim')];
}

function buildView(item: TranscriptItem, context: PanelContext): PanelView {
	switch (item.type) {
		case 'tool': {
			const levels = nestLevels(item, context.width);
			if (levels > 0) {
				const width = Math.max(1, context.width - levels * nestIndent);
				return nestedView(rendererFor(item)(item, {...context, width}), levels);
			}

			return rendererFor(item)(item, context);
		}

		case 'user': {
			return textView(item.text, 'user', '› ', context.width);
		}

		case 'assistant': {
			return (
				answerRenderer()?.view(item, context.width) ?? textView(item.text, 'assistant', '', context.width)
			);
		}

		case 'notice': {
			return textView(item.text, noticeRoles[item.level], '· ', context.width);
		}

		default: {
			return assertNever(item);
		}
	}
}

/**
Views of the items laid out lately, least recent first. Bounded, not weak: a view holds its rows and
so its item's text, and a transcript whose results live on disk (result-vault.ts) must not pull
every result back into memory as the person scrolls through the session.
*/
const cache = new Map<TranscriptItem, Map<string, PanelView>>();

/** Items whose views are kept: many screens' worth, even at one row per panel. */
export const cachedItems = 256;

/** Entries kept per item: a few widths times collapsed/expanded. */
const perItemLimit = 6;

/** The item laid out in this context; cached unless the item is still running (its spinner moves). */
export function viewForItem(item: TranscriptItem, context: PanelContext): PanelView {
	if (item.type === 'tool' && item.status === 'running') {
		return buildView(item, context);
	}

	const key = `${context.width}|${context.expanded ? 1 : 0}|${context.previewLines}|${context.expandHint}|${context.pictureRows ?? 0}`;
	const views = cache.get(item) ?? new Map<string, PanelView>();
	rememberBounded(cache, item, views, cachedItems);
	let view = views.get(key);
	if (view === undefined) {
		view = buildView(item, context);
		rememberBounded(views, key, view, perItemLimit);
	}

	return view;
}
