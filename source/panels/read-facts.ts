/**
Facts the read panel shows, derived only from the call's arguments and the read's details (lector's or another agent's)
(never from the text the model got).
*/
import path from 'node:path';
import {formatParts} from '../read/documents/parts.js';
import {formatBytes} from '../read/notices.js';
import type {PartsShown} from '../read/types.js';
import {type AgentCut, type AnyReadDetails, agentCutOf} from '../transcript/details.js';
import {formatCount, formatLines, formatRange, locationRange} from './format.js';
import {imageLabel} from './image-facts.js';

/** How a file is folded when collapsed. */
export type FoldKind = 'skill' | 'resource' | 'plain';

const resourceNames = new Set(['agents.md', 'agents.override.md', 'claude.md']);

/** SKILL.md folds to `[skill] <folder>`; AGENTS.md, AGENTS.override.md and CLAUDE.md (any case) to `read resource`. */
export function foldKind(filePath: string): FoldKind {
	const base = path.basename(filePath).toLowerCase();
	if (base === 'skill.md') {
		return 'skill';
	}

	return resourceNames.has(base) ? 'resource' : 'plain';
}

/** The skill's name: the folder SKILL.md sits in. */
export function skillName(filePath: string): string {
	const folder = path.basename(path.dirname(filePath));
	return folder === '' || folder === '.' || folder === '/' ? 'skill' : folder;
}

/** `:120-220` when numbered lines were shown, else ''. */
export function rangeLabel(details: AnyReadDetails): string {
	if (details.firstLine === undefined || details.linesShown === 0) {
		return '';
	}

	return `:${locationRange(details.firstLine, details.linesShown)}`;
}

/** The pages of a PDF or the cells of a notebook the model got, with their noun; undefined for other reads. */
function partsOf(details: AnyReadDetails): {readonly noun: string; readonly parts: PartsShown} | undefined {
	if (details.pages !== undefined) {
		return {noun: 'pages', parts: details.pages};
	}

	return details.cells === undefined ? undefined : {noun: 'cells', parts: details.cells};
}

/** `pages 1-5 of 40`, `cell 3 of 30`, `0 of 40 pages` when none were shown; undefined for other reads. */
export function partsLabel(details: AnyReadDetails): string | undefined {
	const found = partsOf(details);
	if (found === undefined) {
		return undefined;
	}

	const {noun, parts} = found;
	if (parts.shown.length === 0) {
		return `0 of ${formatCount(parts.total)} ${noun}`;
	}

	const shown = formatParts(parts.shown);
	const word = parts.shown.length === 1 ? noun.slice(0, -1) : noun;
	return `${word} ${shown} of ${formatCount(parts.total)}`;
}

/** True when the model got the whole file. */
export function isComplete(details: AnyReadDetails): boolean {
	return (
		details.totalLinesKnown &&
		details.totalLines !== undefined &&
		details.linesShown === details.totalLines &&
		(details.firstLine ?? 1) === 1
	);
}

/**
`221 lines` for a whole file, `2,000 of 4,312 lines` for part of one, `50 lines` when the total is unknown;
for an image, its format and sizes (`image png · 4000x3000 → 2000x1500 · 96.0 KB sent`).
*/
export function countLabel(details: AnyReadDetails): string {
	if (details.image !== undefined) {
		return imageLabel(details.image);
	}

	if (details.kind === 'image') {
		// A logged image whose header could not be read: no pixel sizes, only the bytes the log holds.
		return `image · ${formatBytes(details.fileBytes, 'person')}`;
	}

	if (isComplete(details) || details.totalLines === undefined || !details.totalLinesKnown) {
		return formatLines(details.linesShown);
	}

	return `${formatCount(details.linesShown)} of ${formatLines(details.totalLines)}`;
}

function linesWord(first: number, count: number): string {
	return `${count === 1 ? 'line' : 'lines'} ${formatRange(first, count)}`;
}

/** The lines a read returned, e.g. `lines 1-200 of 400` (`of …` only when the total is known). */
function shownLines(details: AnyReadDetails): string {
	const range =
		details.firstLine === undefined
			? formatLines(details.linesShown)
			: linesWord(details.firstLine, details.linesShown);
	const total =
		details.totalLinesKnown && details.totalLines !== undefined
			? ` of ${formatCount(details.totalLines)}`
			: '';
	return `${range}${total}`;
}

/** `partial: lines 1-200 of 400` for a partial read, '' for a complete one. */
export function partialLabel(details: AnyReadDetails): string {
	if (isComplete(details) || details.linesShown === 0) {
		return '';
	}

	return `partial: ${shownLines(details)}`;
}

/**
What the model was told when the engine cut its output, e.g. `model got lines 1-2000 of 5,000;
told to continue at offset=2001`. Undefined when nothing was cut.
*/
/** Whose cap it was, in words, for each rule by which another agent cut a read. */
function capWords(cut: AgentCut): string {
	const size = cut.limit === undefined ? '' : ` (${formatCount(cut.limit)}`;
	switch (cut.rule) {
		case 'claude-code-token-cap': {
			return `Claude Code's token cap${size === '' ? '' : `${size} tokens)`}`;
		}

		case 'claude-code-line-cap': {
			return `Claude Code's line cap${size === '' ? '' : `${size} lines)`}`;
		}

		case 'pi-line-cap': {
			return `pi's line cap${size === '' ? '' : `${size} lines)`}`;
		}

		case 'pi-byte-cap': {
			return `pi's byte cap${cut.limit === undefined ? '' : ` (${formatBytes(cut.limit, 'person')})`}`;
		}

		case 'codex-middle': {
			return "Codex's output budget";
		}

		default: {
			const never: never = cut.rule;
			return never;
		}
	}
}

/**
What the model got when another agent's tool cut the read, by that agent's rule: `model got lines 1-2,170
of 5,000 (Claude Code's token cap (25,000 tokens))`, or for Codex's middle cut `Codex cut the middle:
model got lines 1-837 and 4,202-5,000 of 5,000`. The offset is named only when the agent gave one.
*/
function agentCutLabel(details: AnyReadDetails, cut: AgentCut): string {
	const next = cut.nextOffset === undefined ? '' : `; told to continue at offset=${cut.nextOffset}`;
	if (cut.rule === 'codex-middle') {
		const head =
			details.firstLine === undefined
				? formatLines(details.linesShown)
				: linesWord(details.firstLine, details.linesShown);
		const tail = cut.tail;
		const tailText =
			tail === undefined || tail.lines.length === 0
				? ''
				: ` and ${tail.firstLine === undefined ? formatLines(tail.lines.length) : formatRange(tail.firstLine, tail.lines.length)}`;
		const total =
			details.totalLinesKnown && details.totalLines !== undefined
				? ` of ${formatCount(details.totalLines)}`
				: '';
		return `Codex cut the middle (${capWords(cut)}): model got ${head}${tailText}${total}${next}`;
	}

	return `model got ${shownLines(details)} (${capWords(cut)})${next}`;
}

export function truncationLabel(details: AnyReadDetails): string | undefined {
	const cut = agentCutOf(details);
	if (cut !== undefined) {
		return agentCutLabel(details, cut);
	}

	if (details.oversizedLineBytes !== undefined) {
		// The oversized line is the first the read would show (none were); nextOffset is already past it.
		const line = details.firstLine === undefined ? undefined : details.firstLine + details.linesShown;
		return `line ${line === undefined ? '' : `${formatCount(line)} `}alone is ${formatCount(details.oversizedLineBytes)} bytes, over the byte cap; the model was told how to read it`;
	}

	if (details.truncation === undefined) {
		return undefined;
	}

	const parts = partsOf(details);
	if (parts?.parts.next !== undefined && details.truncation !== 'line-length') {
		return `model got ${partsLabel(details) ?? ''} (output cap); told to continue at ${parts.noun.slice(0, -1)} ${parts.parts.next}`;
	}

	if (details.truncation === 'line-length') {
		const count = details.clippedLines.length;
		return `model got ${formatCount(count)} ${count === 1 ? 'line' : 'lines'} clipped at the line-length cap`;
	}

	const cap =
		details.truncation === 'lines'
			? 'line cap'
			: details.truncation === 'bytes'
				? 'byte cap'
				: 'line and byte caps';
	let next = '';
	if (details.nextOffset !== undefined) {
		next = `; told to continue at offset=${details.nextOffset}`;
	} else if (details.nextTail !== undefined) {
		next = `; told to continue with tail=${details.nextTail}`;
	}

	return `model got ${shownLines(details)} (${cap})${next}`;
}
