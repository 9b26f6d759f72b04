/**
Which command each flag belongs to. meow parses every flag for every command (one flag table), so a
flag typed for the wrong command (`lector read x --follow`) would otherwise be taken and ignored;
here it is a usage error naming the command it belongs to. Booleans have defaults in meow's result,
so what was typed is read from argv itself.
*/
import {UsageError} from './usage-error.js';

/** meow's flag table, for every command; `flagCommands` says which command takes each. */
export const meowFlags = {
	offset: {type: 'string'},
	limit: {type: 'string'},
	tail: {type: 'string'},
	outline: {type: 'boolean', default: false},
	pages: {type: 'string'},
	cells: {type: 'string'},
	cwd: {type: 'string'},
	json: {type: 'boolean', default: false},
	modelView: {type: 'boolean', default: false},
	print: {type: 'boolean', default: false},
	expanded: {type: 'boolean', default: false},
	confine: {type: 'boolean', default: false},
	lineNumbers: {type: 'boolean', default: true},
	maxLines: {type: 'string'},
	maxBytes: {type: 'string'},
	// lector replay
	follow: {type: 'boolean', default: false},
	verbose: {type: 'boolean', default: false},
	// lector (the agent shell)
	provider: {type: 'string'},
	model: {type: 'string'},
	baseUrl: {type: 'string'},
	maxOutputTokens: {type: 'string'},
	continue: {type: 'boolean', default: false},
	demo: {type: 'string'},
	allowOutside: {type: 'boolean', default: false},
} as const;

/** The commands, `shell` being `lector` with no command. */
export type CommandName = 'read' | 'replay' | 'shell';

/** The commands that take each flag (meow's camelCase names); the type keeps it in step with meowFlags. */
export const flagCommands: Readonly<Record<keyof typeof meowFlags, readonly CommandName[]>> = {
	offset: ['read'],
	limit: ['read'],
	tail: ['read'],
	outline: ['read'],
	pages: ['read'],
	cells: ['read'],
	cwd: ['read', 'shell'],
	json: ['read', 'replay'],
	modelView: ['read'],
	print: ['read', 'replay'],
	expanded: ['read', 'replay'],
	confine: ['read'],
	lineNumbers: ['read'],
	maxLines: ['read', 'shell'],
	maxBytes: ['read', 'shell'],
	follow: ['replay'],
	verbose: ['replay'],
	provider: ['shell'],
	model: ['shell'],
	baseUrl: ['shell'],
	maxOutputTokens: ['shell'],
	continue: ['shell'],
	demo: ['shell'],
	allowOutside: ['shell'],
};

/** The same table, looked up by any name. */
const ownersByName: Readonly<Partial<Record<string, readonly CommandName[]>>> = flagCommands;

const commandTitles: Record<CommandName, string> = {
	read: 'lector read',
	replay: 'lector replay',
	shell: 'lector (the shell)',
};

/** One flag as typed: `--no-line-numbers` is `lineNumbers`. */
export type TypedFlag = {readonly name: string; readonly typed: string};

const camelCase = (kebab: string) =>
	kebab.replaceAll(/-([a-z])/g, (_match, letter: string) => letter.toUpperCase());

/**
The known long flags in `argv` (the arguments after the command name), in order, up to `--`. The
value after a string flag is skipped, so `--model --json` style values are not taken for flags.
*/
export function typedFlags(
	argv: readonly string[],
	types: Readonly<Record<string, {readonly type: string}>>,
): TypedFlag[] {
	const found: TypedFlag[] = [];
	for (let index = 0; index < argv.length; index++) {
		const token = argv[index] ?? '';
		if (token === '--') {
			break;
		}

		if (!token.startsWith('--')) {
			continue;
		}

		const [written = '', value] = token.slice(2).split('=', 2);
		const direct = camelCase(written);
		const name =
			types[direct] === undefined && written.startsWith('no-') ? camelCase(written.slice(3)) : direct;
		const type = types[name]?.type;
		if (type === undefined) {
			continue;
		}

		found.push({name, typed: `--${written}`});
		if (type === 'string' && value === undefined && !(argv[index + 1] ?? '--').startsWith('--')) {
			index++;
		}
	}

	return found;
}

function listed(names: readonly string[]): string {
	return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
Throws a UsageError when a typed flag belongs to another command than `command`, or when two that
cannot go together were both given.
*/
export function checkCommandFlags(command: CommandName, flags: readonly TypedFlag[]): void {
	for (const flag of flags) {
		const owners = ownersByName[flag.name] ?? [];
		if (!owners.includes(command)) {
			const where = listed(owners.map((owner) => commandTitles[owner]));
			throw new UsageError(
				`${flag.typed} is a flag of ${where}, not of ${commandTitles[command]}. Run lector --help for the flags.`,
			);
		}
	}

	const given = new Set(flags.map((flag) => flag.name));
	if (given.has('json') && given.has('modelView')) {
		throw new UsageError(
			'--json and --model-view conflict: --json prints the engine result as JSON, --model-view the text the model gets. Give one.',
		);
	}
}
