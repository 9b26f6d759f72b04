/** Key bindings: defaults from the command table, with user overrides applied. */
import {type Command, commands, commandTable, isCommand} from './commands.js';
import {normalizeKeyName} from './key-names.js';

/** Which command each key runs, and the keys of each command (first = the one hints name). */
export type KeyBindings = {
	readonly commandByKey: ReadonlyMap<string, Command>;
	readonly keysByCommand: Readonly<Record<Command, readonly string[]>>;
};

function build(keysByCommand: Record<Command, string[]>): KeyBindings {
	const commandByKey = new Map<string, Command>();
	for (const command of commands) {
		for (const key of keysByCommand[command]) {
			commandByKey.set(key, command);
		}
	}

	return {commandByKey, keysByCommand};
}

function defaultKeys(): Record<Command, string[]> {
	const keys: Partial<Record<Command, string[]>> = {};
	for (const command of commands) {
		keys[command] = commandTable[command].keys.map((key) => normalizeKeyName(key) ?? key);
	}

	return {
		toggleExpand: keys.toggleExpand ?? [],
		toggleAll: keys.toggleAll ?? [],
		focusPrevious: keys.focusPrevious ?? [],
		focusNext: keys.focusNext ?? [],
		pageUp: keys.pageUp ?? [],
		pageDown: keys.pageDown ?? [],
		top: keys.top ?? [],
		bottom: keys.bottom ?? [],
		help: keys.help ?? [],
		quit: keys.quit ?? [],
		toggleMouse: keys.toggleMouse ?? [],
		previousPrompt: keys.previousPrompt ?? [],
		nextPrompt: keys.nextPrompt ?? [],
		search: keys.search ?? [],
		searchNext: keys.searchNext ?? [],
		searchPrevious: keys.searchPrevious ?? [],
		newline: keys.newline ?? [],
		abort: keys.abort ?? [],
		switchFocus: keys.switchFocus ?? [],
	};
}

/** The default bindings. */
export const defaultBindings: KeyBindings = build(defaultKeys());

/**
Apply user overrides (`{"toggleExpand": ["ctrl+o", "ctrl+x"]}`): each listed command gets exactly
the listed keys, and a key taken by an override is removed from every other command. Problems are
reported as messages; the offending entry keeps its defaults.
*/
export function applyOverrides(overrides: unknown): {bindings: KeyBindings; warnings: string[]} {
	const warnings: string[] = [];
	if (overrides === undefined) {
		return {bindings: defaultBindings, warnings};
	}

	if (typeof overrides !== 'object' || overrides === null || Array.isArray(overrides)) {
		return {
			bindings: defaultBindings,
			warnings: ['"keys" must be an object such as {"toggleExpand": ["ctrl+o"]}'],
		};
	}

	const keys = defaultKeys();
	const claimed = new Map<string, Command>();
	for (const [name, value] of Object.entries(overrides)) {
		if (!isCommand(name)) {
			warnings.push(`unknown command "${name}" (known: ${commands.join(', ')})`);
			continue;
		}

		const list: unknown[] = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
		const normalized = list.map((entry) => (typeof entry === 'string' ? normalizeKeyName(entry) : undefined));
		const bad = list.filter((_, index) => normalized[index] === undefined);
		if (list.length === 0 || bad.length > 0) {
			warnings.push(
				`"${name}": ${list.length === 0 ? 'expected a key or a list of keys' : `unknown key ${bad.map((entry) => JSON.stringify(entry)).join(', ')}`}; keeping ${keys[name].join(', ')}`,
			);
			continue;
		}

		keys[name] = normalized.filter((key) => key !== undefined);
		for (const key of keys[name]) {
			const owner = claimed.get(key);
			if (owner !== undefined && owner !== name) {
				warnings.push(`"${key}" is bound to both ${owner} and ${name}; ${name} wins`);
			}

			claimed.set(key, name);
		}
	}

	for (const command of commands) {
		keys[command] = keys[command].filter((key) => (claimed.get(key) ?? command) === command);
	}

	for (const command of commands) {
		if (keys[command].length === 0) {
			warnings.push(`${command} has no key left`);
		}
	}

	return {bindings: build(keys), warnings};
}

/** The key a hint should name for a command (its first binding), or undefined when it has none. */
export function keyLabel(bindings: KeyBindings, command: Command): string | undefined {
	return bindings.keysByCommand[command][0];
}
