/** A frame as ANSI lines: the visible panel rows with the focus marker, then the status line. */
import type {KeyBindings} from '../keys/bindings.js';
import {type Command, type KeyContext, worksIn} from '../keys/commands.js';
import {displayKeyName} from '../keys/key-names.js';
import type {Row} from '../panels/types.js';
import {cutLine} from '../text/styled.js';
import {displayWidth, padToWidth} from '../text/width.js';
import type {Painter} from '../theme/ansi.js';
import type {FrameRow, Layout, Position} from './layout.js';

const focusMarker = '▌ ';
const blankMarker = '  ';

/** The key label for a command as people read it (`alt+enter`), or '' when it has no key. */
export function labelFor(bindings: KeyBindings, command: Command): string {
	const key = bindings.keysByCommand[command][0];
	return key === undefined ? '' : displayKeyName(key);
}

/**
The status line's `N/M`: the item the keys act on, out of all. That is the focused item: the one
chosen (a panel, or the prompt or message a jump or a search went to), or the last panel while none
was (the focus marker is drawn on it and ctrl+o expands it), so something is focused whenever the
transcript has a panel. Only a transcript without panels (text alone) has no focus (`focused` -1):
N is then the item at the top of the screen, where scrolling is.
*/
export function positionLabel(layout: Layout, top: Position, focused: number): string {
	const count = layout.count;
	if (count === 0) {
		return 'empty';
	}

	return `${Math.min(count, (focused >= 0 ? focused : top.index) + 1)}/${count}`;
}

/**
The status line: where we are (`positionLabel`), any `notes` (a search's `match 3 of 17`, a replay's
counts), and the keys that work in the view (`context`), from the key table. Cut to `width` columns:
the keys go first when space is short.
*/
export function statusRow(
	bindings: KeyBindings,
	layout: Layout,
	top: Position,
	focused: number,
	width: number,
	notes: readonly string[] = [],
	context: KeyContext = 'replay',
): Row {
	const where = positionLabel(layout, top, focused);
	const parts = (
		[
			['toggleExpand', 'expand/collapse'],
			['toggleAll', 'all'],
			['search', 'search'],
			['focusNext', 'next'],
			['focusPrevious', 'previous'],
			['pageDown', 'page'],
			['help', 'help'],
			['quit', 'quit'],
		] satisfies Array<[Command, string]>
	).filter(([command]) => worksIn(command, context));
	const keysOf = (list: ReadonlyArray<[Command, string]>) =>
		list
			.map(([command, label]) => [labelFor(bindings, command), label])
			.filter(([key]) => key !== '')
			.map(([key, label]) => `${key} ${label}`)
			.join(' · ');
	const said = notes.filter((note) => note !== '').join(' · ');
	const lead = ` ${where}  ${said === '' ? '' : `${said}  `}`;
	// Keys in order of use while they fit, but never without the two that explain the rest (help, quit).
	const essential = parts.filter(([command]) => command === 'help' || command === 'quit');
	let chosen = parts;
	while (chosen.length > essential.length && displayWidth(lead + keysOf(chosen)) > width) {
		const dropAt = chosen.findLastIndex(([command]) => command !== 'help' && command !== 'quit');
		chosen = chosen.filter((_, index) => index !== dropAt);
	}

	const fitted = keysOf(chosen);
	const text = padToWidth(lead + fitted, width);
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
