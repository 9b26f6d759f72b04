/**
Several keys in one chunk. Ink parses a chunk without escape sequences as one input: a paste, but
also keys pressed faster than the app reads them (enter then ctrl+o, a held backspace, `jjj` from a
fast typist or tmux send-keys). Where printable keys are commands (the read and replay views, the
shell's transcript), every character of such a chunk is a key. Where they type text (a prompt), a
chunk that holds control characters other than line breaks and tabs is not a paste (pasted text has
none), nor is one holding a tab but no line break before its end (a tab typed with other keys), so
it is split into one key per character; any other chunk is typed or pasted text and stays whole.
Each key is described as Ink describes a single key. Shared by the views and the shell.
*/
import type {Key} from 'ink';

/** Controls that never occur in pasted text. */
const keyControls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
A line break before the last character: several lines at once, which typing never sends (a typed
line arrives at most with its own final enter), so the chunk is a paste.
*/
const innerLineBreak = /[\r\n](?!$)/;

/**
True when the character is a key in this chunk: a control no paste holds, or a tab outside a paste.
Where bracketed paste is off (the read and replay views), a paste is told from keys by its lines: a
tab typed with other keys (`x⇥G`, tmux send-keys Tab G) is the focus key, never spaces.
*/
function isKeyIn(paste: boolean): (character: string) => boolean {
	return (character) => keyControls.test(character) || (!paste && character === '\t');
}

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

/** Any control character: where pastes come bracketed, each one in a chunk is a key. */
const anyControl = /[\u0000-\u001F\u007F]/;

/** How a chunk of several characters where text is typed is told from a paste. */
export type PasteMarking =
	/** Pastes come unmarked (bracketed paste is off): a chunk of lines is guessed to be a paste. */
	| 'guessed'
	/**
	Pastes come bracketed and are taken out before Ink (ui/paste-stdin.ts): any chunk left is keys, so
	each control character in it (enter, tab, ctrl+j) is a key and the text between them is typed.
	*/
	| 'bracketed';

/**
The keys of one useInput call, in order, for a view whose printable keys are commands until a text
prompt opens part-way (`/needle` then enter, in one chunk). `typing()` is asked before each key:
while it is false each character is a key; once it is true, the rest of the chunk is typed or pasted
text in one piece, unless it holds keys (control characters, or a tab outside a paste), in which case the next character is a key
and `typing()` is asked again. With `bracketed` marking, text typed runs up to the next control
character, which is a key (`read a.ts⏎read b.ts⏎` typed while lector starts is two lines, each sent).
Lazy, so `typing()` sees what the keys before it did.
*/
export function* chunkKeys(
	input: string,
	key: Key,
	typing: () => boolean,
	marking: PasteMarking = 'guessed',
): Generator<readonly [string, Key], void, undefined> {
	const characters = [...input];
	if (characters.length <= 1) {
		yield [input, key];
		return;
	}

	if (marking === 'bracketed') {
		yield* keysBetweenControls(characters, key, typing);
		return;
	}

	// Past this index the rest of the chunk holds no key controls (found once: a paste may be long).
	const lastControl = characters.findLastIndex(isKeyIn(innerLineBreak.test(input)));
	for (const [at, character] of characters.entries()) {
		if (typing() && at > lastControl && at < characters.length - 1) {
			yield [characters.slice(at).join(''), at === 0 ? key : noKey];
			return;
		}

		yield single(character);
	}
}

/** A chunk with no paste in it: each control character a key, each run of text between them typed. */
function* keysBetweenControls(
	characters: readonly string[],
	key: Key,
	typing: () => boolean,
): Generator<readonly [string, Key], void, undefined> {
	let at = 0;
	while (at < characters.length) {
		const character = characters[at] ?? '';
		if (anyControl.test(character) || !typing()) {
			yield single(character);
			at++;
			continue;
		}

		let end = at + 1;
		while (end < characters.length && !anyControl.test(characters[end] ?? '')) {
			end++;
		}

		yield [characters.slice(at, end).join(''), at === 0 && end === characters.length ? key : noKey];
		at = end;
	}
}

/**
The keys in one useInput call where text is typed (the shell's prompt): itself, or one per character
when it is several keys at once.
*/
export function splitKeys(input: string, key: Key): ReadonlyArray<readonly [string, Key]> {
	return [...chunkKeys(input, key, () => true)];
}
