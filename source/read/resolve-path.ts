import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

type Respelling = (path: string) => string;

const narrowNoBreakSpace = '\u202F';
const curlyApostrophe = '\u2019';

// macOS writes a NARROW NO-BREAK SPACE before AM/PM in screenshot and recording names; models type a plain one.
const plainSpaceBeforeMeridiem = / (?=[AP]M\b)/g;
const narrowSpaceBeforeMeridiem = /\u202F(?=[AP]M\b)/g;

/**
Ways one path may be misspelt, grouped so that a family's respellings are alternatives to each other
(a path is never both NFC and NFD). The families touch disjoint characters, so they commute.
*/
const respellingFamilies: readonly (readonly Respelling[])[] = [
	[
		(candidate) => candidate.replace(plainSpaceBeforeMeridiem, narrowNoBreakSpace),
		(candidate) => candidate.replace(narrowSpaceBeforeMeridiem, ' '),
	],
	[(candidate) => candidate.normalize('NFC'), (candidate) => candidate.normalize('NFD')],
	[
		(candidate) => candidate.replaceAll("'", curlyApostrophe),
		(candidate) => candidate.replaceAll(curlyApostrophe, "'"),
	],
];

/**
Every other spelling of `original` the families produce, fewest changes first. Empty for a plain ASCII
path without AM/PM or apostrophes, so the common miss costs no extra system call.
*/
function respellings(original: string): string[] {
	let spellings = [{text: original, changes: 0}];
	for (const family of respellingFamilies) {
		const next = [...spellings];
		for (const spelling of spellings) {
			for (const respell of family) {
				const text = respell(spelling.text);
				if (text !== spelling.text) {
					next.push({text, changes: spelling.changes + 1});
				}
			}
		}

		spellings = next;
	}

	const seen = new Set([original]);
	const result: string[] = [];
	for (const {text} of spellings.sort((a, b) => a.changes - b.changes)) {
		if (!seen.has(text)) {
			seen.add(text);
			result.push(text);
		}
	}

	return result;
}

/**
Whether something (even a dangling symlink or a FIFO) sits at `candidate`. Only `lstat`: opening a FIFO
would block. Errors other than "no such entry" (permissions, name too long, a NUL byte) count as present,
because no respelling can fix them and the caller reports them better than a guess would.
*/
async function isMissing(candidate: string): Promise<boolean> {
	try {
		await fs.lstat(candidate);
		return false;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		return code === 'ENOENT' || code === 'ENOTDIR';
	}
}

/** The path as written, made absolute: one leading `@` dropped, `~` expanded, relative to `cwd`, normalised. */
function absoluteSpelling(input: string, cwd: string, home: string): string {
	// Models copy the `@file` mention syntax of chat interfaces into tool calls.
	const withoutMention = input.startsWith('@') ? input.slice(1) : input;
	if (withoutMention === '~') {
		return path.resolve(home);
	}

	if (withoutMention.startsWith('~/') || withoutMention.startsWith(`~${path.sep}`)) {
		return path.resolve(home, withoutMention.slice(2));
	}

	return path.resolve(cwd, withoutMention);
}

/**
Turns the path a model wrote into an absolute, normalised path.

Strips one leading `@`, expands `~` and `~/…` with `home`, and resolves relative paths against `cwd`
(an empty path gives `cwd`). When nothing exists at that path, tries the spellings that macOS and models
get wrong (a plain space vs U+202F before AM/PM, NFC vs NFD, `'` vs U+2019, and their combinations) and
returns the first that exists; otherwise the plain absolute path. Only ever calls `lstat`, never opens a
file, and never rejects.
*/
export async function resolvePath(input: string, cwd: string, home = os.homedir()): Promise<string> {
	let absolute: string;
	try {
		absolute = absoluteSpelling(input, cwd, home);
	} catch {
		// Only reachable with non-string input from an untyped caller; cwd is the least surprising answer.
		return cwd;
	}

	if (!(await isMissing(absolute))) {
		return absolute;
	}

	for (const candidate of respellings(absolute)) {
		// Sequential on purpose: the first existing spelling in order wins, and most misses have none to try.
		if (!(await isMissing(candidate))) {
			return candidate;
		}
	}

	return absolute;
}
