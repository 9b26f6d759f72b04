/** A frame as ANSI lines: the visible panel rows with the focus marker, then the status line. */
import type {KeyBindings} from '../keys/bindings.js';
import type {Command} from '../keys/commands.js';
import type {Row} from '../panels/types.js';
import {cutLine} from '../text/styled.js';
import {padToWidth} from '../text/width.js';
import type {Painter} from '../theme/ansi.js';
import type {FrameRow, Layout, Position} from './layout.js';

const focusMarker = '▌ ';
const blankMarker = '  ';

/** The key label for a command, or '' when it has no key. */
export function labelFor(bindings: KeyBindings, command: Command): string {
	return bindings.keysByCommand[command][0] ?? '';
}

/** The status line: where we are and the keys that work, from the key table. */
export function statusRow(bindings: KeyBindings, layout: Layout, top: Position, width: number): Row {
	const count = layout.count;
	const where = count === 0 ? 'empty' : `${Math.min(count, top.index + 1)}/${count}`;
	const parts: Array<[Command, string]> = [
		['toggleExpand', 'expand'],
		['toggleAll', 'all'],
		['focusNext', 'next'],
		['focusPrevious', 'previous'],
		['pageDown', 'page'],
		['help', 'help'],
		['quit', 'quit'],
	];
	const keys = parts
		.map(([command, label]) => [labelFor(bindings, command), label])
		.filter(([key]) => key !== '')
		.map(([key, label]) => `${key} ${label}`)
		.join(' · ');
	const text = padToWidth(` ${where}  ${keys}`, width);
	return cutLine([{text, role: 'status'}], width);
}

/** Paint frame rows (from `frameRows`) and the status line: one line per row, plus one. */
export function paintFrame(
	rows: readonly FrameRow[],
	focused: number,
	painter: Painter,
	status: Row,
): string[] {
	const lines: string[] = [];
	for (const {row, index, gap} of rows) {
		const marker = index === focused && index >= 0 && !gap ? focusMarker : blankMarker;
		lines.push(
			painter.paint([{text: marker, role: marker === focusMarker ? 'focus' : 'text'}, ...row]).trimEnd(),
		);
	}

	lines.push(painter.paint(status));
	return lines;
}
