/** A frame as ANSI lines: the visible panel rows with the focus marker, then the status line. */
import type {KeyBindings} from '../keys/bindings.js';
import {type Command, type KeyContext, worksIn} from '../keys/commands.js';
import {displayKeyName} from '../keys/key-names.js';
import type {Row} from '../panels/types.js';
import type {Painter} from '../theme/ansi.js';
import type {FrameRow, Layout, Position} from './layout.js';
import {fitStatus} from './status-fit.js';

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
counts, `mouse on (m)`), and the keys that work in the view (`context`), from the key table. Exactly
`width` columns: other keys, then the notes, then the position give way to help and quit (see
status-fit.ts).
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
	const keys = parts
		.map(([command, label]) => ({command, key: labelFor(bindings, command), label}))
		.filter(({key}) => key !== '')
		// Keys in order of use while they fit, but never without the two that explain the rest (help, quit).
		.map(({command, key, label}) => ({
			text: `${key} ${label}`,
			essential: command === 'help' || command === 'quit',
		}));
	const text = fitStatus({lead: [{text: where}], notes, keys}, width);
	return [{text, role: 'status'}];
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
