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

/** A report at the start of a chunk, and the start of one cut short by the terminal or the network. */
const reportAtStart = /^\u001B?\[<(\d+);\d+;\d+[Mm]/;
const partialReport = /^\u001B?\[<[\d;]*$/;

/** What one useInput call holds: a mouse report (if any) and the text left for the keys. */
export type MouseTake = {readonly report: MouseReport | undefined; readonly rest: string};

/**
Joins mouse reports that arrive in pieces (a slow link can split `[<65;10;5` from `M`): the start of
a report is held, not handed to the keys, until the rest comes. Holds only while the terminal reports
the mouse, so typed text is never held otherwise.
*/
export class MouseInput {
	private held = '';

	take(input: string, reporting: boolean): MouseTake {
		const text = this.held + input;
		const hadHeld = this.held !== '';
		this.held = '';
		const whole = reportAtStart.exec(text);
		if (whole !== null) {
			const report = parseMouse(whole[0]);
			return {report, rest: text.slice(whole[0].length)};
		}

		if (reporting && partialReport.test(text)) {
			this.held = text;
			return {report: undefined, rest: ''};
		}

		// What was held was not the start of a report after all: it is dropped, never typed.
		return {report: undefined, rest: hadHeld ? input : text};
	}
}
