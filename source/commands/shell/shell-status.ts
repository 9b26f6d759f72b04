/** The shell's status line: what is happening, where the keys go, and the keys that work there. */
import type {KeyBindings} from '../../keys/bindings.js';
import type {Command} from '../../keys/commands.js';
import {seg} from '../../panels/parts.js';
import type {Row} from '../../panels/types.js';
import {displayWidth, padToWidth, wordWrapToWidth} from '../../text/width.js';
import {labelFor} from '../../ui/frame.js';
import {cutAtWord, fitStatus, type StatusKey, type StatusLead} from '../../ui/status-fit.js';
import {promptKeyLabel, type ShellFocus} from './routing.js';

/** What the status line reports. */
export type StatusFacts = {
	readonly focus: ShellFocus;
	readonly running: boolean;
	/** A one-off message (the ctrl+c hint, "a turn is running"), shown instead of the key list. */
	readonly message: string | undefined;
	/** Item position, e.g. `3/12`. */
	readonly where: string;
	/** The model in use (it changes with /model); undefined without one. */
	readonly model: string | undefined;
	/** Mouse reporting is on (`m`): the status line says `mouse on (m)`, why dragging does not select. */
	readonly mouse?: boolean;
	/** The last search's word (`match 3 of 17`), while there is one. */
	readonly search?: string | undefined;
};

/** The notes of the status line: they give way before the lead (see status-fit.ts). */
function notesOf(facts: StatusFacts): string[] {
	return [
		...(facts.search === undefined ? [] : [facts.search]),
		...(facts.mouse === true ? ['mouse on (m)'] : []),
	];
}

/** Columns a model name may take in the status line, so the key list keeps its room at 80 columns. */
export const modelColumns = 24;

function shortModel(model: string): string {
	const characters = [...model];
	return characters.length > modelColumns ? `${characters.slice(0, modelColumns - 1).join('')}…` : model;
}

/** The keys `ctrl+c` twice quits with: not a command, so not rebindable. */
const quitKeys = 'ctrl+c ctrl+c';

/**
Keys of the status line. With the prompt focused they name keys that work from it (printable keys
type text there); the switch key and the quit keys are essential, and so is help in the transcript.
*/
function keyParts(bindings: KeyBindings, focus: ShellFocus): StatusKey[] {
	const label = (command: Command) =>
		focus === 'prompt' ? promptKeyLabel(bindings, command) : labelFor(bindings, command);
	const parts: Array<readonly [string, string, boolean]> =
		focus === 'prompt'
			? [
					['enter', 'send', false],
					[labelFor(bindings, 'newline'), 'new line', false],
					[label('toggleExpand'), 'expand', false],
					[label('pageUp'), 'scroll', false],
					[labelFor(bindings, 'switchFocus'), 'transcript', true],
					[quitKeys, 'quit', true],
				]
			: [
					// In order of use: expanding first, as in the read and replay views.
					[label('toggleExpand'), 'expand', false],
					[label('focusNext'), 'next', false],
					[label('focusPrevious'), 'previous', false],
					[label('toggleAll'), 'all', false],
					[label('help'), 'help', true],
					[labelFor(bindings, 'switchFocus'), 'prompt', true],
					[quitKeys, 'quit', true],
				];
	return parts
		.filter(([key]) => key !== '')
		.map(([key, what, essential]) => ({text: `${key} ${what}`, essential, kept: what === 'expand'}));
}

/**
Position, model, state, focus: the model and the state give way when space is short, then the focus
(the essential keys name the other side: `tab transcript`), then the position.
*/
function leadParts(bindings: KeyBindings, facts: StatusFacts): StatusLead[] {
	const state = facts.running ? `working, ${labelFor(bindings, 'abort') || 'no key'} stops` : 'ready';
	// While a search is shown, `ready` leaves its room to the match count (a note, which would give way first).
	const showState = facts.running || facts.search === undefined;
	return [
		{text: facts.where},
		...(facts.model === undefined ? [] : [{text: shortModel(facts.model), optional: true}]),
		...(showState ? [{text: state, optional: true}] : []),
		{text: facts.focus},
	];
}

/**
True when the message does not fit on the status line beside the position, where the keys go and the
essential keys: it then gets rows of its own above the status line.
*/
export function messageNeedsRows(bindings: KeyBindings, facts: StatusFacts, width: number): boolean {
	if (facts.message === undefined) {
		return false;
	}

	const lead = leadParts(bindings, facts).filter((part) => part.optional !== true);
	const keys = keyParts(bindings, facts.focus).filter((key) => key.essential);
	const text = ` ${lead.map((part) => part.text).join(' · ')}  ${facts.message}  ${keys.map((key) => key.text).join(' · ')}`;
	return displayWidth(text) > width;
}

/** Rows a message of its own takes at most; a longer one is cut at a word. */
const messageRowLimit = 2;

/**
The status rows, each exactly `width` columns (inverse video, like the transcript view's): the status
line, after the message's own rows when `ownRows` (default: `messageNeedsRows`). A message too long
for the status line wraps at spaces rather than being cut, so it is read whole.
*/
export function shellStatusRows(
	bindings: KeyBindings,
	facts: StatusFacts,
	width: number,
	ownRows = messageNeedsRows(bindings, facts, width),
): Row[] {
	const lead = leadParts(bindings, facts);
	const keys = keyParts(bindings, facts.focus);
	const notes = notesOf(facts);
	if (facts.message === undefined || !ownRows) {
		if (facts.message === undefined) {
			return [[seg(fitStatus({lead, notes, keys}, width), 'status')]];
		}

		// A message stands for the key list: only the essential keys stay beside it.
		const essential = keys.filter((key) => key.essential);
		return [[seg(fitStatus({lead, notes, message: facts.message, keys: essential}, width), 'status')]];
	}

	const room = Math.max(1, width - 2);
	const wrapped = wordWrapToWidth(facts.message, room);
	const message = wrapped.slice(0, messageRowLimit);
	if (wrapped.length > messageRowLimit) {
		message[messageRowLimit - 1] = cutAtWord(wrapped.slice(messageRowLimit - 1).join(' '), room);
	}

	return [
		...message.map((line) => [seg(padToWidth(` ${line}`, width), 'status')]),
		[seg(fitStatus({lead, notes, keys}, width), 'status')],
	];
}

/**
The notice after the demo session, naming the keys in use. The prompt has the keys then, so it names
a key that works from there (`ctrl+o`, or `tab, then o` when only printable keys expand).
*/
export function demoOutroText(bindings: KeyBindings): string {
	const expand = promptKeyLabel(bindings, 'toggleExpand');
	const focus = labelFor(bindings, 'switchFocus');
	const moves = [labelFor(bindings, 'focusNext'), labelFor(bindings, 'focusPrevious')]
		.filter((key) => key !== '')
		.join('/');
	const there = [moves, labelFor(bindings, 'toggleAll')].filter((key) => key !== '').join(', ');
	const clauses = [
		...(expand === '' ? [] : [`${expand} expands the last panel`]),
		...(focus === '' ? [] : [`${focus} moves to the transcript${there === '' ? '' : ` (${there})`}`]),
	];
	const tools = '`read greeting.ts`, `ls` or `grep greet` run the tools here.';
	return clauses.length === 0 ? `Your turn: ${tools}` : `Your turn: ${clauses.join(', ')}, and ${tools}`;
}

/**
What /help says about the keys, from the bindings in use: the help screen lists them, with the
transcript focused (where the help key works; in the prompt it would type text).
*/
export function shellKeysHelp(bindings: KeyBindings): string {
	const help = labelFor(bindings, 'help');
	const focus = labelFor(bindings, 'switchFocus');
	const quit = 'ctrl+c twice or /quit quits.';
	if (help === '') {
		return `Keys: no key is bound to the help screen (the "help" command in the config file). ${quit}`;
	}

	const there =
		focus === ''
			? 'with the transcript focused'
			: `with the transcript focused (${focus} moves the keys there)`;
	return `Keys: ${help} ${there} lists every key of the shell. ${quit}`;
}
