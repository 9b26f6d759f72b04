/**
The panel for any tool without its own renderer (ls, grep, bash, tools from replayed logs): the
tool name, a one-line summary of its arguments, and a plain-text preview of its result under the
same collapse rules as a read, so the toggle key works the same everywhere. Expanded, every argument
is shown whole above the result, so expanding always reveals what the one-line header cut.
*/
import {sanitizeLine, sanitizeLines} from '../text/sanitize.js';
import {contentText, errorRows, moreRow, seg} from './parts.js';
import type {PanelRenderer, Row} from './types.js';
import {arrayView, cutRow, wrapProseRows} from './view.js';

/** Arguments shown first, in this order, without their names. */
const primaryKeys = ['command', 'cmd', 'path', 'file_path', 'pattern', 'query', 'url', 'glob'];

function valueText(value: unknown): string {
	if (typeof value === 'string') {
		return value;
	}

	if (value === undefined) {
		return '';
	}

	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}

/** The arguments with a value, primary ones first (in `primaryKeys` order), then the others in order. */
function orderedArgs(args: Readonly<Record<string, unknown>>): Array<[string, unknown]> {
	const present = Object.entries(args).filter(([, value]) => value !== undefined);
	return [
		...primaryKeys.flatMap((key) => present.filter(([name]) => name === key)),
		...present.filter(([name]) => !primaryKeys.includes(name)),
	];
}

/** One line summarising a call's arguments: primary values first, then `name=value` pairs. */
export function summarizeArgs(args: Readonly<Record<string, unknown>>): string {
	const parts = orderedArgs(args).map(([key, value]) =>
		primaryKeys.includes(key) ? valueText(value) : `${key}=${valueText(value)}`,
	);

	// One line: newlines inside values become spaces before sanitising.
	return sanitizeLine(parts.join(' ').replaceAll(/\s*[\r\n]+\s*/g, ' '));
}

/**
Every argument whole, in the summary's order: `name: value`, the value's lines wrapped at spaces and
indented 2 columns after the first row, so nothing the header cut stays hidden.
*/
export function argumentRows(args: Readonly<Record<string, unknown>>, width: number): Row[] {
	const rows: Row[] = [];
	for (const [key, value] of orderedArgs(args)) {
		const [first = '', ...rest] = sanitizeLines(valueText(value));
		const label = seg(`${sanitizeLine(key)}:${first === '' ? '' : ' '}`, 'dim');
		rows.push(...wrapProseRows(first === '' ? [label] : [label, seg(first, 'path')], width, 2));
		for (const line of rest) {
			rows.push(...(line === '' ? [[]] : wrapProseRows([seg(`  ${line}`, 'path')], width, 2)));
		}
	}

	return rows;
}

/** Output text as rows wrapped at spaces (tool output is read like prose; code panels hard-wrap). */
function outputRows(lines: readonly string[], width: number): Row[] {
	return lines.flatMap((line) => (line === '' ? [[]] : wrapProseRows([seg(line, 'text')], width)));
}

/** Renders any tool call as a header plus a plain-text preview of its result. */
export const renderGenericPanel: PanelRenderer = (call, context) => {
	const {width} = context;
	const name = sanitizeLine(call.name);
	const summary = summarizeArgs(call.args);
	const head: Row = [seg(name, 'toolName'), ...(summary === '' ? [] : [seg(` ${summary}`, 'path')])];
	const {result} = call;
	const args = context.expanded ? argumentRows(call.args, width) : [];
	if (call.status === 'running' || result === undefined) {
		return arrayView([cutRow([seg(`${context.spinner} `, 'spinner'), ...head], width), ...args]);
	}

	const text = contentText(result.content);
	if (result.isError) {
		return arrayView([cutRow(head, width), ...args, ...errorRows(text, width)]);
	}

	// Empty output gets no "(no output)" row: the header says enough.
	const lines = text === '' ? [] : sanitizeLines(text);
	if (context.expanded) {
		return arrayView([cutRow(head, width), ...args, ...outputRows(lines, width)]);
	}

	const shown = Math.min(Math.max(0, context.previewLines), lines.length);
	const hidden = lines.length - shown;
	const headerHint = shown === 0 && hidden > 0 ? [seg(`  (${context.expandHint})`, 'hint')] : [];
	const rows: Row[] = [cutRow([...head, ...headerHint], width)];
	for (const line of lines.slice(0, shown)) {
		rows.push(cutRow(line === '' ? [] : [seg(line, 'text')], width));
	}

	if (shown > 0 && hidden > 0) {
		rows.push(moreRow(hidden, context.expandHint, width));
	}

	return arrayView(rows);
};
