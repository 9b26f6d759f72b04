/**
The keyboard as Ink reads it in the shell: the real stdin with bracketed pastes taken out (see
keys/bracketed-paste.ts). Ink reads a stream in front of stdin that carries the keys, each paste
replaced by one `ESC[200~` token; the pasted text waits in a queue the view takes it from when that
token arrives, so keys and pastes keep their order and a paste never reaches Ink's key parser.
*/
import {PassThrough} from 'node:stream';
import {createPasteParser} from '../keys/bracketed-paste.js';

/** Pasted texts, oldest first, waiting for their token to reach the view. */
export type PasteInbox = {
	/** The oldest paste not taken yet, or undefined (the token was typed, not sent for a paste). */
	take(): string | undefined;
};

export type PasteStdin = {
	/** The stream to give Ink as its stdin. */
	readonly stdin: NodeJS.ReadStream;
	readonly pastes: PasteInbox;
};

/**
A stream in front of `real` for Ink. It starts reading `real` when Ink turns raw mode on (so keys
typed while lector starts wait in `real`, and then arrive as keys) and stops when Ink turns it off.
*/
export function pasteStdin(real: NodeJS.ReadStream): PasteStdin {
	const parser = createPasteParser();
	const queue: string[] = [];
	const front = new PassThrough();
	let flushing: NodeJS.Immediate | undefined;
	// The first chunk after raw mode went on holds what was typed while lector started, when the terminal
	// was still in canonical mode: its line discipline (ICRNL) turned each enter into `\n`, which raw
	// mode reads as ctrl+j (a new line in the prompt), so typed commands merged into one prompt.
	let typedBeforeRaw = false;
	let started = false;
	const onData = (data: Buffer | string) => {
		if (flushing !== undefined) {
			clearImmediate(flushing);
			flushing = undefined;
		}

		const text = typeof data === 'string' ? data : data.toString('utf8');
		const {keys, pastes} = parser.push(typedBeforeRaw ? text.replaceAll('\n', '\r') : text);
		typedBeforeRaw = false;
		queue.push(...pastes);
		if (keys !== '') {
			front.write(keys);
		}

		// A lone ESC (the escape key) or ESC[ (alt+[): keys, unless the rest of a marker comes at once.
		if (parser.holding()) {
			flushing = setImmediate(() => {
				flushing = undefined;
				const held = parser.flush();
				if (held !== '') {
					front.write(held);
				}
			});
		}
	};

	// Ink asks for these of its stdin (raw mode, isTTY, ref and unref); the rest is the stream's own.
	const stdin = Object.assign(front, {
		isTTY: real.isTTY,
		isRaw: false,
		setRawMode(mode: boolean) {
			real.setRawMode(mode);
			stdin.isRaw = mode;
			if (mode) {
				// Decoded by the stream: a character cut between two chunks stays whole.
				real.setEncoding('utf8');
				// Only the first time: raw mode goes off and on again within one commit when the view remounts.
				typedBeforeRaw = !started;
				started = true;
				real.off('data', onData);
				real.on('data', onData);
				// Paused when raw mode went off (a remount: /resume), a stream stays paused with a new listener.
				real.resume();
			} else {
				real.off('data', onData);
				real.pause();
			}

			return stdin;
		},
		ref() {
			real.ref();
			return stdin;
		},
		unref() {
			real.unref();
			return stdin;
		},
	});
	return {
		// Only the members Ink uses are real: a PassThrough with them is all it reads.
		stdin: stdin as unknown as NodeJS.ReadStream,
		pastes: {take: () => queue.shift()},
	};
}
