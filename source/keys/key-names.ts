/**
Canonical key names (`ctrl+o`, `pageup`, `G`, `space`) for bindings, config files and hints, and
the translation from Ink's useInput arguments to such a name.
*/
import type {Key} from 'ink';

const namedKeys = new Set([
	'up',
	'down',
	'left',
	'right',
	'pageup',
	'pagedown',
	'home',
	'end',
	'enter',
	'escape',
	'tab',
	'backspace',
	'delete',
	'space',
]);

const aliases: Record<string, string> = {
	pgup: 'pageup',
	page_up: 'pageup',
	'page-up': 'pageup',
	pgdn: 'pagedown',
	pgdown: 'pagedown',
	page_down: 'pagedown',
	'page-down': 'pagedown',
	return: 'enter',
	esc: 'escape',
	' ': 'space',
	arrowup: 'up',
	arrowdown: 'down',
	arrowleft: 'left',
	arrowright: 'right',
};

const modifierAliases: Record<string, 'ctrl' | 'meta' | 'shift'> = {
	ctrl: 'ctrl',
	control: 'ctrl',
	c: 'ctrl',
	meta: 'meta',
	alt: 'meta',
	option: 'meta',
	m: 'meta',
	shift: 'shift',
	s: 'shift',
};

/**
Normalise a binding written by a person (`Ctrl+O`, `C-o`, `ctrl-x`, `PgDn`, `shift+g`, `G`) to the
canonical name, or undefined when it names no key lector can receive.
*/
export function normalizeKeyName(raw: string): string | undefined {
	const trimmed = raw.trim();
	if (trimmed === '') {
		return raw === ' ' ? 'space' : undefined;
	}

	const parts = trimmed.length === 1 ? [trimmed] : trimmed.split(/[+-](?=.)/);
	const base = parts.pop() ?? '';
	const modifiers = new Set<string>();
	for (const part of parts) {
		const modifier = modifierAliases[part.toLowerCase()];
		if (modifier === undefined) {
			return undefined;
		}

		modifiers.add(modifier);
	}

	let name: string;
	if (base.length === 1) {
		name = base;
	} else {
		const lower = base.toLowerCase();
		name = aliases[lower] ?? lower;
		if (!namedKeys.has(name)) {
			return undefined;
		}
	}

	if (name.length === 1) {
		if (modifiers.has('ctrl')) {
			// Terminals send Ctrl+letter as one control byte: case and shift are lost.
			return /^[a-z]$/i.test(name)
				? `${modifiers.has('meta') ? 'meta+' : ''}ctrl+${name.toLowerCase()}`
				: undefined;
		}

		if (modifiers.has('shift')) {
			name = name.toUpperCase();
		}

		return modifiers.has('meta') ? `meta+${name}` : name;
	}

	const prefix = ['ctrl', 'meta', 'shift'].filter((modifier) => modifiers.has(modifier)).join('+');
	return prefix === '' ? name : `${prefix}+${name}`;
}

function baseName(input: string, key: Key): string | undefined {
	const named: Array<[boolean, string]> = [
		[key.upArrow, 'up'],
		[key.downArrow, 'down'],
		[key.leftArrow, 'left'],
		[key.rightArrow, 'right'],
		[key.pageUp, 'pageup'],
		[key.pageDown, 'pagedown'],
		[key.home, 'home'],
		[key.end, 'end'],
		[key.return, 'enter'],
		[key.escape, 'escape'],
		[key.tab, 'tab'],
		[key.backspace, 'backspace'],
		[key.delete, 'delete'],
	];
	for (const [pressed, name] of named) {
		if (pressed) {
			return name;
		}
	}

	if (input === ' ') {
		return 'space';
	}

	return [...input].length === 1 ? input : undefined;
}

/** The canonical name of a key Ink reported to useInput, or undefined (pastes, unknown sequences). */
export function keyNameFromInk(input: string, key: Key): string | undefined {
	// Ctrl+J is a bare line feed, which Ink passes on as the text "\n" rather than as a control key.
	if (input === '\n' && !key.meta) {
		return 'ctrl+j';
	}

	const base = baseName(input, key);
	if (base === undefined) {
		return undefined;
	}

	if (base.length === 1) {
		if (key.ctrl) {
			return /^[a-z]$/i.test(base) ? `ctrl+${base.toLowerCase()}` : undefined;
		}

		return key.meta ? `meta+${base}` : base;
	}

	const modifiers = [
		key.ctrl ? 'ctrl' : '',
		key.meta && !key.escape ? 'meta' : '',
		key.shift ? 'shift' : '',
	].filter((modifier) => modifier !== '');
	return modifiers.length === 0 ? base : `${modifiers.join('+')}+${base}`;
}

/**
A canonical key name as people read it: `meta+enter` is shown as `alt+enter`, the name on the key
(terminals send Alt as the meta prefix, and config files accept both spellings).
*/
export function displayKeyName(name: string): string {
	return name.replaceAll('meta+', 'alt+');
}
