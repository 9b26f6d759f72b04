/**
Shell commands that only read one file, recognised so a Codex session's reads show as read panels.
Codex has no read tool: its model runs `cat`, `sed -n 'A,Bp'`, `head`, `tail` or `nl -ba` through
the shell, often wrapped in `bash -lc "..."`. Only plain forms are recognised: one file, literal
arguments, at most one pipe into a line selector. Anything with variables, globs, redirections or
command lists stays a shell call, because what it read cannot be known from the command alone.
*/
import type {Selection} from '../../read/types.js';

/** How the output's line numbers relate to the file: none, the file's own, or restarted at 1 by a later `nl`. */
export type LineNumbering = 'none' | 'file' | 'output';

/** A recognised read: the file, the lines asked for, and whether the output is numbered. */
export type ShellRead = {
	readonly path: string;
	readonly selection: Selection;
	readonly numbering: LineNumbering;
};

const shells = new Set(['bash', 'sh', 'zsh', 'dash']);
const scriptFlags = new Set(['-c', '-lc', '-cl', '-ilc', '-lic']);

/**
Split a command into words like a POSIX shell, with `|` as its own word. Returns undefined for
anything that would need the shell to run or expand it.
*/
export function splitShellWords(command: string): string[] | undefined {
	const words: string[] = [];
	let word = '';
	let inWord = false;
	for (let index = 0; index < command.length; index++) {
		const char = command[index] ?? '';
		if (char === "'") {
			const end = command.indexOf("'", index + 1);
			if (end === -1) {
				return undefined;
			}

			word += command.slice(index + 1, end);
			inWord = true;
			index = end;
		} else if (char === '"') {
			let end = index + 1;
			for (; end < command.length && command[end] !== '"'; end++) {
				const inner = command[end] ?? '';
				if (inner === '$' || inner === '`') {
					return undefined;
				}

				if (inner === '\\' && end + 1 < command.length && '"\\$`'.includes(command[end + 1] ?? '')) {
					end++;
				}

				word += command[end] ?? '';
			}

			if (end >= command.length) {
				return undefined;
			}

			inWord = true;
			index = end;
		} else if (char === '\\') {
			word += command[index + 1] ?? '';
			inWord = true;
			index++;
		} else if (char === ' ' || char === '\t') {
			if (inWord) {
				words.push(word);
			}

			word = '';
			inWord = false;
		} else if (char === '|') {
			if (command[index + 1] === '|') {
				return undefined;
			}

			if (inWord) {
				words.push(word);
			}

			words.push('|');
			word = '';
			inWord = false;
		} else if (';&<>()$`*?[{}\n\r'.includes(char)) {
			return undefined;
		} else {
			word += char;
			inWord = true;
		}
	}

	if (inWord) {
		words.push(word);
	}

	return words;
}

/** The script inside `bash -lc "..."` (recursively), or the words themselves. */
export function unwrapShell(words: readonly string[]): string[] | undefined {
	const [program, flag, script, ...rest] = words;
	if (
		program !== undefined &&
		shells.has(program.replace(/^.*\//, '')) &&
		flag !== undefined &&
		scriptFlags.has(flag)
	) {
		if (script === undefined || rest.length > 0) {
			return undefined;
		}

		const inner = splitShellWords(script);
		return inner === undefined ? undefined : unwrapShell(inner);
	}

	return [...words];
}

const count = (text: string | undefined): number | undefined =>
	text !== undefined && /^\d+$/.test(text) ? Number(text) : undefined;

/** `-n 20`, `-n20`, `-20`, `--lines=20`, `-n +5` (from line 5). */
function lineCountOption(
	args: readonly string[],
): {value: number | undefined; from: boolean; rest: string[]} | undefined {
	const rest: string[] = [];
	let value: number | undefined;
	let from = false;
	for (let index = 0; index < args.length; index++) {
		const arg = args[index] ?? '';
		const take = (text: string | undefined): boolean => {
			from = text?.startsWith('+') ?? false;
			value = count(from ? text?.slice(1) : text);
			return value !== undefined;
		};

		if (arg === '-n' || arg === '--lines') {
			index++;
			if (!take(args[index])) {
				return undefined;
			}
		} else if (arg.startsWith('--lines=')) {
			if (!take(arg.slice('--lines='.length))) {
				return undefined;
			}
		} else if (/^-n[+\d]/.test(arg)) {
			if (!take(arg.slice(2))) {
				return undefined;
			}
		} else if (/^-\d+$/.test(arg)) {
			value = Number(arg.slice(1));
		} else if (arg.startsWith('-') && arg !== '-') {
			return undefined;
		} else {
			rest.push(arg);
		}
	}

	return {value, from, rest};
}

type Selector = {selection: Selection} | {numbers: true};

/** A command reading its input (no file) that selects lines: the second half of a pipe. */
function selector(words: readonly string[]): Selector | undefined {
	const [program, ...args] = words;
	if (program === 'nl' && args.every((arg) => arg === '-ba' || arg === '-b' || arg === 'a')) {
		return {numbers: true};
	}

	if (program === 'cat' && args.length === 1 && args[0] === '-n') {
		return {numbers: true};
	}

	const read = fileRead(words, true);
	return read === undefined ? undefined : {selection: read.selection};
}

function sedRange(script: string | undefined): Selection | undefined {
	const match = /^(\d+)(?:,(\d+))?p$/.exec(script ?? '');
	if (match === null) {
		return undefined;
	}

	const first = Number(match[1]);
	const last = match[2] === undefined ? first : Number(match[2]);
	return first >= 1 && last >= first ? {mode: 'range', offset: first, limit: last - first + 1} : undefined;
}

/** One command that reads one file (or, with `fromInput`, its input) and prints lines of it. */
function fileRead(words: readonly string[], fromInput = false): ShellRead | undefined {
	const [program, ...args] = words;
	const files = fromInput ? 0 : 1;
	switch (program) {
		case 'cat':
		case 'nl': {
			const flags = args.filter((arg) => arg.startsWith('-') && arg !== '-');
			const rest = args.filter((arg) => !flags.includes(arg) && arg !== 'a');
			const numbered = program === 'nl' || flags.includes('-n');
			const allowed = program === 'nl' ? ['-ba', '-b'] : ['-n'];
			if (fromInput || rest.length !== 1 || !flags.every((flag) => allowed.includes(flag))) {
				return undefined;
			}

			return {
				path: rest[0] ?? '',
				selection: {mode: 'range', offset: 1, limit: undefined},
				numbering: numbered ? 'file' : 'none',
			};
		}

		case 'sed': {
			const rest = args.filter((arg) => arg !== '-n' && arg !== '--quiet' && arg !== '-e');
			if (!args.includes('-n') && !args.includes('--quiet')) {
				return undefined;
			}

			const selection = sedRange(rest[0]);
			return selection === undefined || rest.length !== 1 + files
				? undefined
				: {path: rest[1] ?? '', selection, numbering: 'none'};
		}

		case 'head':
		case 'tail': {
			const option = lineCountOption(args);
			if (option === undefined || option.rest.length !== files) {
				return undefined;
			}

			const lines = option.value ?? 10;
			const selection: Selection =
				program === 'head'
					? {mode: 'range', offset: 1, limit: lines}
					: option.from
						? {mode: 'range', offset: Math.max(1, lines), limit: undefined}
						: {mode: 'tail', count: lines};
			return {path: option.rest[0] ?? '', selection, numbering: 'none'};
		}

		default: {
			return undefined;
		}
	}
}

/** Combine a file read and a selector on its output: `nl -ba f | sed -n '5,9p'`, `sed -n '5,9p' f | nl -ba`. */
function piped(first: ShellRead, second: Selector): ShellRead | undefined {
	if ('numbers' in second) {
		return first.numbering === 'none' ? {...first, numbering: 'output'} : undefined;
	}

	if (
		first.selection.mode !== 'range' ||
		first.selection.offset !== 1 ||
		first.selection.limit !== undefined
	) {
		return undefined;
	}

	return {...first, selection: second.selection};
}

/** The read a shell command performs, or undefined when it is not a plain one-file read. */
export function parseShellRead(command: string | readonly string[]): ShellRead | undefined {
	const words = typeof command === 'string' ? splitShellWords(command) : unwrapShell(command);
	const inner = words === undefined ? undefined : unwrapShell(words);
	if (inner === undefined || inner.length === 0) {
		return undefined;
	}

	const pipe = inner.indexOf('|');
	if (pipe === -1) {
		const read = fileRead(inner);
		return read === undefined || read.path === '' ? undefined : read;
	}

	if (inner.indexOf('|', pipe + 1) !== -1) {
		return undefined;
	}

	const first = fileRead(inner.slice(0, pipe));
	const second = selector(inner.slice(pipe + 1));
	return first === undefined || second === undefined || first.path === '' ? undefined : piped(first, second);
}
