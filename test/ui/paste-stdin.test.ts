/**
The stream Ink reads in the shell, over a stand-in for the terminal's stdin: keys pass in order, each
paste is one token with its text in the inbox, what was typed before raw mode has its enters back,
and a lone ESC reaches Ink once no more bytes come.
*/
import {PassThrough} from 'node:stream';
import {expect, test} from 'vitest';
import {pasteEnd, pasteStart} from '../../source/keys/bracketed-paste.js';
import {pasteStdin} from '../../source/ui/paste-stdin.js';

/** A stdin stand-in: a stream with the TTY members the proxy calls, recording raw mode. */
function fakeTerminal() {
	const modes: boolean[] = [];
	const real = Object.assign(new PassThrough(), {
		isTTY: true,
		setRawMode(mode: boolean) {
			modes.push(mode);
			return real;
		},
		ref: () => real,
		unref: () => real,
	});
	// The proxy only calls the members above and the stream's own.
	return {real: real as unknown as NodeJS.ReadStream & PassThrough, modes};
}

/** What Ink can read from the front stream now. */
function readAll(stream: NodeJS.ReadStream): string {
	let text = '';
	for (let chunk: unknown = stream.read(); chunk !== null; chunk = stream.read()) {
		text += String(chunk);
	}

	return text;
}

const settle = () =>
	new Promise((resolve) => {
		setImmediate(resolve);
	});

test('keys typed before raw mode get their enters back; later chunks are passed on as they are', async () => {
	const {real, modes} = fakeTerminal();
	const {stdin} = pasteStdin(real);
	stdin.setEncoding('utf8');
	// Typed while lector started: the terminal's canonical mode turned the enters into line feeds.
	real.write('read a.ts\nread b.ts\n');
	stdin.setRawMode(true);
	await settle();
	expect(readAll(stdin)).toBe('read a.ts\rread b.ts\r');
	real.write('x\n');
	await settle();
	expect(readAll(stdin)).toBe('x\n');
	stdin.setRawMode(false);
	expect(modes).toEqual([true, false]);
});

test('a paste split over chunks is one token among the keys, its text in the inbox', async () => {
	const {real} = fakeTerminal();
	const {stdin, pastes} = pasteStdin(real);
	stdin.setEncoding('utf8');
	stdin.setRawMode(true);
	for (const chunk of ['a', `${pasteStart.slice(0, 3)}`, `${pasteStart.slice(3)}one\rtw`, `o${pasteEnd}b`]) {
		real.write(chunk);
		// eslint-disable-next-line no-await-in-loop
		await settle();
	}

	expect(readAll(stdin)).toBe(`a${pasteStart}b`);
	expect(pastes.take()).toBe('one\ntwo');
	expect(pastes.take()).toBeUndefined();
	stdin.setRawMode(false);
});

test('a lone ESC (the escape key) waits one turn of the event loop for more, then goes on', async () => {
	const {real} = fakeTerminal();
	const {stdin} = pasteStdin(real);
	stdin.setEncoding('utf8');
	stdin.setRawMode(true);
	real.write('\u001B');
	await settle();
	await settle();
	expect(readAll(stdin)).toBe('\u001B');
	stdin.setRawMode(false);
});
