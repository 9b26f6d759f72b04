/**
ink-testing-library at a fixed terminal size. Its stdout hard-codes 100 columns and has no rows, so
the wrapper first renders nothing, gives the stdout instance its own size, and only then renders the
tree: every frame of the tree is at that size, with no race between the first render and a resize
event (a resize that changes nothing writes no frame, which once left the first wait hanging).
*/

import {render as inkRender} from 'ink-testing-library';
import type {ReactElement} from 'react';

/** Raw key bytes as a terminal sends them. */
export const keys = {
	ctrlO: '\u000F',
	ctrlE: '\u0005',
	up: '\u001B[A',
	down: '\u001B[B',
	pageUp: '\u001B[5~',
	pageDown: '\u001B[6~',
	enter: '\r',
} as const;

/** Strip SGR colour sequences (the only escapes the UI writes into a frame). */
export function stripAnsi(text: string): string {
	return text.replaceAll(/\u001B\[[\d;]*m/g, '');
}

/** Yield to the event loop until React and Ink have flushed (bounded, no fixed sleep). */
async function tick(): Promise<void> {
	await new Promise((resolve) => {
		setImmediate(resolve);
	});
	await new Promise((resolve) => {
		setTimeout(resolve, 0);
	});
}

/** A rendered tree at a fixed size. */
export type Rendered = {
	/** The last frame, ANSI colour removed. */
	frame(): string;
	/** The last frame as written (with colour). */
	rawFrame(): string;
	/** Frames written at the fixed size. */
	framesSinceResize(): string[];
	/** Write raw bytes to stdin and let the UI settle. */
	press(data: string): Promise<void>;
	/** Wait until the last frame (colour removed) satisfies the predicate; throws after `limit` ticks. */
	waitForFrame(predicate: (frame: string) => boolean, limit?: number): Promise<string>;
	unmount(): void;
};

/** Render at `columns` x `rows`. */
export async function renderAt(tree: ReactElement, columns: number, rows: number): Promise<Rendered> {
	const instance = inkRender(<></>);
	const {stdout} = instance;
	Object.defineProperty(stdout, 'columns', {value: columns, configurable: true});
	Object.defineProperty(stdout, 'rows', {value: rows, configurable: true});
	await tick();
	let start = instance.frames.length;
	instance.rerender(tree);
	// Terminal mode switches (mouse reporting on and off) are written to stdout too, but are no frame.
	const isModeSwitch = (text: string) => /^(?:\u001B\[\?[\d;]+[hl])+$/.test(text);
	const rawFrame = () => instance.frames.findLast((text) => !isModeSwitch(text)) ?? '';
	const frame = () => stripAnsi(rawFrame());
	const waitForFrame = async (predicate: (frame: string) => boolean, limit = 200): Promise<string> => {
		for (let attempt = 0; attempt < limit; attempt++) {
			if (instance.frames.length > start && predicate(frame())) {
				return frame();
			}

			// eslint-disable-next-line no-await-in-loop
			await tick();
		}

		throw new Error(`Frame never matched. Last frame:\n${frame()}`);
	};

	// The view's frames are always one row shorter than the terminal: wait for the first at this size.
	await waitForFrame((current) => current.split('\n').length === rows - 1);
	start = instance.frames.length - 1;
	return {
		frame,
		rawFrame,
		framesSinceResize: () => instance.frames.slice(start),
		async press(data) {
			const before = instance.frames.length;
			instance.stdin.write(data);
			for (let attempt = 0; attempt < 20 && instance.frames.length === before; attempt++) {
				// eslint-disable-next-line no-await-in-loop
				await tick();
			}

			await tick();
		},
		waitForFrame,
		unmount: instance.unmount,
	};
}

/** Type text as separate key presses, then Enter. */
export async function typeLine(view: Rendered, text: string): Promise<void> {
	for (const character of text) {
		await view.press(character);
	}

	await view.press(keys.enter);
}
