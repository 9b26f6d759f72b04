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
	| 'toggleMouse'
	// Moving between the person's prompts, and searching (the read and replay views).
	| 'previousPrompt'
	| 'nextPrompt'
	| 'search'
	| 'searchNext'
	| 'searchPrevious'
	// The agent shell's own keys (source/commands/shell/); other views ignore them.
	| 'newline'
	| 'abort'
	| 'switchFocus';

/**
Where lector takes keys: `lector read` (one read, no prompts), `lector replay` (a whole session, with
search) and the agent shell (its transcript). The help screen lists only what works in its view.
*/
export type KeyContext = 'read' | 'replay' | 'shell';

/** Every view. */
const everywhere: readonly KeyContext[] = ['read', 'replay', 'shell'];

/**
A command's description and default keys (the first is the one hints name), the views it works in,
and, where it does something else in a view, that view's own description.
*/
export type CommandInfo = {
	readonly description: string;
	readonly keys: readonly string[];
	readonly contexts: readonly KeyContext[];
	readonly descriptionIn?: Partial<Record<KeyContext, string>>;
};

/** The default key table. */
export const commandTable: Readonly<Record<Command, CommandInfo>> = {
	toggleExpand: {
		description: 'expand or collapse the focused panel',
		keys: ['ctrl+o', 'enter', 'o'],
		contexts: everywhere,
	},
	toggleAll: {description: 'expand or collapse all panels', keys: ['e', 'ctrl+e'], contexts: everywhere},
	focusPrevious: {
		description: 'focus the previous panel (or scroll up within a tall one)',
		keys: ['up', 'k'],
		contexts: everywhere,
	},
	focusNext: {
		description: 'focus the next panel (or scroll down within a tall one)',
		keys: ['down', 'j'],
		contexts: everywhere,
	},
	pageUp: {description: 'scroll up a page', keys: ['pageup', 'b', 'ctrl+b'], contexts: everywhere},
	pageDown: {description: 'scroll down a page', keys: ['pagedown', 'space', 'ctrl+f'], contexts: everywhere},
	top: {description: 'go to the top', keys: ['g', 'home'], contexts: everywhere},
	bottom: {
		description: 'go to the bottom',
		keys: ['G', 'end'],
		contexts: everywhere,
		// Only a transcript that grows has new output to follow: one read never does, a log replayed with
		// --follow does, and so does the shell.
		descriptionIn: {
			replay: 'go to the bottom (and, with --follow, keep following the log as it grows)',
			shell: 'go to the bottom (and follow new output)',
		},
	},
	help: {description: 'show the keys and how to rebind them', keys: ['?'], contexts: everywhere},
	toggleMouse: {
		description: 'mouse-wheel scrolling on or off (while on, hold shift to select text)',
		keys: ['m'],
		contexts: everywhere,
	},
	quit: {
		description: 'quit (ctrl+c always quits too)',
		keys: ['q'],
		contexts: everywhere,
		// The shell quits with ctrl+c twice or /quit; q there only leaves the transcript.
		descriptionIn: {shell: 'give the keys back to the prompt'},
	},
	// A single read has no prompts: the jumps work where there is a conversation.
	previousPrompt: {description: 'go to the previous user prompt', keys: ['['], contexts: ['replay', 'shell']},
	nextPrompt: {description: 'go to the next user prompt', keys: [']'], contexts: ['replay', 'shell']},
	// The shell searches from its transcript: in the prompt `/`, n and N type text (and `/` starts a
	// slash command). A single read has nothing to search.
	search: {
		description: 'search the transcript (enter searches, escape cancels)',
		keys: ['/'],
		contexts: ['replay', 'shell'],
	},
	searchNext: {description: 'go to the next match of the search', keys: ['n'], contexts: ['replay', 'shell']},
	searchPrevious: {
		description: 'go to the previous match of the search',
		keys: ['N'],
		contexts: ['replay', 'shell'],
	},
	newline: {
		description: 'insert a new line in the prompt (enter sends it)',
		keys: ['alt+enter', 'ctrl+j'],
		contexts: ['shell'],
	},
	abort: {
		description: 'stop the running turn (when none runs, give the keys back to the prompt)',
		keys: ['escape'],
		contexts: ['shell'],
	},
	switchFocus: {
		description: 'move the keys between the prompt and the transcript',
		keys: ['tab'],
		contexts: ['shell'],
	},
};

/** True when the command works in the view (the views ignore the others' keys). */
export function worksIn(command: Command, context: KeyContext): boolean {
	return commandTable[command].contexts.includes(context);
}

/** What the command does in the view, for the help screen. */
export function describeIn(command: Command, context: KeyContext): string {
	const info = commandTable[command];
	return info.descriptionIn?.[context] ?? info.description;
}

/**
Keys that are not commands, so they cannot be rebound, listed on the help screen after the table:
the shell takes ctrl+c itself (the first press stops a turn, so one press must not quit).
*/
export const fixedKeys: Readonly<
	Record<KeyContext, ReadonlyArray<{readonly keys: string; readonly description: string}>>
> = {
	read: [],
	replay: [],
	shell: [
		{keys: 'ctrl+c twice, /quit', description: 'quit lector (the first ctrl+c stops a running turn)'},
		{keys: '/help', description: 'list the slash commands'},
	],
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
	'toggleMouse',
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
