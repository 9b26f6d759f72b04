import {afterEach, describe, expect, test} from 'vitest';
import {applyOverrides, defaultBindings} from '../../source/keys/bindings.js';
import {displayWidth} from '../../source/text/width.js';
import {createPainter} from '../../source/theme/ansi.js';
import {darkTheme} from '../../source/theme/themes.js';
import type {TranscriptState} from '../../source/transcript/reducer.js';
import TranscriptView from '../../source/ui/transcript-view.js';
import {keys, type Rendered, renderAt, stripAnsi} from '../helpers/render.js';
import {readFixture, toolCall, transcriptOf} from '../helpers/transcripts.js';

const rows = 30;
const painter = createPainter(darkTheme, 3);
let current: Rendered | undefined;

afterEach(() => {
	current?.unmount();
	current = undefined;
});

async function sampleTranscript(): Promise<TranscriptState> {
	const calls = [
		toolCall('read', {path: 'fixtures/ui/escape.txt'}, await readFixture('fixtures/ui/escape.txt')),
		toolCall('read', {path: 'fixtures/ui/missing.exs'}, await readFixture('fixtures/ui/missing.exs')),
		toolCall(
			'read',
			{path: 'fixtures/ui/skills/pdf-tools/SKILL.md'},
			await readFixture('fixtures/ui/skills/pdf-tools/SKILL.md'),
		),
		toolCall('read', {path: 'fixtures/ui/AGENTS.md'}, await readFixture('fixtures/ui/AGENTS.md')),
		toolCall(
			'bash',
			{command: 'ls fixtures/ui'},
			{
				content: [
					{type: 'text', text: 'AGENTS.md\ndocs\nescape.txt\ngreeting.ts\nserver.py\nskills\nwide.txt'},
				],
				isError: false,
			},
		),
		toolCall(
			'read',
			{path: 'fixtures/ui/server.py'},
			await readFixture('fixtures/ui/server.py', {}, {maxLines: 80}),
		),
	];
	return transcriptOf(calls);
}

async function show(
	transcript: TranscriptState,
	columns: number,
	bindings = defaultBindings,
): Promise<Rendered> {
	current = await renderAt(
		<TranscriptView transcript={transcript} bindings={bindings} painter={painter} previewLines={5} />,
		columns,
		rows,
	);
	return current;
}

function focusedHeaderRow(frame: string): number {
	return frame
		.split('\n')
		.findIndex(
			(line) => line.startsWith('▌ read') || line.startsWith('▌ bash') || line.startsWith('▌ [skill]'),
		);
}

function assertFramesFit(view: Rendered, columns: number): void {
	for (const frame of view.framesSinceResize()) {
		const lines = stripAnsi(frame).split('\n');
		expect(lines.length).toBeLessThanOrEqual(rows - 1);
		for (const line of lines) {
			expect(displayWidth(line)).toBeLessThanOrEqual(columns);
		}
	}
}

describe.each([80, 120, 160])('at %i columns', (columns) => {
	test('shows the end of the transcript with hints, folds and the status line', async () => {
		const view = await show(await sampleTranscript(), columns);
		const frame = view.frame();
		expect(frame).toContain('▌ read fixtures/ui/server.py:1-80  80 of 243 lines');
		expect(frame).toContain('… 75 more lines (ctrl+o to expand)');
		expect(frame).toContain('⚠ model got lines 1-80 of 243 (line cap); told to continue at offset=81');
		expect(frame).toContain('  read resource fixtures/ui/AGENTS.md  (ctrl+o to expand)');
		expect(frame).toContain('  [skill] pdf-tools  (ctrl+o to expand)');
		expect(frame.split('\n').at(-1)).toContain('ctrl+o expand');
		assertFramesFit(view, columns);
	});

	test('ctrl+o expands the focused panel and keeps its header on the same row', async () => {
		const view = await show(await sampleTranscript(), columns);
		const before = focusedHeaderRow(view.frame());
		await view.press(keys.ctrlO);
		const frame = await view.waitForFrame((text) => text.includes(' 6 │ def handler_1(request):'));
		expect(focusedHeaderRow(frame)).toBe(before);
		expect(frame).not.toContain('75 more lines');
		await view.press(keys.ctrlO);
		const collapsed = await view.waitForFrame((text) => text.includes('75 more lines'));
		expect(focusedHeaderRow(collapsed)).toBe(before);
		assertFramesFit(view, columns);
	});

	test('escape sequences from the file reach the frame only as placeholders; errors are one colour', async () => {
		const view = await show(await sampleTranscript(), columns);
		await view.press('g');
		const frame = await view.waitForFrame((text) => text.includes('pwned'));
		expect(frame).toContain('␛[2J␛]0;pwned␇');
		const raw = view.rawFrame();
		expect(raw).not.toContain('\u001B[2J');
		expect(raw).not.toContain('\u001B]');
		expect(raw).not.toContain('\u0007');
		const errorLine = raw.split('\n').find((line) => line.includes('File does not exist'));
		// Ink re-serialises styles (a reset may come back as 39m), so check that every colour set is the error colour.
		const colours = (errorLine?.match(/\u001B\[[\d;]*m/g) ?? []).filter((sequence) =>
			sequence.includes('38;'),
		);
		expect(colours.length).toBeGreaterThan(0);
		expect(new Set(colours)).toEqual(new Set(['\u001B[38;2;248;81;73m']));
	});
});

test('arrows and j/k move the focus; page keys and g/G scroll', async () => {
	const view = await show(await sampleTranscript(), 100);
	await view.press(keys.up);
	let frame = await view.waitForFrame((text) => text.includes('▌ bash ls fixtures/ui'));
	await view.press('k');
	frame = await view.waitForFrame((text) => text.includes('▌ read resource fixtures/ui/AGENTS.md'));
	await view.press('j');
	frame = await view.waitForFrame((text) => text.includes('▌ bash ls fixtures/ui'));
	await view.press('g');
	frame = await view.waitForFrame(
		(text) => text.split('\n')[0] === '▌ read fixtures/ui/escape.txt:1-4  4 lines',
	);
	await view.press('e');
	frame = await view.waitForFrame(
		(text) => text.includes(' 6 │ def handler_1') || text.includes('# PDF tools'),
	);
	await view.press(keys.pageDown);
	const paged = await view.waitForFrame((text) => text !== frame);
	expect(paged.split('\n')[0]).not.toBe(frame.split('\n')[0]);
	await view.press(keys.pageUp);
	await view.waitForFrame(
		(text) => text.split('\n')[0]?.slice(2) === 'read fixtures/ui/escape.txt:1-4  4 lines',
	);
	await view.press('G');
	frame = await view.waitForFrame((text) => text.includes('offset=81'));
	expect(frame.split('\n').at(-2)).toContain('offset=81');
	assertFramesFit(view, 100);
});

test('rebound keys work and the hints name them', async () => {
	const {bindings} = applyOverrides({toggleExpand: ['ctrl+x']});
	const view = await show(await sampleTranscript(), 100, bindings);
	expect(view.frame()).toContain('… 75 more lines (ctrl+x to expand)');
	await view.press(keys.ctrlO);
	expect(view.frame()).toContain('75 more lines');
	await view.press('\u0018');
	await view.waitForFrame((text) => text.includes(' 6 │ def handler_1'));
});

test('a key press renders a bounded number of frames', async () => {
	const view = await show(await sampleTranscript(), 100);
	const before = view.framesSinceResize().length;
	await view.press(keys.ctrlO);
	await view.waitForFrame((text) => text.includes(' 6 │ def handler_1'));
	expect(view.framesSinceResize().length - before).toBeLessThanOrEqual(2);
});

test('? opens the help screen: every key from the table and a highlighted config example', async () => {
	const view = await show(await sampleTranscript(), 100);
	await view.press('?');
	const help = await view.waitForFrame((text) => text.includes('lector keys'));
	expect(help).toContain('ctrl+o, enter, o');
	expect(help).toContain('expand or collapse the focused panel');
	expect(help).toContain('"toggleExpand": ["ctrl+o", "ctrl+x"]');
	expect(help.split('\n').length).toBeLessThanOrEqual(rows - 1);
	await view.press('x');
	await view.waitForFrame((text) => text.includes('75 more lines'));
});

function statusLine(frame: string): string {
	return frame.split('\n').at(-1) ?? '';
}

test('every key of a chunk counts, in order: jjj moves the focus three panels; G then gg, and gg then G', async () => {
	const view = await show(await sampleTranscript(), 100);
	await view.press('g');
	await view.waitForFrame((text) => text.startsWith('▌ read fixtures/ui/escape.txt:1-4'));
	// One write, as tmux send-keys or a fast typist delivers it.
	await view.press('jjj');
	let frame = await view.waitForFrame((text) => text.includes('▌ read resource fixtures/ui/AGENTS.md'));
	expect(statusLine(frame)).toMatch(/^ 4\/6 {2}/);
	await view.press('Gk');
	frame = await view.waitForFrame((text) => text.includes('▌ bash ls fixtures/ui'));
	expect(frame.split('\n').at(-2)).toContain('offset=81');
	await view.press('gg');
	frame = await view.waitForFrame((text) => text.startsWith('▌ read fixtures/ui/escape.txt:1-4'));
	expect(statusLine(frame)).toMatch(/^ 1\/6 {2}/);
	await view.press('ggG');
	frame = await view.waitForFrame((text) => text.includes('▌ read fixtures/ui/server.py'));
	expect(frame.split('\n').at(-2)).toContain('offset=81');
	assertFramesFit(view, 100);
});

test('a chunk that opens the help drops the keys after the ?: they neither scroll the help nor move the view', async () => {
	const view = await show(await sampleTranscript(), 100);
	await view.press('?jjj');
	const help = await view.waitForFrame((text) => text.includes('lector keys'));
	// The rest of the chunk neither scrolled the help nor reached the view.
	expect(help.split('\n')[0]).toBe('lector keys (lector replay)');
	await view.press('x');
	const back = await view.waitForFrame((text) => text.includes('75 more lines'));
	expect(back).toContain('▌ read fixtures/ui/server.py');
});

test('N/M in the status line counts the focused panel, not the item at the top of the screen', async () => {
	const view = await show(await sampleTranscript(), 100);
	// At the end the last panel has the focus, while the top row belongs to an earlier item.
	const frame = view.frame();
	expect(frame.split('\n')[0]).not.toContain('server.py');
	expect(focusedHeaderRow(frame)).toBeGreaterThan(0);
	expect(statusLine(frame)).toMatch(/^ 6\/6 {2}/);
	await view.press('k');
	expect(statusLine(await view.waitForFrame((text) => text.includes('▌ bash')))).toMatch(/^ 5\/6 {2}/);
});

test('m turns mouse-wheel scrolling on: the wheel scrolls three rows, reports are never keys; m turns it off', async () => {
	const view = await show(await sampleTranscript(), 100);
	await view.press('g');
	await view.press('e');
	const start = await view.waitForFrame((text) => text.split('\n')[0]?.includes('escape.txt') === true);
	const written = () => view.framesSinceResize().join('');
	expect(written()).not.toContain('\u001B[?1000h');

	await view.press('m');
	await view.waitForFrame((text) => text.includes('mouse on (m)'));
	expect(written()).toContain('\u001B[?1000h\u001B[?1006h');

	// Wheel down, as the terminal reports it: three rows.
	await view.press('\u001B[<65;20;10M');
	const scrolled = await view.waitForFrame((text) => text.split('\n')[0] !== start.split('\n')[0]);
	expect(scrolled.split('\n').slice(0, 5)).toEqual(start.split('\n').slice(3, 8));
	// A click is a report too: no key of it (`[` would jump to a prompt) acts.
	await view.press('\u001B[<0;20;10M');
	expect(view.frame().split('\n')[0]).toBe(scrolled.split('\n')[0]);
	// Wheel up comes back, also when the terminal's report arrives in two pieces (its `[` is no key).
	await view.press('\u001B[<64;20;1');
	expect(view.frame().split('\n')[0]).toBe(scrolled.split('\n')[0]);
	await view.press('0M');
	await view.waitForFrame((text) => text.split('\n')[0] === start.split('\n')[0]);

	await view.press('m');
	await view.waitForFrame((text) => !text.includes('mouse on (m)'));
	expect(written()).toContain('\u001B[?1006l\u001B[?1000l');
});

test('e after ctrl+o acts on what is on screen: every press visibly collapses or expands', async () => {
	const server = toolCall(
		'read',
		{path: 'fixtures/ui/server.py'},
		await readFixture('fixtures/ui/server.py', {}, {maxLines: 12}),
	);
	const view = await show(transcriptOf([server]), 100);
	const collapsed = view.frame();
	expect(collapsed).toContain('more lines');
	await view.press(keys.ctrlO);
	const expanded = await view.waitForFrame((text) => !text.includes('more lines'));
	// The one panel shown is expanded: e collapses it (it once "expanded all", changing nothing).
	await view.press('e');
	expect(await view.waitForFrame((text) => text.includes('more lines'))).toBe(collapsed);
	await view.press('e');
	expect(await view.waitForFrame((text) => !text.includes('more lines'))).toBe(expanded);
	await view.press('e');
	await view.waitForFrame((text) => text.includes('more lines'));
});
