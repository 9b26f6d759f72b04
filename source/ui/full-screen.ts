/**
Running an Ink view full-screen: on the terminal's alternate screen, so quitting restores the
scrollback as it was. Shared by `lector read`, the replay view and the shell.
*/
import os from 'node:os';
import process from 'node:process';
import {type Instance, render} from 'ink';
import type {ReactElement} from 'react';
import {bracketedPasteOff, bracketedPasteOn} from '../keys/bracketed-paste.js';
import {inPlaceFrame} from './in-place-frames.js';
import {mouseOff} from './mouse.js';
import type {PictureOverlay} from './picture-overlay.js';

/** A write of control sequences alone (CSI: a mode set, the cursor hidden), with nothing to see. */
const controlsOnly = /^(?:\u001B\[[?0-9;]*[A-Za-z])+$/;

/**
Watches what Ink writes to `stdout`: the first write (Ink's first frame) goes out after `first` (the
switch to the alternate screen), each later frame is drawn in place (in-place-frames.ts), and
`pictures` hears of every write. Returns the undo.
*/
function watchWrites(
	stdout: NodeJS.WriteStream,
	first: () => string,
	pictures: PictureOverlay | undefined,
): () => void {
	const write = stdout.write;
	let started = false;
	let held = '';
	const wrapped = function (this: NodeJS.WriteStream, ...args: Parameters<typeof write>) {
		const [chunk] = args;
		if (!started && typeof chunk === 'string' && controlsOnly.test(chunk) && args.length === 1) {
			// Ink opens its first frame with writes of their own (synchronized update, cursor hidden): the
			// switch must go with the frame's rows, or a terminal that reads them apart shows the blank
			// alternate screen in between.
			held += chunk;
			return true;
		}

		if (!started) {
			started = true;
			if (typeof chunk === 'string') {
				args[0] = `${first()}${held}${chunk}`;
			} else {
				write.call(this, `${first()}${held}`);
			}
		} else if (typeof chunk === 'string') {
			args[0] = inPlaceFrame(chunk);
		}

		const result = write.apply(this, args);
		pictures?.frameWritten();
		return result;
	} as typeof write;
	stdout.write = wrapped;
	return () => {
		stdout.write = write;
	};
}

/**
Enter and leave the terminal's alternate screen (xterm private mode 1049). The cursor goes home: the
switch keeps its row, and pictures are drawn at rows counted from the top.
*/
const enterAlternateScreen = '\u001B[?1049h\u001B[H';
/**
Leaving also turns mouse reporting and bracketed paste off, should the view have left them on (a
crash, process.exit, a signal): the shell behind would get pastes wrapped in markers.
*/
const leaveAlternateScreen = `${mouseOff}${bracketedPasteOff}\u001B[?1049l`;
/** Ink hides the cursor while it draws; a view killed by a signal never gets to show it again. */
const showCursor = '\u001B[?25h';

/**
Signals that end the process while the view is up. Their default action kills Node without any exit
handler running, which would leave the terminal on the alternate screen, in raw mode, cursor hidden
(a closed tmux pane, `kill <pid>`). SIGINT is here for `kill -INT`: Ctrl+C in the view is a key (raw
mode), not a signal. Ink's own signal-exit listeners stand back once another listener exists.
*/
const fatalSignals = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const;

/**
On each fatal signal: put the terminal back (`leave`), then exit with 128 + the signal's number, as the
signal itself would have. Returns the undo.
*/
export function restoreOnSignals(
	stdin: NodeJS.ReadStream,
	leave: () => void,
	onSignal?: (signal: string) => void,
): () => void {
	const handlers = fatalSignals.map((signal) => {
		const handler = () => {
			try {
				onSignal?.(signal);
			} catch {
				// The terminal must come back whatever the view's last words did.
			}

			leave();
			if (stdin.isTTY) {
				stdin.setRawMode(false);
			}

			process.exit(128 + (os.constants.signals[signal] ?? 0));
		};

		process.on(signal, handler);
		return [signal, handler] as const;
	});
	return () => {
		for (const [signal, handler] of handlers) {
			process.off(signal, handler);
		}
	};
}

export type FullScreenOptions = {
	readonly stdout: NodeJS.WriteStream;
	readonly stderr: NodeJS.WriteStream;
	/** The keyboard, put back out of raw mode when a signal ends the process (default: process.stdin). */
	readonly stdin?: NodeJS.ReadStream;
	/** Let Ink exit on ctrl+c; false where the view handles ctrl+c itself (the shell: twice quits). */
	readonly exitOnCtrlC: boolean;
	/** Runs when the view has exited (or failed), while still on the alternate screen. */
	readonly onExit?: () => void;
	/** Runs first when a fatal signal ends the process (synchronously: the exit does not wait). */
	readonly onSignal?: (signal: string) => void;
	/** The view's picture overlay: told of every frame Ink writes, so it draws its pictures again. */
	readonly pictures?: PictureOverlay;
	/**
	The stream Ink reads keys from, when it takes bracketed pastes apart (ui/paste-stdin.ts): bracketed
	paste is then on while the view is up.
	*/
	readonly pasteStdin?: NodeJS.ReadStream;
};

/** Render `element` on the alternate screen until it exits; the main screen comes back even on errors. */
export async function renderFullScreen(element: ReactElement, options: FullScreenOptions): Promise<void> {
	const {stdout, stderr, exitOnCtrlC, pictures} = options;
	let entered = false;
	let left = false;
	const leave = () => {
		if (!left) {
			left = true;
			stdout.write(entered ? `${leaveAlternateScreen}${showCursor}` : showCursor);
		}
	};

	// The switch goes out with the first frame, in one write: until the view has something to show,
	// the terminal keeps what it showed (no blank screen while the first frame is built).
	const restoreWrite = watchWrites(
		stdout,
		() => {
			entered = true;
			return options.pasteStdin === undefined
				? enterAlternateScreen
				: `${enterAlternateScreen}${bracketedPasteOn}`;
		},
		pictures,
	);
	// A process.exit() elsewhere skips the finally below; the terminal must still get its screen back.
	process.once('exit', leave);
	let instance: Instance | undefined;
	const stopRestoring = restoreOnSignals(
		options.stdin ?? process.stdin,
		() => {
			// Ink's last frame first, while still on the alternate screen: after process.exit() its exit
			// handler would draw it on the main screen, into the scrollback.
			instance?.unmount();
			leave();
		},
		options.onSignal,
	);
	try {
		instance = render(
			element,
			// Not incrementalRendering: in ink 6.8 its line diff moves the cursor up one row too few when a
			// frame ends with a newline (every frame shorter than the terminal), so each update lands one
			// row low (seen in tmux). The standard renderer rewrites our few dozen rows inside
			// synchronized output, which costs little because the frame never exceeds the screen.
			{
				stdout,
				stderr,
				...(options.pasteStdin === undefined ? {} : {stdin: options.pasteStdin}),
				maxFps: 60,
				incrementalRendering: false,
				exitOnCtrlC,
				patchConsole: false,
			},
		);
		await instance.waitUntilExit();
	} finally {
		stopRestoring();
		restoreWrite();
		pictures?.close();
		options.onExit?.();
		process.off('exit', leave);
		leave();
	}
}
