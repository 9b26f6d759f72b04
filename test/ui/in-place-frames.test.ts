/**
Ink's frames, rewritten to draw in place, end on the same screen as Ink's erase-and-redraw, and a frame
read in two parts never shows blank rows in between. Drawn by a real terminal (tmux 3.3, which has no
synchronized output), from the bytes Ink writes: its first frame, then its erase of that frame's rows
and the next frame.
*/
import fs from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {inPlaceFrame} from '../../source/ui/in-place-frames.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {startTmux, tmuxTest} from '../helpers/tmux.js';

/** ansi-escapes' eraseLines(count), which Ink's log-update writes before each frame after the first. */
const eraseLines = (count: number) => `${'\u001B[2K\u001B[1A'.repeat(count - 1)}\u001B[2K\u001B[G`;

const rows = 29;
/** A frame as Ink writes it: its rows, each ended by a line break, on a 100x30 screen. */
const frame = (row: (index: number) => string) =>
	`${Array.from({length: rows}, (_, index) => row(index + 1)).join('\n')}\n`;
const old = frame((index) => `A${String(index).padStart(2, '0')} ${'x'.repeat(80)}`);
const next = frame((index) => `B${String(index).padStart(2, '0')} ${index % 3 === 0 ? '' : 'short'}`);
const redraw = `${eraseLines(rows + 1)}${next}`;

describe('inPlaceFrame', () => {
	test('leaves anything but an erase-and-redraw as it is', () => {
		expect(inPlaceFrame(old)).toBe(old);
		expect(inPlaceFrame('\u001B[?25h')).toBe('\u001B[?25h');
	});

	test('draws from the top-left corner, each row cleared as it is written, and clears what is below', () => {
		expect(inPlaceFrame(`${eraseLines(3)}one\ntwo\n`)).toBe(
			'\u001B[H\u001B[2Kone\n\u001B[2Ktwo\n\u001B[2K\u001B[J',
		);
	});
});

/**
What tmux shows after each of `parts`, written in turn by one process (cat, then a wait for Enter; the
terminal does not echo it), the alternate screen entered first as lector does.
*/
async function screens(parts: readonly string[], until: ReadonlyArray<(screen: string) => boolean>) {
	const folder = makeTempDir();
	const files = parts.map((part, index) => {
		const file = path.join(folder, `part-${index}`);
		fs.writeFileSync(file, index === 0 ? `\u001B[?1049h\u001B[H${part}` : part);
		return JSON.stringify(file);
	});
	const tmux = startTmux(
		`stty -echo; ${files.map((file) => `cat ${file}; read line`).join('; ')}`,
		'lector-frames',
	);
	const seen: string[] = [];
	for (const [index, done] of until.entries()) {
		seen.push(await tmux.screenWhere(done));
		if (index < until.length - 1) {
			tmux.keys('Enter');
		}
	}

	tmux.keys('Enter');
	return seen;
}

const blankRows = (screen: string) =>
	screen
		.split('\n')
		.slice(0, rows)
		.filter((row) => row.trim() === '').length;

tmuxTest(
	'a frame drawn in place ends as Ink drew it, and its first half blanks no rows but the next',
	async () => {
		const half = next.indexOf('B15');
		const ours = inPlaceFrame(redraw);
		const oursHalf = ours.indexOf('B15');
		const first = (screen: string) => screen.startsWith('A01');
		const halfDrawn = (screen: string) => screen.startsWith('B01') && screen.includes('B14');
		const whole = (screen: string) => screen.includes('B29');
		const inkScreens = await screens(
			[old, `${eraseLines(rows + 1)}${next.slice(0, half)}`, next.slice(half)],
			[first, halfDrawn, whole],
		);
		const ourScreens = await screens(
			[old, ours.slice(0, oursHalf), ours.slice(oursHalf)],
			[first, halfDrawn, whole],
		);

		expect(ourScreens[2]).toBe(inkScreens[2]);
		expect(ourScreens[2]).not.toContain('xxx');
		// Half of Ink's redraw: the rows not yet written are blank. Half of ours: they still show the old frame,
		// but for the row cleared to be written next.
		expect(blankRows(inkScreens[1] ?? '')).toBeGreaterThanOrEqual(14);
		expect(blankRows(ourScreens[1] ?? '')).toBeLessThanOrEqual(1);
		expect(ourScreens[1]).toContain('A20');
	},
);
