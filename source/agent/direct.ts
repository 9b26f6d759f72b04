import {wholeNumberOf} from '../read/params.js';
import type {ToolName} from './tools.js';

/** A tool call typed by the person in the no-model mode. */
export type DirectCommand = {readonly tool: ToolName; readonly args: Readonly<Record<string, unknown>>};

/** How each direct command is typed: the one list the usage lines, the errors and the banner name. */
export const directCommandUsage: Readonly<Record<ToolName, string>> = {
	read: 'read <path> [offset] [limit] [--tail N] [--pages LIST] [--cells LIST] [--outline]',
	ls: 'ls [path]',
	find: 'find <glob> [path] [-u]',
	grep: 'grep [-i] [-F] [-g GLOB] [-u] <pattern> [path]',
};

export const directUsage = Object.values(directCommandUsage).join(' · ');

/** Splits on spaces, keeping "double" or 'single' quoted parts together (quotes removed), so paths may hold spaces. */
export function splitWords(input: string): string[] | Error {
	const words: string[] = [];
	let current = '';
	let quote: string | undefined;
	let inWord = false;
	for (const character of input.trim()) {
		if (quote) {
			if (character === quote) {
				quote = undefined;
			} else {
				current += character;
			}
		} else if (character === '"' || character === "'") {
			quote = character;
			inWord = true;
		} else if (/\s/.test(character)) {
			if (inWord) {
				words.push(current);
				current = '';
				inWord = false;
			}
		} else {
			current += character;
			inWord = true;
		}
	}

	if (quote) {
		return new Error(`The quote ${quote} is not closed.`);
	}

	if (inWord) {
		words.push(current);
	}

	return words;
}

function count(word: string | undefined, name: string): number | undefined | Error {
	if (word === undefined) {
		return undefined;
	}

	const number = wholeNumberOf(word);
	return number !== undefined && number >= 1
		? number
		: new Error(`${name} must be a whole number of at least 1, got "${word}".`);
}

/** One typed flag: the tool argument it sets, and whether it takes a value (`--tail 20`) or is a switch (`-i`). */
type FlagSpec = {readonly argument: string; readonly takes: 'number' | 'text' | 'switch'};

/** Each command's flags, by every spelling a person types; the usage lines below name them all. */
const commandFlags: Readonly<Record<ToolName, Readonly<Record<string, FlagSpec>>>> = {
	read: {
		'--offset': {argument: 'offset', takes: 'number'},
		'--limit': {argument: 'limit', takes: 'number'},
		'--tail': {argument: 'tail', takes: 'number'},
		'--pages': {argument: 'pages', takes: 'text'},
		'--cells': {argument: 'cells', takes: 'text'},
		'--outline': {argument: 'outline', takes: 'switch'},
	},
	ls: {},
	find: {
		'--include-ignored': {argument: 'include_ignored', takes: 'switch'},
		'-u': {argument: 'include_ignored', takes: 'switch'},
	},
	grep: {
		'-i': {argument: 'ignore_case', takes: 'switch'},
		'--ignore-case': {argument: 'ignore_case', takes: 'switch'},
		'-F': {argument: 'literal', takes: 'switch'},
		'--fixed-strings': {argument: 'literal', takes: 'switch'},
		'-g': {argument: 'glob', takes: 'text'},
		'--glob': {argument: 'glob', takes: 'text'},
		'--include-ignored': {argument: 'include_ignored', takes: 'switch'},
		'-u': {argument: 'include_ignored', takes: 'switch'},
	},
};

/** The words that are not flags, and the arguments the flags set; `--` ends the flags (`grep -- -x`). */
function splitFlags(
	tool: ToolName,
	words: readonly string[],
	usage: string,
): {positional: string[]; flags: Record<string, unknown>} | Error {
	const specs = commandFlags[tool];
	const positional: string[] = [];
	const flags: Record<string, unknown> = {};
	let flagsEnded = false;
	for (let index = 0; index < words.length; index++) {
		const word = words[index] ?? '';
		if (flagsEnded || !word.startsWith('-') || word === '-' || /^-\d/.test(word)) {
			positional.push(word);
			continue;
		}

		if (word === '--') {
			flagsEnded = true;
			continue;
		}

		const [name = word, inline] = word.startsWith('--') && word.includes('=') ? word.split(/=(.*)/s) : [word];
		const spec = specs[name];
		if (!spec) {
			return new Error(`${tool} has no flag ${name}; usage: ${usage}`);
		}

		if (spec.takes === 'switch') {
			flags[spec.argument] = true;
			continue;
		}

		const value = inline ?? words[++index];
		if (value === undefined) {
			return new Error(`${name} needs a value; usage: ${usage}`);
		}

		const parsed = spec.takes === 'number' ? count(value, name.replace(/^-+/, '')) : value;
		if (parsed instanceof Error) {
			return parsed;
		}

		flags[spec.argument] = parsed;
	}

	return {positional, flags};
}

function tooMany(words: readonly string[], max: number, usage: string): Error | undefined {
	return words.length > max ? new Error(`Too many words; usage: ${usage}`) : undefined;
}

/**
Parses a direct command (the usage lines above): undefined when the first word is not a tool name; an
Error with the usage when it is but the rest is wrong. Flags go anywhere after the name.
*/
export function parseDirectCommand(input: string): DirectCommand | Error | undefined {
	const words = splitWords(input);
	if (words instanceof Error) {
		return words;
	}

	const [name, ...rest] = words;
	if (name !== 'read' && name !== 'ls' && name !== 'find' && name !== 'grep') {
		return undefined;
	}

	const usage = directCommandUsage[name];
	const split = splitFlags(name, rest, usage);
	if (split instanceof Error) {
		return split;
	}

	const {positional, flags} = split;
	const [first, second, third] = positional;
	switch (name) {
		case 'read': {
			const offset = count(second, 'offset');
			const limit = count(third, 'limit');
			if (first === undefined) {
				return new Error(`read needs a path; usage: ${usage}`);
			}

			if (offset instanceof Error || limit instanceof Error) {
				return offset instanceof Error ? offset : limit instanceof Error ? limit : undefined;
			}

			return (
				tooMany(positional, 3, usage) ?? {
					tool: 'read',
					args: {
						path: first,
						...(offset === undefined ? {} : {offset}),
						...(limit === undefined ? {} : {limit}),
						...flags,
					},
				}
			);
		}

		case 'ls': {
			return tooMany(positional, 1, usage) ?? {tool: 'ls', args: first === undefined ? {} : {path: first}};
		}

		case 'find':
		case 'grep': {
			if (first === undefined) {
				return new Error(`${name} needs a ${name === 'find' ? 'glob' : 'pattern'}; usage: ${usage}`);
			}

			return (
				tooMany(positional, 2, usage) ?? {
					tool: name,
					args: {pattern: first, ...(second === undefined ? {} : {path: second}), ...flags},
				}
			);
		}
	}
}
