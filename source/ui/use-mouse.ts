/** Whether the terminal reports the mouse (for wheel scrolling), as a hook: see mouse.ts for why. */
import {useStdout} from 'ink';
import {useCallback, useEffect, useRef, useState} from 'react';
import {MouseInput, type MouseTake, mouseOff, mouseOn} from './mouse.js';

/** Mouse reporting on or off, and `take` to pull reports out of the input before the keys read it. */
export type MouseState = {
	readonly on: boolean;
	readonly toggle: () => void;
	/** The report in one useInput call (reports split in pieces are joined) and the text left for keys. */
	readonly take: (input: string) => MouseTake;
};

/** Mouse reporting on or off, starting at `initial`; always off again when the view unmounts. */
export function useMouse(initial: boolean): MouseState {
	const {stdout} = useStdout();
	const [on, setOn] = useState(initial);
	const input = useRef(new MouseInput());
	const reporting = useRef(on);
	reporting.current = on;
	useEffect(() => {
		if (!on) {
			return;
		}

		// Written straight to the terminal: these change a mode, print nothing and move no cursor.
		stdout.write(mouseOn);
		return () => {
			stdout.write(mouseOff);
		};
	}, [on, stdout]);
	const toggle = useCallback(() => {
		setOn((value) => !value);
	}, []);
	const take = useCallback((text: string) => input.current.take(text, reporting.current), []);
	return {on, toggle, take};
}
