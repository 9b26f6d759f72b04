/** The shell's status line: what is happening, where the keys go, and the keys that work there. */
import type {KeyBindings} from '../keys/bindings.js';
import type {Command} from '../keys/commands.js';
import {seg} from '../panels/parts.js';
import type {Row} from '../panels/types.js';
import {cutLine} from '../text/styled.js';
import {padToWidth} from '../text/width.js';
import {labelFor} from '../ui/frame.js';
import type {ShellFocus} from './routing.js';

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
};

/** Columns a model name may take in the status line, so the key list keeps its room at 80 columns. */
export const modelColumns = 24;

function shortModel(model: string): string {
	const characters = [...model];
	return characters.length > modelColumns ? `${characters.slice(0, modelColumns - 1).join('')}…` : model;
}

function keyList(bindings: KeyBindings, parts: ReadonlyArray<readonly [Command | string, string]>): string {
	return parts
		.map(([command, label]) => {
			const key = isCommandName(bindings, command) ? labelFor(bindings, command) : command;
			return key === '' ? '' : `${key} ${label}`;
		})
		.filter((part) => part !== '')
		.join(' · ');
}

function isCommandName(bindings: KeyBindings, name: string): name is Command {
	return Object.hasOwn(bindings.keysByCommand, name);
}

/** The status row, exactly `width` columns (inverse video, like the transcript view's). */
export function shellStatusRow(bindings: KeyBindings, facts: StatusFacts, width: number): Row {
	const state = facts.running ? `working, ${labelFor(bindings, 'abort') || 'no key'} stops` : 'ready';
	const keys =
		facts.message ??
		(facts.focus === 'prompt'
			? keyList(bindings, [
					['enter', 'send'],
					['newline', 'new line'],
					['toggleExpand', 'expand'],
					['pageUp', 'scroll'],
					['switchFocus', 'transcript'],
					['ctrl+c ctrl+c', 'quit'],
				])
			: keyList(bindings, [
					['focusNext', 'next'],
					['focusPrevious', 'previous'],
					['toggleExpand', 'expand'],
					['toggleAll', 'all'],
					['help', 'help'],
					['switchFocus', 'prompt'],
				]));
	const focus = facts.focus === 'prompt' ? 'prompt' : 'transcript';
	const model = facts.model === undefined ? '' : ` · ${shortModel(facts.model)}`;
	const text = padToWidth(` ${facts.where}${model} · ${state} · ${focus}  ${keys}`, width);
	return cutLine([seg(text, 'status')], width);
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
