/**
The read panel: a header with the path, the range read and a line count; a highlighted preview or
the whole text; one-line folds for skills and context files; errors as plain text; a warning when
the engine cut what the model got.
*/

import {isProseLanguage, resolveLanguage} from '../highlight/language.js';
import {pathArgument} from '../read/params.js';
import {countHiddenCharacters, sanitizeLine} from '../text/sanitize.js';
import {type AnyReadDetails, agentCutOf, isAnyReadDetails} from '../transcript/details.js';
import type {ToolResult} from '../transcript/types.js';
import {type CodeSource, expandedView, previewView} from './code-view.js';
import {formatClock, formatLines} from './format.js';
import {renderGenericPanel} from './generic-panel.js';
import {imageView} from './image-facts.js';
import {outlineCountLabel, outlineRows} from './outline-rows.js';
import {contentText, errorRows, moreRow, proseRows, seg} from './parts.js';
import {
	countLabel,
	foldKind,
	partialLabel,
	partsLabel,
	rangeLabel,
	skillName,
	truncationLabel,
} from './read-facts.js';
import type {PanelContext, PanelRenderer, PanelView, Row} from './types.js';
import {arrayView, cutRow, stackViews} from './view.js';

function headerRow(
	name: string,
	displayPath: string,
	details: AnyReadDetails | undefined,
	hint: string,
	width: number,
): Row {
	const row: Row = [seg(name, 'toolName'), seg(' ', 'text'), seg(displayPath, 'path')];
	const parts = details === undefined ? undefined : partsLabel(details);
	// The lines show hidden characters as ⍰; the header says how many, since the model reads them.
	const hidden = details === undefined ? 0 : countHiddenCharacters(details.lines);
	const hiddenSegments =
		hidden === 0 ? [] : [seg(` · ${hidden} hidden character${hidden === 1 ? '' : 's'}`, 'warning')];
	if (parts !== undefined) {
		// PDFs and notebooks: `read report.pdf · pages 1-5 of 40`; line counts say little there.
		return cutRow(
			[...row, seg(` · ${parts}`, 'range'), ...hiddenSegments, ...(hint === '' ? [] : [seg(hint, 'hint')])],
			width,
		);
	}

	if (details !== undefined) {
		const range = rangeLabel(details);
		return cutRow(
			[
				...row,
				seg(range, 'range'),
				seg(`  ${outlineCountLabel(details) ?? countLabel(details)}`, 'count'),
				...hiddenSegments,
				...(hint === '' ? [] : [seg(hint, 'hint')]),
			],
			width,
		);
	}

	return cutRow(row, width);
}

/** The unchanged line's tail: since when, when the engine (or the log) says. */
function unchangedSinceText(details: AnyReadDetails): string {
	return details.unchangedSince === undefined
		? 'unchanged since the earlier read'
		: `unchanged since the read at ${formatClock(details.unchangedSince)}`;
}

function foldedRow(details: AnyReadDetails, displayPath: string, context: PanelContext): Row {
	const partial = partialLabel(details);
	const lead =
		foldKind(details.path === '' ? displayPath : details.path) === 'skill'
			? [seg('[skill] ', 'skill'), seg(sanitizeLine(skillName(displayPath)), 'skill')]
			: [seg('read resource ', 'resource'), seg(displayPath, 'path')];
	return cutRow(
		[
			...lead,
			...(partial === '' ? [] : [seg(`  ${partial}`, 'warning')]),
			seg(`  (${context.expandHint})`, 'hint'),
		],
		context.width,
	);
}

function bodyView(details: AnyReadDetails, result: ToolResult, context: PanelContext): PanelView {
	if (details.kind === 'image') {
		if (details.image !== undefined) {
			const block = result.content.findIndex((content) => content.type === 'image');
			return imageView(details.image, context, block);
		}

		// The header already says `image · 9 B`: the body says what is missing, and the type if logged.
		const image = result.content.find((block) => block.type === 'image');
		const mime = image?.type === 'image' ? `${image.mimeType}: ` : '';
		const note = `${mime}no sizes shown (the image's header could not be read)`;
		return arrayView([cutRow([seg(sanitizeLine(note), 'dim')], context.width)]);
	}

	if (details.linesShown === 0) {
		if (details.outline !== undefined) {
			// An outline read: the outline rows below are the body.
			return arrayView([]);
		}

		const parts = partsLabel(details);
		const note =
			parts !== undefined
				? `${parts}: past the end`
				: details.offsetPastEnd
					? `offset past the end: the file has ${formatLines(details.totalLines ?? 0)}`
					: details.totalLines === 0
						? 'empty file'
						: 'no lines shown';
		return arrayView([cutRow([seg(note, 'dim')], context.width)]);
	}

	const language = resolveLanguage(
		details.language,
		details.path === '' ? details.displayPath : details.path,
	);
	const source: CodeSource = {
		lines: details.lines,
		firstLine: details.firstLine,
		language,
		clipped: new Set(details.clippedLines),
		prose: isProseLanguage(language),
	};
	// Codex cut the middle: the tail the model got follows the head, at its own numbers, after the marker.
	const tail = agentCutOf(details)?.tail;
	const tailLines = tail?.lines.length ?? 0;
	if (context.expanded) {
		if (tail === undefined || tailLines === 0) {
			return expandedView(source, context.width);
		}

		const marker = agentCutOf(details)?.marker ?? '';
		const cutNote = `··· the middle was cut${marker === '' ? '' : `: ${marker.trim()}`}`;
		return stackViews([
			expandedView(source, context.width),
			arrayView([cutRow([seg(sanitizeLine(cutNote), 'dim')], context.width)]),
			expandedView(
				{...source, lines: tail.lines, firstLine: tail.firstLine, clipped: new Set()},
				context.width,
			),
		]);
	}

	const shown = Math.min(context.previewLines, details.lines.length);
	const hidden = details.lines.length - shown + tailLines;
	return stackViews([
		previewView(source, shown, context.width),
		arrayView(hidden > 0 && shown > 0 ? [moreRow(hidden, context.expandHint, context.width)] : []),
	]);
}

/** Renders a read, lector's or another agent's. A finished call without read details gets the generic panel. */
export const renderReadPanel: PanelRenderer = (call, context) => {
	const {result} = call;
	const name = sanitizeLine(call.name);
	const rawDetails = result?.details;
	const details = isAnyReadDetails(rawDetails) ? rawDetails : undefined;
	const displayPath = sanitizeLine(
		details !== undefined && details.displayPath !== ''
			? details.displayPath
			: (pathArgument(call.args) ?? '(no path)'),
	);
	if (call.status === 'running' || result === undefined) {
		// Replay says how the finished panel will show the path, so it keeps its form when the result comes.
		const runningPath = call.displayPath === undefined ? displayPath : sanitizeLine(call.displayPath);
		return arrayView([
			cutRow(
				[
					seg(`${context.spinner} `, 'spinner'),
					seg(name, 'toolName'),
					seg(' ', 'text'),
					seg(runningPath, 'path'),
				],
				context.width,
			),
		]);
	}

	if (result.isError || details?.kind === 'error') {
		const message = details?.errorMessage ?? contentText(result.content);
		return arrayView([
			headerRow(name, displayPath, undefined, '', context.width),
			...errorRows(message, context.width),
		]);
	}

	if (details === undefined) {
		return renderGenericPanel(call, context);
	}

	if (details.kind === 'unchanged') {
		const range = rangeLabel(details);
		return arrayView(
			proseRows(`${name} ${displayPath}${range} · ${unchangedSinceText(details)}`, 'dim', context.width),
		);
	}

	if (!context.expanded && foldKind(details.path === '' ? displayPath : details.path) !== 'plain') {
		return arrayView([foldedRow(details, displayPath, context)]);
	}

	const headerOnly = !context.expanded && context.previewLines <= 0 && details.linesShown > 0;
	const header = headerRow(
		name,
		displayPath,
		details,
		headerOnly ? `  (${context.expandHint})` : '',
		context.width,
	);
	const warning = truncationLabel(details);
	// The outline's row names the expand key unless the header or the `… N more lines` row already does.
	const linesHint = headerOnly || (context.previewLines > 0 && details.lines.length > context.previewLines);
	const outlineHint = context.expanded || linesHint ? '' : context.expandHint;
	return stackViews([
		arrayView([header]),
		headerOnly ? arrayView([]) : bodyView(details, result, context),
		arrayView(outlineRows(details, context.expanded, context.width, outlineHint)),
		arrayView(warning === undefined ? [] : proseRows(`⚠ ${warning}`, 'warning', context.width)),
	]);
};
