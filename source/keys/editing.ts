/**
The keys of a text field (the shell's prompt, the search prompt), in one table beside the view
commands: a field takes these before any view command, so `up` moves the cursor in the prompt and
the focus in the transcript. Printable keys type themselves and are not listed.
*/

export type EditingCommand =
	| 'submitText'
	| 'cancelText'
	| 'deleteBackward'
	| 'deleteWordBackward'
	| 'deleteToLineStart'
	| 'cursorLeft'
	| 'cursorRight'
	| 'cursorUp'
	| 'cursorDown'
	| 'lineStart'
	| 'lineEnd';

/** What each editing key does, and its keys by canonical name (see key-names.ts). */
export const editingTable: Readonly<
	Record<EditingCommand, {readonly description: string; readonly keys: readonly string[]}>
> = {
	submitText: {description: 'send the prompt, or search for the query', keys: ['enter']},
	cancelText: {description: 'close the search prompt', keys: ['escape']},
	// Most terminals send DEL (0x7f) for Backspace, which Ink reports as delete.
	deleteBackward: {description: 'delete the character before the cursor', keys: ['backspace', 'delete']},
	deleteWordBackward: {description: 'delete the word before the cursor', keys: ['ctrl+w']},
	deleteToLineStart: {description: 'delete to the start of the line', keys: ['ctrl+u']},
	cursorLeft: {description: 'move the cursor left', keys: ['left']},
	cursorRight: {description: 'move the cursor right', keys: ['right']},
	cursorUp: {description: 'move up a line, then through earlier prompts', keys: ['up']},
	cursorDown: {description: 'move down a line, then through later prompts', keys: ['down']},
	lineStart: {description: 'go to the start of the line', keys: ['home', 'ctrl+a']},
	lineEnd: {description: 'go to the end of the line', keys: ['end']},
};

const editingCommands: readonly EditingCommand[] = [
	'submitText',
	'cancelText',
	'deleteBackward',
	'deleteWordBackward',
	'deleteToLineStart',
	'cursorLeft',
	'cursorRight',
	'cursorUp',
	'cursorDown',
	'lineStart',
	'lineEnd',
];

const byKey = new Map<string, EditingCommand>(
	editingCommands.flatMap((command) =>
		editingTable[command].keys.map((key): [string, EditingCommand] => [key, command]),
	),
);

/** The editing command of a key (canonical name), or undefined. */
export function editingCommandOf(name: string | undefined): EditingCommand | undefined {
	return name === undefined ? undefined : byKey.get(name);
}
