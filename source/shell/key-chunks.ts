/**
Several keys in one chunk. Ink parses a chunk without escape sequences as one input: a paste, but
also keys pressed faster than the app reads them (enter then ctrl+o, a held backspace). A chunk that
holds control characters other than line breaks and tabs is not a paste (pasted text has none), so it
is split into one key per character, each described as Ink describes a single key.
*/
import type {Key} from 'ink';

/** Controls that never occur in pasted text. */
const keyControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
A Key with no flag set, as Ink reports a printable character. Exported so tests build their keys
from this one table (`{...noKey, ctrl: true}`) instead of copies of it.
*/
export const noKey: Key = {
	upArrow: false,
	downArrow: false,
	leftArrow: false,
	rightArrow: false,
	pageDown: false,
	pageUp: false,
	home: false,
	end: false,
	return: false,
	escape: false,
	ctrl: false,
	shift: false,
	tab: false,
	backspace: false,
	delete: false,
	meta: false,
	super: false,
	hyper: false,
	capsLock: false,
	numLock: false,
};

/** One character as Ink's useInput reports it when it arrives alone. */
function single(character: string): readonly [string, Key] {
	switch (character) {
		case '\r': {
			return ['', {...noKey, return: true}];
		}

		case '\t': {
			return ['', {...noKey, tab: true}];
		}

		case '\b': {
			return ['', {...noKey, backspace: true}];
		}

		case '\u007F': {
			return ['', {...noKey, delete: true}];
		}

		case '\n': {
			return ['\n', noKey];
		}

		default: {
			const code = character.codePointAt(0) ?? 0;
			return code >= 1 && code <= 26
				? [String.fromCodePoint(code + 96), {...noKey, ctrl: true}]
				: [character, {...noKey, shift: /^[A-Z]$/.test(character)}];
		}
	}
}

/** The keys in one useInput call: itself, or one per character when it is several keys at once. */
export function splitKeys(input: string, key: Key): ReadonlyArray<readonly [string, Key]> {
	if ([...input].length <= 1 || !keyControls.test(input)) {
		return [[input, key]];
	}

	return [...input].map((character) => single(character));
}
