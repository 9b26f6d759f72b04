/** A key that acts only when pressed twice in a short time (ctrl+c to quit), with a hint in between. */
import {useCallback, useEffect, useRef, useState} from 'react';

/** `armed` while a second press would act; `press()` returns true for that second press. */
export type DoublePress = {readonly armed: boolean; readonly press: () => boolean};

/** Two presses within `windowMs` milliseconds count as a double press; the hint lasts as long. */
export function useDoublePress(windowMs: number): DoublePress {
	const [armed, setArmed] = useState(false);
	// The time of the first press, read at once by the next press (state would lag a render behind).
	const first = useRef<number | undefined>(undefined);
	useEffect(() => {
		if (!armed) {
			return;
		}

		const timer = setTimeout(() => {
			first.current = undefined;
			setArmed(false);
		}, windowMs);
		return () => {
			clearTimeout(timer);
		};
	}, [armed, windowMs]);
	const press = useCallback(() => {
		const now = Date.now();
		if (first.current !== undefined && now - first.current < windowMs) {
			return true;
		}

		first.current = now;
		setArmed(true);
		return false;
	}, [windowMs]);
	return {armed, press};
}
