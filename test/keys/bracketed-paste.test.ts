/**
Bracketed pastes taken out of raw stdin chunks: one paste is one piece of text whatever it holds
(enter, ESC sequences) and wherever the chunks cut it, and the keys around it keep their order.
*/
import {expect, test} from 'vitest';
import {cleanPaste, createPasteParser, pasteEnd, pasteStart} from '../../source/keys/bracketed-paste.js';

/** All the chunks through one parser, then a flush: the keys passed on and the pastes. */
function parse(...chunks: string[]): {keys: string; pastes: string[]} {
	const parser = createPasteParser();
	let keys = '';
	const pastes: string[] = [];
	for (const chunk of chunks) {
		const split = parser.push(chunk);
		keys += split.keys;
		pastes.push(...split.pastes);
	}

	return {keys: keys + parser.flush(), pastes};
}

const raw = `ab${pasteStart}one\rtwo\r\n\u001B[31mred\u001B[0m\ttab\u0007${pasteEnd}\rcd`;

test('a paste is one token among the keys; its text keeps its lines and tabs, loses its controls', () => {
	expect(parse(raw)).toEqual({keys: `ab${pasteStart}\rcd`, pastes: ['one\ntwo\n[31mred[0m\ttab']});
});

test.each(Array.from({length: raw.length - 1}, (_, index) => index + 1))(
	'cut into two chunks at %i, the same keys and the same paste',
	(at) => {
		expect(parse(raw.slice(0, at), raw.slice(at))).toEqual(parse(raw));
	},
);

test('one character per chunk, the same keys and the same paste', () => {
	expect(parse(...raw)).toEqual(parse(raw));
});

test('an enter inside a paste is text, never a key; one after it is a key', () => {
	expect(parse(`${pasteStart}send\r${pasteEnd}\r`)).toEqual({keys: `${pasteStart}\r`, pastes: ['send\n']});
});

test('two pastes in one chunk, keys between them', () => {
	expect(parse(`${pasteStart}x${pasteEnd}\u000F${pasteStart}y${pasteEnd}`)).toEqual({
		keys: `${pasteStart}\u000F${pasteStart}`,
		pastes: ['x', 'y'],
	});
});

test('a lone ESC or ESC[ waits for the next chunk; with none, it is a key', () => {
	const parser = createPasteParser();
	expect(parser.push('q\u001B')).toEqual({keys: 'q', pastes: []});
	expect(parser.holding()).toBe(true);
	expect(parser.flush()).toBe('\u001B');
	expect(parser.push('\u001B[')).toEqual({keys: '', pastes: []});
	expect(parser.flush()).toBe('\u001B[');
});

test('a longer start of a marker is no key: it waits for the rest, flushed or not', () => {
	const parser = createPasteParser();
	expect(parser.push('\u001B[2')).toEqual({keys: '', pastes: []});
	expect(parser.holding()).toBe(false);
	expect(parser.flush()).toBe('');
	expect(parser.push('00~x')).toEqual({keys: '', pastes: []});
	expect(parser.push(pasteEnd)).toEqual({keys: pasteStart, pastes: ['x']});
	// Not a paste after all: another sequence goes on whole.
	expect(parser.push('\u001B[20')).toEqual({keys: '', pastes: []});
	expect(parser.push('~')).toEqual({keys: '\u001B[20~', pastes: []});
});

test('a paste not ended yet holds its text back, and keys typed meanwhile are part of it', () => {
	const parser = createPasteParser();
	expect(parser.push(`k${pasteStart}half`)).toEqual({keys: 'k', pastes: []});
	expect(parser.holding()).toBe(false);
	expect(parser.flush()).toBe('');
	expect(parser.push(` and rest${pasteEnd}`)).toEqual({keys: pasteStart, pastes: ['half and rest']});
});

test('cleanPaste removes C0 (but line breaks and tabs), DEL and C1 controls', () => {
	expect(cleanPaste('a\u0000b\u001B[1mc\u007Fd\u009Be\r\nf\rg\th')).toBe('ab[1mcde\nf\ng\th');
});
