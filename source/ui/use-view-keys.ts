/**
The keys of the read and replay views as a hook. Every key of a stdin chunk is handled, in order:
Ink hands keys pressed faster than the app reads them (a fast typist, tmux send-keys `jjj`, a
terminal that batches) to one useInput call, as one string. The search prompt, while open, takes
the keys (and the rest of the chunk as typed or pasted text); any other key runs its command from
the key table when the command works in the view.
*/
import {type Key, useInput} from 'ink';
import {useCallback, useEffect, useLayoutEffect, useRef} from 'react';
import type {KeyBindings} from '../keys/bindings.js';
import {isSearchCommand, isShellCommand, type KeyContext, worksIn} from '../keys/commands.js';
import {chunkKeys, noKey} from '../keys/key-chunks.js';
import {keyNameFromInk} from '../keys/key-names.js';
import type {MouseTake} from './mouse.js';
import type {ViewportCommand} from './navigation.js';
import type {SearchUi} from './use-search.js';

type Inputs = {
	readonly bindings: KeyBindings;
	/** Keep the keys that arrive, to handle them in order when this turns false. */
	readonly hold?: boolean;
	/** The view: keys of commands that do not work in it are ignored. */
	readonly context: Exclude<KeyContext, 'shell'>;
	/** The help screen is open: it takes the keys itself (it scrolls, or closes itself). */
	readonly helpOpen: boolean;
	readonly openHelp: () => void;
	readonly quit: () => void;
	/** Apply a viewport command; consecutive calls build on each other before any render. */
	readonly apply: (command: ViewportCommand) => void;
	/** Scroll by rows (the mouse wheel). */
	readonly scroll: (rows: number) => void;
	readonly toggleMouse: () => void;
	/** Pulls mouse reports out of the input (see MouseInput). */
	readonly takeMouse: (input: string) => MouseTake;
	readonly search: Pick<SearchUi, 'handleKey' | 'run' | 'typing'>;
};

function commandOf(bindings: KeyBindings, input: string, key: Key) {
	const name = keyNameFromInk(input, key);
	return name === undefined ? undefined : bindings.commandByKey.get(name);
}

/**
True when these chunks reach the quit key before any key that opens a prompt or the help screen (which
would take the keys after it): handled in order, they would only move the view and then quit.
*/
function quitsFirst(bindings: KeyBindings, chunks: ReadonlyArray<readonly [string, Key]>): boolean {
	for (const [input, key] of chunks) {
		for (const [one, oneKey] of chunkKeys(input, key, () => false)) {
			const command = commandOf(bindings, one, oneKey);
			if (command === 'quit') {
				return true;
			}

			if (command === 'help' || (command !== undefined && isSearchCommand(command))) {
				return false;
			}
		}
	}

	return false;
}

/** Take the view's keys from Ink until unmounted. */
export function useViewKeys(inputs: Inputs): void {
	// The handler reads the latest inputs through a ref set at commit, so a key never sees stale props.
	const latest = useRef(inputs);
	useLayoutEffect(() => {
		latest.current = inputs;
	});

	/** Act on one key; false when the keys after it in the chunk are for no one (quit, help). */
	const onKey = useCallback((input: string, key: Key): boolean => {
		const current = latest.current;
		// While the search prompt is open it takes every key (enter, escape, the text).
		if (current.search.handleKey(input, key)) {
			return true;
		}

		const command = commandOf(current.bindings, input, key);
		if (command === undefined || isShellCommand(command) || !worksIn(command, current.context)) {
			return true;
		}

		if (command === 'quit') {
			current.quit();
			return false;
		}

		if (command === 'help') {
			// The help screen mounts with the next render, too late for the rest of this chunk: it is dropped.
			latest.current = {...current, helpOpen: true};
			current.openHelp();
			return false;
		}

		if (command === 'toggleMouse') {
			current.toggleMouse();
		} else if (isSearchCommand(command)) {
			current.search.run(command);
		} else {
			current.apply(command);
		}

		return true;
	}, []);

	const held = useRef<Array<readonly [string, Key]>>([]);
	const onInput = useCallback(
		(input: string, key: Key) => {
			if (latest.current.hold === true) {
				held.current.push([input, key]);
				// Quitting needs nothing on screen, and after the held keys it would end the same way: at once.
				if (quitsFirst(latest.current.bindings, held.current)) {
					held.current = [];
					latest.current.quit();
				}

				return;
			}

			if (latest.current.helpOpen) {
				return;
			}

			// A mouse report is never keys, not even for the search prompt.
			const {report, rest} = latest.current.takeMouse(input);
			if (report !== undefined && report.wheel !== 0) {
				latest.current.scroll(report.wheel);
			}

			// Emptied by the mouse (a report, or the start of one held): nothing left for the keys. Keys
			// such as tab and the arrows arrive with no text at all, and go on.
			if (rest === '' && input !== '') {
				return;
			}

			// `jjj`, `G` then `gg`, `/needle` and enter: one key at a time. `typing` is asked before
			// each key, so a prompt opened by `/` takes the rest of the chunk as its text.
			for (const [one, oneKey] of chunkKeys(rest, rest === input ? key : noKey, () =>
				latest.current.search.typing(),
			)) {
				if (!onKey(one, oneKey)) {
					return;
				}
			}
		},
		[onKey],
	);
	useInput(onInput);
	// Released (after the render that brought what they wait for, whose layout the commands now see).
	const hold = inputs.hold === true;
	useEffect(() => {
		if (hold) {
			return;
		}

		const keys = held.current;
		held.current = [];
		for (const [input, key] of keys) {
			onInput(input, key);
		}
	}, [hold, onInput]);
}
