/** Whether the terminal reports the mouse (for wheel scrolling), as a hook: see mouse.ts for why. */
import {useStdout} from 'ink';
import {useCallback, useEffect, useState} from 'react';
import {mouseOff, mouseOn} from './mouse.js';

/** Mouse reporting on or off, starting at `initial`; always off again when the view unmounts. */
export function useMouse(initial: boolean): {readonly on: boolean; readonly toggle: () => void} {
	const {stdout} = useStdout();
	const [on, setOn] = useState(initial);
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
	return {on, toggle};
}
