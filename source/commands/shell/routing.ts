/**
Which part of the shell a key goes to. Pure: the shell calls `routeKey` with Ink's useInput
arguments and carries out the action. The rules (README text in docs/shell.md):

- Always: ctrl+c (twice quits), the abort key (escape: stops a running turn; otherwise leaves the
  transcript), the switchFocus key (tab: moves the keys between the prompt and the transcript).
- Prompt focused (the default): keys that type or edit belong to the editor: printable text and
  pastes, enter (send), the newline keys (alt+enter, ctrl+j), backspace, left/right, up/down (lines,
  then history), home/end, ctrl+a, ctrl+w, ctrl+u. Every other bound key goes to the transcript:
  ctrl+o, ctrl+e, pageup/pagedown, ctrl+b/ctrl+f, so they work while typing and while the model runs.
- Transcript focused: every transcript key of the table works (j/k, up/down, e, g/G, space, enter,
  `?`, the search's `/`, n, N); the quit key (q) returns to the prompt rather than quitting; any other
  text goes back to the prompt and is typed there. While the search prompt is open it takes the keys
  before routing (shell-app.tsx).
*/
import type {Key} from 'ink';
import type {KeyBindings} from '../../keys/bindings.js';
import {type Command, isSearchCommand, isShellCommand, type SearchCommand} from '../../keys/commands.js';
import {type EditingCommand, editingCommandOf} from '../../keys/editing.js';
import {displayKeyName, keyNameFromInk} from '../../keys/key-names.js';
import {labelFor} from '../../ui/frame.js';
import type {ViewportCommand} from '../../ui/navigation.js';
import {
	deleteBackward,
	deleteToLineStart,
	deleteWordBackward,
	type EditorState,
	moveHorizontal,
	moveToLineEdge,
	moveVertical,
} from './editor.js';

/** Where the keys go. */
export type ShellFocus = 'prompt' | 'transcript';

/** What a key asks the shell to do. */
export type ShellAction =
	| {readonly type: 'interrupt'}
	| {readonly type: 'abort'}
	| {readonly type: 'focus'; readonly focus: ShellFocus}
	| {readonly type: 'view'; readonly command: ViewportCommand}
	| {readonly type: 'help'}
	/** Open the search prompt, or go to the next or previous match (transcript focused). */
	| {readonly type: 'search'; readonly command: SearchCommand}
	/** Mouse-wheel scrolling on or off. */
	| {readonly type: 'mouse'}
	| {readonly type: 'edit'; readonly edit: (state: EditorState) => EditorState}
	/** Typed or pasted text; `submit` when a typed line arrived together with its enter. */
	| {readonly type: 'insert'; readonly text: string; readonly submit: boolean}
	| {readonly type: 'submit'}
	| {readonly type: 'none'};

/** What routing depends on besides the key. */
export type RouteContext = {
	readonly focus: ShellFocus;
	readonly bindings: KeyBindings;
	/** A turn is running (escape aborts it). */
	readonly running: boolean;
};

const none: ShellAction = {type: 'none'};

/** Control characters only: never typed as text (key-chunks.ts splits chunks of several keys). */
const onlyControls = /^[\u0000-\u001F\u007F]+$/;

/** What the prompt's editing commands do (their keys are in keys/editing.ts). */
const editorActions: Readonly<
	Record<Exclude<EditingCommand, 'submitText' | 'cancelText'>, (state: EditorState) => EditorState>
> = {
	deleteBackward,
	deleteWordBackward,
	deleteToLineStart,
	cursorLeft: (state) => moveHorizontal(state, -1),
	cursorRight: (state) => moveHorizontal(state, 1),
	cursorUp: (state) => moveVertical(state, -1),
	cursorDown: (state) => moveVertical(state, 1),
	lineStart: (state) => moveToLineEdge(state, 'start'),
	lineEnd: (state) => moveToLineEdge(state, 'end'),
};

/** The prompt's edit for a key, if it is one of its editing keys. */
function editFor(name: string | undefined): ((state: EditorState) => EditorState) | undefined {
	const command = editingCommandOf(name);
	return command === undefined || command === 'submitText' || command === 'cancelText'
		? undefined
		: editorActions[command];
}

/**
True when a key bound to a transcript command reaches it while the prompt has the keys: the editor
keeps printable keys (they type text), enter (send) and its editing keys for itself.
*/
export function worksFromPrompt(name: string): boolean {
	return (
		[...name].length > 1 &&
		name !== 'space' &&
		editFor(name) === undefined &&
		editingCommandOf(name) !== 'submitText'
	);
}

/**
The key a hint shown while the prompt has the keys names for a transcript command: its first binding
that works from the prompt, else `tab, then o` (a printable key works once the transcript has the
keys), or '' when nothing reaches it.
*/
export function promptKeyLabel(bindings: KeyBindings, command: Command): string {
	const keys = bindings.keysByCommand[command];
	const direct = keys.find(worksFromPrompt);
	if (direct !== undefined) {
		return displayKeyName(direct);
	}

	const first = keys[0];
	const focus = labelFor(bindings, 'switchFocus');
	return first === undefined || focus === '' ? '' : `${focus}, then ${displayKeyName(first)}`;
}

/**
Text the person typed or pasted, or undefined for a control key. Ink hands a paste over as one
string; a typed line can arrive together with its enter (`hello\r`), which then also sends it.
*/
function typedText(input: string, key: Key): {text: string; submit: boolean} | undefined {
	if (input === '' || key.ctrl || (key.meta && [...input].length === 1) || onlyControls.test(input)) {
		return undefined;
	}

	const body = input.endsWith('\r') ? input.slice(0, -1) : input;
	const lineEndedTyping = body !== input && body !== '' && !/[\r\n]/.test(body);
	return lineEndedTyping ? {text: body, submit: true} : {text: input, submit: false};
}

/** The action for one key (or paste) from Ink's useInput. */
export function routeKey(input: string, key: Key, context: RouteContext): ShellAction {
	const name = keyNameFromInk(input, key);
	if (name === 'ctrl+c') {
		return {type: 'interrupt'};
	}

	const command = name === undefined ? undefined : context.bindings.commandByKey.get(name);
	if (command === 'abort') {
		return context.running ? {type: 'abort'} : {type: 'focus', focus: 'prompt'};
	}

	if (command === 'switchFocus') {
		return {type: 'focus', focus: context.focus === 'prompt' ? 'transcript' : 'prompt'};
	}

	if (context.focus === 'transcript') {
		if (command === 'help') {
			return {type: 'help'};
		}

		if (command === 'toggleMouse') {
			return {type: 'mouse'};
		}

		if (command === 'quit') {
			return {type: 'focus', focus: 'prompt'};
		}

		if (command !== undefined && isSearchCommand(command)) {
			return {type: 'search', command};
		}

		if (command !== undefined && !isShellCommand(command)) {
			return {type: 'view', command};
		}

		const typed = typedText(input, key);
		return typed === undefined ? none : {type: 'insert', ...typed};
	}

	if (command === 'newline') {
		return {type: 'insert', text: '\n', submit: false};
	}

	if (editingCommandOf(name) === 'submitText' || (key.return && !key.meta)) {
		return {type: 'submit'};
	}

	const edit = editFor(name);
	if (edit !== undefined) {
		return {type: 'edit', edit};
	}

	const typed = typedText(input, key);
	if (typed !== undefined) {
		return {type: 'insert', ...typed};
	}

	if (command === 'toggleMouse') {
		return {type: 'mouse'};
	}

	if (
		command !== undefined &&
		command !== 'quit' &&
		command !== 'help' &&
		!isShellCommand(command) &&
		!isSearchCommand(command)
	) {
		return {type: 'view', command};
	}

	return none;
}
