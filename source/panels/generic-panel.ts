/**
The panel for any tool without its own renderer (ls, grep, bash, tools from replayed logs): the
tool name, a one-line summary of its arguments, and a plain-text preview of its result under the
same collapse rules as a read, so the toggle key works the same everywhere.
*/
import {sanitizeLine, sanitizeLines} from '../text/sanitize.js';
import {contentText, errorRows, moreRow, seg} from './parts.js';
import type {PanelRenderer, Row} from './types.js';
import {arrayView, cutRow, stackViews, wrapRows} from './view.js';

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

/** One line summarising a call's arguments: primary values first, then `name=value` pairs. */
export function summarizeArgs(args: Readonly<Record<string, unknown>>): string {
	const parts: string[] = [];
	for (const key of primaryKeys) {
		if (key in args && args[key] !== undefined) {
			parts.push(valueText(args[key]));
		}
	}

	for (const [key, value] of Object.entries(args)) {
		if (!primaryKeys.includes(key) && value !== undefined) {
			parts.push(`${key}=${valueText(value)}`);
		}
	}

	// One line: newlines inside values become spaces before sanitising.
	return sanitizeLine(parts.join(' ').replaceAll(/\s*[\r\n]+\s*/g, ' '));
}

/** Renders any tool call as a header plus a plain-text preview of its result. */
export const renderGenericPanel: PanelRenderer = (call, context) => {
	const {width} = context;
	const name = sanitizeLine(call.name);
	const summary = summarizeArgs(call.args);
	const head: Row = [seg(name, 'toolName'), ...(summary === '' ? [] : [seg(` ${summary}`, 'path')])];
	const {result} = call;
	if (call.status === 'running' || result === undefined) {
		return arrayView([cutRow([seg(`${context.spinner} `, 'spinner'), ...head], width)]);
	}

	const text = contentText(result.content);
	if (result.isError) {
		return arrayView([cutRow(head, width), ...errorRows(text, width)]);
	}

	// Empty output gets no "(no output)" row: the header says enough.
	const lines = text === '' ? [] : sanitizeLines(text);
	if (context.expanded) {
		const body = lines.flatMap((line) => wrapRows(line === '' ? [] : [seg(line, 'text')], width));
		return stackViews([arrayView([cutRow(head, width)]), arrayView(body)]);
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
