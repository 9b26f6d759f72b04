/**
The help screen's text as lines, and the window of them that fits: pure, so the rules (every line at
most the width, never more rows than the frame) are tested without rendering.
*/
import type {KeyBindings} from '../keys/bindings.js';
import {type Command, commands, describeIn, fixedKeys, type KeyContext, worksIn} from '../keys/commands.js';
import {displayKeyName} from '../keys/key-names.js';
import {cutToWidth, displayWidth, padToWidth, wordWrapToWidth} from '../text/width.js';

/** One line of the help: how it is drawn, and its text (already cut to the width). */
export type HelpLine = {readonly kind: 'title' | 'text' | 'dim' | 'code'; readonly text: string};

/** The example shown under "rebind keys". */
export const configExample = `{
  "keys": {"toggleExpand": ["ctrl+o", "ctrl+x"]},
  "theme": "dark",
  "previewLines": 5
}`;

/** Columns the key list takes before the descriptions, at most: longer key lists are cut. */
const maxKeyColumn = 26;

/** Below this many columns for a description, it is cut rather than wrapped into a thin column. */
const minDescriptionWidth = 16;

const titles: Readonly<Record<KeyContext, string>> = {
	read: 'lector keys (lector read)',
	replay: 'lector keys (lector replay)',
	shell: 'lector keys (the shell; tab gives the keys to the transcript and back)',
};

/** The keys of a command as people read them, from the bindings in use. */
export function keysText(bindings: KeyBindings, command: Command): string {
	return bindings.keysByCommand[command].map((key) => displayKeyName(key)).join(', ') || '(unbound)';
}

/** What the help is drawn for. */
export type HelpOptions = {
	readonly context: KeyContext;
	/** The config file keys are rebound in. */
	readonly configFile: string;
	/** Columns each line may take. */
	readonly width: number;
	/** The keys that scroll (`j/k`) when the help is taller than the screen; undefined when it fits. */
	readonly scrollKeys: string | undefined;
};

/**
Every line of the help for a view: the commands that work there (from the key table, with the
view's own wording), the keys that are not commands, and how to rebind them. Each line is at most
`width` columns; the count does not depend on `scrollKeys`.
*/
export function helpLines(bindings: KeyBindings, options: HelpOptions): HelpLine[] {
	const {context, width, scrollKeys} = options;
	const entries = [
		...commands
			.filter((command) => worksIn(command, context))
			.map((command) => [keysText(bindings, command), describeIn(command, context)] as const),
		...fixedKeys[context].map((fixed) => [fixed.keys, fixed.description] as const),
	];
	const column = Math.min(maxKeyColumn, Math.max(0, ...entries.map(([keys]) => displayWidth(keys))));
	// A description wraps at spaces under its own column, so a narrow terminal loses no words.
	const descriptionWidth = width - column - 3;
	const rows = ([keys, description]: readonly [string, string]): HelpLine[] => {
		const lead = `  ${padToWidth(cutToWidth(keys, column), column)} `;
		const pieces =
			descriptionWidth < minDescriptionWidth ? [description] : wordWrapToWidth(description, descriptionWidth);
		return pieces.map((piece, index) => ({
			kind: 'text',
			text: cutToWidth(`${index === 0 ? lead : ' '.repeat(column + 3)}${piece}`, width),
		}));
	};

	return [
		{kind: 'title', text: cutToWidth(titles[context], width)},
		{kind: 'text', text: ''},
		...entries.flatMap((entry) => rows(entry)),
		{kind: 'text', text: ''},
		{kind: 'text', text: cutToWidth(`Rebind keys in ${options.configFile}:`, width)},
		...configExample.split('\n').map((line): HelpLine => ({kind: 'code', text: cutToWidth(line, width)})),
		{
			kind: 'dim',
			text: cutToWidth(
				scrollKeys === undefined
					? 'Any key closes this screen.'
					: `${scrollKeys} and the page keys scroll; any other key closes this screen.`,
				width,
			),
		},
	];
}

/** The part of the help on screen. */
export type HelpWindow = {
	/** The lines shown, in order. */
	readonly lines: readonly HelpLine[];
	/** The first line shown (the scroll position, clamped). */
	readonly offset: number;
	/** The last row, when the help does not fit: `… 12 more (j/k to scroll)`. */
	readonly footer: string | undefined;
};

/** Lines the help scrolls by for a page: the rows it has, less the footer. */
export function helpPage(rows: number): number {
	return Math.max(1, rows - 1);
}

/**
The lines that fit in `rows` rows (at least 1) from `offset`. When all do not fit, the last row is a
footer saying how many lines are below (or above, at the end) and naming the scroll keys.
*/
export function helpWindow(
	lines: readonly HelpLine[],
	rows: number,
	offset: number,
	scrollKeys: string,
	width: number,
): HelpWindow {
	const room = Math.max(1, rows);
	if (lines.length <= room) {
		return {lines, offset: 0, footer: undefined};
	}

	const page = helpPage(room);
	const top = Math.min(Math.max(0, offset), lines.length - page);
	const below = lines.length - top - page;
	const count = below > 0 ? `${below} more` : `${top} above`;
	const footer = cutToWidth(`… ${count} (${scrollKeys} to scroll)`, width);
	// With one row, the footer alone says there is a help to scroll.
	return {lines: room === 1 ? [] : lines.slice(top, top + page), offset: top, footer};
}

/** The scroll keys a footer names, from the bindings: `j/k` (a printable key first, else the first key). */
export function scrollLabel(bindings: KeyBindings): string {
	const pick = (command: Command) => {
		const keys = bindings.keysByCommand[command];
		return displayKeyName(keys.find((key) => [...key].length === 1) ?? keys[0] ?? '');
	};

	const pair = (down: string, up: string) => (down !== '' && up !== '' ? `${down}/${up}` : down || up);
	return pair(pick('focusNext'), pick('focusPrevious')) || pair(pick('pageDown'), pick('pageUp')) || 'no key';
}

/**
How far a command scrolls the help, in lines (`page` for the page keys), or undefined for every other
command: those close the help.
*/
export function helpScroll(command: Command | undefined, page: number): number | undefined {
	switch (command) {
		case 'focusNext': {
			return 1;
		}

		case 'focusPrevious': {
			return -1;
		}

		case 'pageDown': {
			return page;
		}

		case 'pageUp': {
			return -page;
		}

		default: {
			return undefined;
		}
	}
}
