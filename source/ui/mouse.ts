/**
Mouse-wheel scrolling, off until the person turns it on (the `m` key, or `"mouse": true` in the config
file): while a terminal reports the mouse, dragging no longer selects text (most terminals still
select with shift held), which is why it is not on by default.

The terminal is asked for button events (xterm mode 1000) in SGR form (1006); the wheel arrives as
buttons 64 (up) and 65 (down). Ink hands each report to useInput as text, its escape stripped:
`[<64;10;5M`. Every report must be caught before the keys are read, or its characters would be taken
for keys (`[` jumps to the previous prompt) or typed into the prompt.
*/

export const mouseOn = '\u001B[?1000h\u001B[?1006h';
export const mouseOff = '\u001B[?1006l\u001B[?1000l';

/** Rows one wheel notch scrolls. */
export const wheelRows = 3;

/** A mouse report: the wheel turned (rows to scroll, negative up), or anything else (ignored). */
export type MouseReport = {readonly wheel: number};

const report = /^\u001B?\[<(\d+);\d+;\d+[Mm]$/;
/** Shift, meta and ctrl bits of the button code. */
const modifierBits = 4 | 8 | 16;

/** The report in `input`, or undefined when `input` is not a mouse report. */
export function parseMouse(input: string): MouseReport | undefined {
	const match = report.exec(input);
	if (match === null) {
		return undefined;
	}

	const button = Number(match[1]) & ~modifierBits;
	if (button === 64) {
		return {wheel: -wheelRows};
	}

	return {wheel: button === 65 ? wheelRows : 0};
}
