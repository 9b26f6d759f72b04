import {wholeNumberOf} from '../read/params.js';
import type {ToolName} from './tools.js';

/** A tool call typed by the person in the no-model mode. */
export type DirectCommand = {readonly tool: ToolName; readonly args: Readonly<Record<string, unknown>>};

/** How each direct command is typed: the one list the usage lines, the errors and the banner name. */
export const directCommandUsage: Readonly<Record<ToolName, string>> = {
	read: 'read <path> [offset] [limit]',
	ls: 'ls [path]',
	find: 'find <glob> [path]',
	grep: 'grep <pattern> [path]',
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

function tooMany(words: readonly string[], max: number, usage: string): Error | undefined {
	return words.length > max ? new Error(`Too many words; usage: ${usage}`) : undefined;
}

/**
Parses a direct command: `read <path> [offset] [limit]`, `ls [path]`, `find <glob> [path]`,
`grep <pattern> [path]`. Undefined when the first word is not a tool name; an Error with the usage
when it is but the rest is wrong.
*/
export function parseDirectCommand(input: string): DirectCommand | Error | undefined {
	const words = splitWords(input);
	if (words instanceof Error) {
		return words;
	}

	const [name, first, second, third] = words;
	switch (name) {
		case 'read': {
			const usage = directCommandUsage.read;
			const offset = count(second, 'offset');
			const limit = count(third, 'limit');
			if (first === undefined) {
				return new Error(`read needs a path; usage: ${usage}`);
			}

			if (offset instanceof Error || limit instanceof Error) {
				return offset instanceof Error ? offset : limit instanceof Error ? limit : undefined;
			}

			return (
				tooMany(words, 4, usage) ?? {
					tool: 'read',
					args: {
						path: first,
						...(offset === undefined ? {} : {offset}),
						...(limit === undefined ? {} : {limit}),
					},
				}
			);
		}

		case 'ls': {
			return tooMany(words, 2, 'ls [path]') ?? {tool: 'ls', args: first === undefined ? {} : {path: first}};
		}

		case 'find': {
			const usage = directCommandUsage.find;
			if (first === undefined) {
				return new Error(`find needs a glob; usage: ${usage}`);
			}

			return (
				tooMany(words, 3, usage) ?? {
					tool: 'find',
					args: second === undefined ? {pattern: first} : {pattern: first, path: second},
				}
			);
		}

		case 'grep': {
			const usage = directCommandUsage.grep;
			if (first === undefined) {
				return new Error(`grep needs a pattern; usage: ${usage}`);
			}

			return (
				tooMany(words, 3, usage) ?? {
					tool: 'grep',
					args: second === undefined ? {pattern: first} : {pattern: first, path: second},
				}
			);
		}

		default: {
			return undefined;
		}
	}
}
