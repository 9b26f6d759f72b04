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
	| 'quit'
	// Moving between the person's prompts, and searching (the read and replay views).
	| 'previousPrompt'
	| 'nextPrompt'
	| 'search'
	| 'searchNext'
	| 'searchPrevious'
	// The agent shell's own keys (source/shell/); other views ignore them.
	| 'newline'
	| 'abort'
	| 'switchFocus';

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
	previousPrompt: {description: 'go to the previous user prompt', keys: ['[']},
	nextPrompt: {description: 'go to the next user prompt', keys: [']']},
	search: {
		description: 'search the transcript (enter searches, escape cancels; not in the shell)',
		keys: ['/'],
	},
	searchNext: {description: 'go to the next match of the search', keys: ['n']},
	searchPrevious: {description: 'go to the previous match of the search', keys: ['N']},
	newline: {
		description: 'shell: insert a new line in the prompt (enter sends it)',
		keys: ['meta+enter', 'ctrl+j'],
	},
	abort: {description: 'shell: stop the running turn', keys: ['escape']},
	switchFocus: {description: 'shell: move the keys between the prompt and the transcript', keys: ['tab']},
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
	'previousPrompt',
	'nextPrompt',
	'search',
	'searchNext',
	'searchPrevious',
	'newline',
	'abort',
	'switchFocus',
];

/** Commands only the agent shell acts on; the read and replay views ignore them. */
export type ShellCommand = Extract<Command, 'newline' | 'abort' | 'switchFocus'>;

/** True for the agent shell's own commands. */
export function isShellCommand(command: Command): command is ShellCommand {
	return command === 'newline' || command === 'abort' || command === 'switchFocus';
}

/** Commands that drive the transcript search; the view that owns the search prompt handles them. */
export type SearchCommand = Extract<Command, 'search' | 'searchNext' | 'searchPrevious'>;

/** True for the search commands. */
export function isSearchCommand(command: Command): command is SearchCommand {
	return command === 'search' || command === 'searchNext' || command === 'searchPrevious';
}

/** True when the string names a command. */
export function isCommand(value: string): value is Command {
	return commands.some((command) => command === value);
}
