/**
Every key lector reacts to, in one table: the Command union, a description for the help line and
README, and the default bindings. Hints in panels take the key name from here, so they always name
a key that really works.
*/

export type Command =
	| 'toggleExpand'
	| 'toggleAll'
	| 'focusPrevious'
	| 'focusNext'
	| 'pageUp'
	| 'pageDown'
	| 'top'
	| 'bottom'
	| 'help'
	| 'quit';

/** A command's description and default keys (the first is the one hints name). */
export type CommandInfo = {readonly description: string; readonly keys: readonly string[]};

/** The default key table. */
export const commandTable: Readonly<Record<Command, CommandInfo>> = {
	toggleExpand: {description: 'expand or collapse the focused panel', keys: ['ctrl+o', 'enter', 'o']},
	toggleAll: {description: 'expand or collapse all panels', keys: ['e', 'ctrl+e']},
	focusPrevious: {
		description: 'focus the previous panel (or scroll up within a tall one)',
		keys: ['up', 'k'],
	},
	focusNext: {description: 'focus the next panel (or scroll down within a tall one)', keys: ['down', 'j']},
	pageUp: {description: 'scroll up a page', keys: ['pageup', 'b', 'ctrl+b']},
	pageDown: {description: 'scroll down a page', keys: ['pagedown', 'space', 'ctrl+f']},
	top: {description: 'go to the top', keys: ['g', 'home']},
	bottom: {description: 'go to the bottom', keys: ['G', 'end']},
	help: {description: 'show the keys and how to rebind them', keys: ['?']},
	quit: {description: 'quit (ctrl+c always quits too)', keys: ['q']},
};

/** All commands, in table order. */
export const commands: readonly Command[] = [
	'toggleExpand',
	'toggleAll',
	'focusPrevious',
	'focusNext',
	'pageUp',
	'pageDown',
	'top',
	'bottom',
	'help',
	'quit',
];

/** True when the string names a command. */
export function isCommand(value: string): value is Command {
	return commands.some((command) => command === value);
}
