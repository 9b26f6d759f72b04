/**
The help screen at terminals shorter than the help: never taller than the frame, never wider than
the terminal, scrolled with the focus and page keys, closed by any other key; and it lists only the
keys that work in its view.
*/
import {afterEach, describe, expect, test} from 'vitest';
import ShellApp, {type ShellSession} from '../../source/commands/shell/shell-app.js';
import {applyOverrides, defaultBindings} from '../../source/keys/bindings.js';
import {displayWidth} from '../../source/text/width.js';
import {createPainter} from '../../source/theme/ansi.js';
import {darkTheme} from '../../source/theme/themes.js';
import TranscriptView from '../../source/ui/transcript-view.js';
import {keys, type Rendered, renderAt, stripAnsi} from '../helpers/render.js';
import {readFixture, toolCall, transcriptOf} from '../helpers/transcripts.js';

const painter = createPainter(darkTheme, 3);
let current: Rendered | undefined;

afterEach(() => {
	current?.unmount();
	current = undefined;
});

async function readView(
	columns: number,
	rows: number,
	context: 'read' | 'replay' = 'read',
): Promise<Rendered> {
	const result = await readFixture('fixtures/demo/greeting.ts');
	const transcript = transcriptOf([toolCall('read', {path: 'fixtures/demo/greeting.ts'}, result)]);
	current = await renderAt(
		<TranscriptView
			transcript={transcript}
			bindings={defaultBindings}
			painter={painter}
			previewLines={5}
			context={context}
		/>,
		columns,
		rows,
	);
	return current;
}

/** A session that never runs anything: the shell's keys and help need no model. */
const idleSession: ShellSession = {
	subscribe: () => () => undefined,
	submit: async () => ({type: 'handled'}),
	abort() {
		// Nothing runs.
	},
	running: false,
};

async function shellView(columns: number, rows: number): Promise<Rendered> {
	current = await renderAt(
		<ShellApp
			session={idleSession}
			initialEvents={[]}
			stickyEvents={[]}
			bindings={defaultBindings}
			painter={painter}
			previewLines={2}
		/>,
		columns,
		rows,
	);
	return current;
}

/** Every frame written since the resize fits the terminal: at most rows - 1 lines, none wider than it. */
function expectFramesFit(view: Rendered, columns: number, rows: number): void {
	for (const frame of view.framesSinceResize()) {
		const lines = stripAnsi(frame).split('\n');
		expect(lines.length).toBeLessThanOrEqual(rows - 1);
		for (const line of lines) {
			expect(displayWidth(line)).toBeLessThanOrEqual(columns);
		}
	}
}

describe.each([
	[80, 15],
	[100, 20],
	[80, 6],
])('at %ix%i', (columns, rows) => {
	test('the help is cut to the frame, scrolls with j/k, arrows and the page keys, and any other key closes it', async () => {
		const view = await readView(columns, rows);
		await view.press('?');
		const first = await view.waitForFrame((text) => text.includes('… '));
		const lines = first.split('\n');
		expect(lines).toHaveLength(rows - 1);
		expect(lines.at(-1)).toMatch(/^… \d+ more \(j\/k to scroll\)$/);
		if (rows > 6) {
			expect(lines[0]).toBe('lector keys (lector read)');
		}

		// The scroll position, from the footer: `… N more` below, or `… N above` at the end.
		const page = rows - 2;
		const total = Number(/… (\d+) more/.exec(first)?.[1]);
		const offset = (text: string) => {
			const footer = text.split('\n').at(-1) ?? '';
			const below = /… (\d+) more/.exec(footer)?.[1];
			return below === undefined ? Number(/… (\d+) above/.exec(footer)?.[1]) : total - Number(below);
		};

		await view.press('j');
		expect(offset(view.frame())).toBe(1);
		await view.press(keys.down);
		expect(offset(view.frame())).toBe(Math.min(2, total));
		await view.press('k');
		await view.press(keys.up);
		expect(view.frame()).toBe(first);
		// Keys typed faster than they are read arrive as one chunk: each one scrolls.
		await view.press('jj');
		expect(offset(view.frame())).toBe(Math.min(2, total));
		await view.press('kk');
		expect(view.frame()).toBe(first);
		await view.press(keys.pageDown);
		expect(offset(view.frame())).toBe(Math.min(page, total));
		// Pressing on at the end keeps the last page; the footer then counts the lines above.
		for (let press = 0; press < 10; press++) {
			// eslint-disable-next-line no-await-in-loop
			await view.press(keys.pageDown);
		}

		const end = view.frame();
		expect(end.split('\n').at(-1)).toMatch(/^… \d+ above \(j\/k to scroll\)$/);
		expect(end).toContain('any other key closes');
		for (let press = 0; press < 11; press++) {
			// eslint-disable-next-line no-await-in-loop
			await view.press(keys.pageUp);
		}

		expect(view.frame()).toBe(first);
		expectFramesFit(view, columns, rows);
		await view.press('x');
		// The view again, with its status line.
		await view.waitForFrame((text) => text.includes('ctrl+o expand/collapse'));
		expectFramesFit(view, columns, rows);
	});

	test('the shell help fits too and closes on any other key, giving the transcript back', async () => {
		const view = await shellView(columns, rows);
		await view.press('\t');
		await view.press('?');
		await view.waitForFrame((text) => text.includes('… '));
		await view.press('j');
		await view.press(keys.pageDown);
		expectFramesFit(view, columns, rows);
		await view.press('x');
		await view.waitForFrame((text) => !text.includes('… ') && text.includes('transcript'));
		expectFramesFit(view, columns, rows);
	});
});

/** The whole help of a view, scrolled to the end page by page at 120x60 (it all fits). */
async function wholeHelp(open: () => Promise<Rendered>): Promise<string> {
	const view = await open();
	await view.press('?');
	return view.waitForFrame((text) => text.includes('closes this screen'));
}

test('lector read lists no prompt jumps, no search and no shell keys', async () => {
	const help = await wholeHelp(async () => readView(120, 60));
	expect(help).toContain('ctrl+o, enter, o');
	expect(help).toContain('quit (ctrl+c always quits too)');
	expect(help).toContain('Any key closes this screen.');
	// One read never grows: G goes to the bottom, there is nothing to follow.
	expect(help).toMatch(/^ {2}G, end +go to the bottom$/m);
	for (const absent of [
		'user prompt',
		'search',
		'follow',
		'alt+enter',
		'meta+enter',
		'escape',
		'tab',
		'/quit',
	]) {
		expect(help).not.toContain(absent);
	}
});

test('lector replay lists the prompt jumps and the search, and no shell keys', async () => {
	const help = await wholeHelp(async () => readView(120, 60, 'replay'));
	expect(help).toContain('lector keys (lector replay)');
	expect(help).toMatch(/ {2}\[ +go to the previous user prompt/);
	expect(help).toMatch(/ {2}\/ +search the transcript/);
	expect(help).toMatch(/ {2}n +go to the next match/);
	for (const absent of ['alt+enter', 'meta+enter', '/quit']) {
		expect(help).not.toContain(absent);
	}

	expect(help).not.toMatch(/^ {2}(escape|tab) /m);
});

test('the shell lists its own keys, q as giving the keys back, how to quit, and the search', async () => {
	const view = await shellView(120, 60);
	await view.press('\t');
	await view.press('?');
	const help = await view.waitForFrame((text) => text.includes('closes this screen'));
	expect(help).toMatch(/ {2}q +give the keys back to the prompt/);
	expect(help).toMatch(/ {2}ctrl\+c twice, \/quit +quit lector/);
	expect(help).toMatch(/ {2}alt\+enter, ctrl\+j +insert a new line/);
	expect(help).toMatch(/ {2}tab +move the keys between the prompt and the transcript/);
	expect(help).toMatch(/ {2}escape +stop the running turn/);
	expect(help).toMatch(/ {2}\[ +go to the previous user prompt/);
	expect(help).toMatch(/ {2}\/ +search the transcript/);
	expect(help).toMatch(/ {2}n +go to the next match of the search/);
	expect(help).not.toContain('quit (ctrl+c always quits too)');
	expect(help).not.toContain('meta+');
	// The prompt's status line names the newline key as people know it.
	await view.press('x');
	await view.press('\t');
	const prompt = await view.waitForFrame((text) => text.includes('· prompt'));
	expect(prompt).toContain('alt+enter new line');
});

test('the help names the keys in use, and the view ignores the keys of commands that do not work there', async () => {
	const {bindings} = applyOverrides({focusNext: ['down', 'ctrl+n'], focusPrevious: ['up', 'ctrl+p']});
	const result = await readFixture('fixtures/demo/greeting.ts');
	current = await renderAt(
		<TranscriptView
			transcript={transcriptOf([toolCall('read', {path: 'fixtures/demo/greeting.ts'}, result)])}
			bindings={bindings}
			painter={painter}
			previewLines={5}
			context="read"
		/>,
		80,
		10,
	);
	const before = current.frame();
	// `/` opens no search prompt in lector read.
	await current.press('/');
	expect(current.frame()).toBe(before);
	await current.press('?');
	const help = await current.waitForFrame((text) => text.includes('… '));
	expect(help.split('\n').at(-1)).toMatch(/\(down\/up to scroll\)$/);
	expect(help).not.toContain('search');
});

test('keys that arrive in one chunk each scroll the help, control keys too (j then ctrl+f)', async () => {
	const view = await readView(80, 12);
	await view.press('?');
	const first = await view.waitForFrame((text) => text.includes('… '));
	await view.press('j');
	await view.press('\u0006');
	const scrolled = view.frame();
	expect(scrolled).not.toBe(first);
	await view.press('\u0002');
	await view.press('k');
	expect(view.frame()).toBe(first);
	// The same keys, each pair in one write.
	await view.press('j\u0006');
	expect(view.frame()).toBe(scrolled);
	await view.press('\u0002k');
	expect(view.frame()).toBe(first);
});
