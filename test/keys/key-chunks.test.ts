/**
Several keys in one stdin chunk: where printable keys are commands each character is a key; where
text is typed a paste stays whole; a prompt opened part-way takes the rest of the chunk as text.
*/
import type {Key} from 'ink';
import {expect, test} from 'vitest';
import {chunkKeys, noKey, splitKeys} from '../../source/keys/key-chunks.js';
import {keyNameFromInk} from '../../source/keys/key-names.js';

const names = (keys: Iterable<readonly [string, Key]>) =>
	[...keys].map(([text, key]) => keyNameFromInk(text, key) ?? `text:${JSON.stringify(text)}`);
const never = () => false;

test('where text is typed, a chunk of several keys (enter then ctrl+o, a held backspace) is split; a paste is not', () => {
	expect(names(splitKeys('\r\u000F', noKey))).toEqual(['enter', 'ctrl+o']);
	expect(names(splitKeys('\u007F\u007F', noKey))).toEqual(['delete', 'delete']);
	expect(splitKeys('one\rtwo\tthree', noKey)).toEqual([['one\rtwo\tthree', noKey]]);
});

test.each([
	['jjj', ['j', 'j', 'j']],
	['Ggg', ['G', 'g', 'g']],
	['j k', ['j', 'space', 'k']],
	['o\r\u000Fe', ['o', 'enter', 'ctrl+o', 'e']],
	['\u0006\u0002', ['ctrl+f', 'ctrl+b']],
])('where keys are commands, %j is the keys %j', (input, expected) => {
	expect(names(chunkKeys(input, noKey, never))).toEqual(expected);
});

test('a single key is passed on as Ink described it', () => {
	const up = {...noKey, upArrow: true};
	expect([...chunkKeys('', up, never)]).toEqual([['', up]]);
	expect([...chunkKeys('G', {...noKey, shift: true}, never)]).toEqual([['G', {...noKey, shift: true}]]);
});

/** The keys of a chunk as a view with a search prompt sees them: `/` opens the prompt, enter closes it. */
function throughPrompt(input: string): string[] {
	let open = false;
	const seen: string[] = [];
	for (const [text, key] of chunkKeys(input, noKey, () => open)) {
		const name = keyNameFromInk(text, key);
		seen.push(name ?? `text:${JSON.stringify(text)}`);
		open = open ? name !== 'enter' : name === '/';
	}

	return seen;
}

test.each([
	// The prompt takes the rest as text: typed, or pasted with its enter (the prompt then searches).
	['j/needle', ['j', '/', 'text:"needle"']],
	['/needle\r', ['/', 'text:"needle\\r"']],
	// A line break inside the rest is pasted text, as in any paste (the one-line prompt drops it).
	['/ab\rn', ['/', 'text:"ab\\rn"']],
	// With a control key in the rest, each key goes alone and `typing` is asked again: what follows
	// the enter that closed the prompt is a command.
	['/ab\r\u000F', ['/', 'a', 'b', 'enter', 'ctrl+o']],
])('a prompt opened part-way: %j is %j', (input, expected) => {
	expect(throughPrompt(input)).toEqual(expected);
});

test('a long paste into an open prompt stays one input', () => {
	const paste = 'x'.repeat(100_000);
	expect([...chunkKeys(paste, noKey, () => true)]).toEqual([[paste, noKey]]);
});

test.each([
	// A tab typed with other keys (tmux send-keys Tab G, a fast typist) is the tab key, not spaces.
	['\tG', ['tab', 'G']],
	['x\tG', ['x', 'tab', 'G']],
	['ab\t', ['a', 'b', 'tab']],
	// A paste (several lines) keeps its tabs as text, and so its lines whole.
	['one\n\ttwo\nthree', ['text:"one\\n\\ttwo\\nthree"']],
	['a\tb\rc', ['text:"a\\tb\\rc"']],
])('where text is typed, %j is %j', (input, expected) => {
	expect(names(splitKeys(input, noKey))).toEqual(expected);
});

test.each([
	// Typed while lector starts and read in one chunk: two lines, each with its enter.
	['read a.ts\rread b.ts\r', ['text:"read a.ts"', 'enter', 'text:"read b.ts"', 'enter']],
	['one\ntwo', ['text:"one"', 'ctrl+j', 'text:"two"']],
	['x\tG', ['x', 'tab', 'G']],
	['hello', ['text:"hello"']],
])('where pastes come bracketed, a chunk is keys: %j is %j', (input, expected) => {
	expect(names(chunkKeys(input, noKey, () => true, 'bracketed'))).toEqual(expected);
});
