/**
The shell's hints and status line name keys that work where they are shown, keep the essential keys
at any width, and the frame stays one row shorter than the terminal even when it is tiny.
*/
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {AgentSession} from '../../../source/agent/session.js';
import ShellApp from '../../../source/commands/shell/shell-app.js';
import {
	demoOutroText,
	type StatusFacts,
	shellStatusRows,
} from '../../../source/commands/shell/shell-status.js';
import {applyOverrides, defaultBindings, type KeyBindings} from '../../../source/keys/bindings.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import {type Rendered, renderAt, typeLine} from '../../helpers/render.js';
import {root} from '../../helpers/transcripts.js';

const network = 5000;
let current: Rendered | undefined;
let session: AgentSession | undefined;

afterEach(() => {
	current?.unmount();
	current = undefined;
	session?.close();
	session = undefined;
});

async function shell(
	columns: number,
	rows: number,
	bindings: KeyBindings = defaultBindings,
): Promise<Rendered> {
	session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	current = await renderAt(
		<ShellApp
			session={session}
			initialEvents={[]}
			stickyEvents={[]}
			bindings={bindings}
			painter={createPainter(darkTheme, 0)}
			previewLines={2}
		/>,
		columns,
		rows,
	);
	return current;
}

const rowsOf = (view: Rendered) => view.frame().split('\n');
const statusOf = (view: Rendered) => rowsOf(view).at(-2) ?? '';

test('the demo notice names the keys in use: a key that works from the prompt, else tab first', () => {
	expect(demoOutroText(defaultBindings)).toMatch(
		/^Your turn: ctrl\+o expands the last panel, tab moves to the transcript \(down\/up, e\), and `read greeting\.ts`/,
	);
	expect(demoOutroText(applyOverrides({toggleExpand: ['o']}).bindings)).toMatch(
		/^Your turn: tab, then o expands the last panel, tab moves/,
	);
	expect(demoOutroText(applyOverrides({toggleExpand: ['o', 'ctrl+x']}).bindings)).toMatch(
		/^Your turn: ctrl\+x expands the last panel/,
	);
});

test('with only a printable key to expand, the prompt hints say "tab, then o"; the transcript hints say "o", which works there', async () => {
	const {bindings} = applyOverrides({toggleExpand: ['o']});
	const view = await shell(120, 24, bindings);
	await typeLine(view, 'read greeting.ts');
	await view.waitForFrame((screen) => screen.includes('read greeting.ts:1-22'), network);
	expect(view.frame()).toContain('(tab, then o to expand)');
	expect(statusOf(view)).toContain('tab, then o expand');
	expect(view.frame()).not.toMatch(/\(o to expand\)|· o expand/);
	// In the prompt, o is text.
	await view.press('o');
	expect(rowsOf(view).at(-1)).toBe('› o');
	await view.press('\u007F');
	await view.press('\t');
	const transcript = await view.waitForFrame((screen) => screen.includes('(o to expand)'));
	expect(transcript.split('\n').at(-2)).toContain('o expand');
	await view.press('o');
	await view.waitForFrame((screen) => !screen.includes('more lines'));
});

describe.each([80, 100])('at %i columns', (columns) => {
	test('the status line keeps the switch key and the quit keys (prompt), help too (transcript)', async () => {
		const view = await shell(columns, 24);
		expect(statusOf(view)).toMatch(/tab transcript · ctrl\+c ctrl\+c quit *$/);
		await view.press('\t');
		expect(statusOf(view)).toMatch(/\? help · tab prompt · ctrl\+c ctrl\+c quit *$/);
	});

	test('a message too long for the status line wraps above it, whole; the essential keys stay', () => {
		const facts: StatusFacts = {
			focus: 'prompt',
			running: true,
			message: 'A turn is running: escape stops it, then send again.',
			where: '12/12',
			model: 'claude-sonnet-4-20250514',
		};
		const text = shellStatusRows(defaultBindings, facts, columns).map((row) =>
			row.map((segment) => segment.text).join(''),
		);
		expect(text.every((line) => line.length === columns)).toBe(true);
		expect(text.join(' ')).toContain('A turn is running: escape stops it, then send again.');
		expect(text.at(-1)).toMatch(/tab transcript · ctrl\+c ctrl\+c quit *$/);
	});
});

test('at 80 columns the search count stays beside the essential keys: `ready` gives it room', () => {
	const facts: StatusFacts = {
		focus: 'transcript',
		running: false,
		message: undefined,
		where: '3/5',
		model: undefined,
		search: 'match 1 of 2',
	};
	const line = (more: Partial<StatusFacts>, width = 80) =>
		shellStatusRows(defaultBindings, {...facts, ...more}, width).map((row) =>
			row.map((segment) => segment.text).join(''),
		);
	expect(line({})).toEqual([
		' 3/5 · transcript  match 1 of 2  ? help · tab prompt · ctrl+c ctrl+c quit'.padEnd(80),
	]);
	// Without a search the state is shown; while a turn runs it is, search or not.
	expect(line({search: undefined})[0]).toMatch(/^ 3\/5 · ready · transcript {2}\?/);
	// With a model, the model gives way to the expand key first: at 80 columns from the prompt, and at
	// 100 and 120 while a turn runs.
	const model = 'claude-sonnet-4-5-20250929';
	expect(line({search: undefined, focus: 'prompt', model})[0]).toContain('ready · prompt  ctrl+o expand');
	for (const width of [100, 120]) {
		for (const focus of ['prompt', 'transcript'] as const) {
			expect(line({search: undefined, running: true, focus, model}, width)[0]).toContain('ctrl+o expand');
		}
	}
	expect(line({running: true}, 120)[0]).toMatch(/ · working, escape stops · transcript {2}match 1 of 2 {2}/);
});

test('a tab typed together with other keys is the focus key, never spaces in the prompt; a pasted tab stays text', async () => {
	const view = await shell(100, 24);
	await view.press('x\tG');
	expect(rowsOf(view).at(-1)).toBe('› x');
	expect(statusOf(view)).toContain('· transcript');
	await view.press('\t');
	await view.press('\u007F');
	// A paste of several lines keeps its tab.
	await view.press('a\tb\rc');
	expect(rowsOf(view).slice(-3)).toEqual([expect.stringContaining('· prompt'), '› a    b', '  c']);
});

test.each([
	[20, 10],
	[12, 3],
	[30, 4],
	[8, 2],
])('at %ix%i the frame is rows - 1 tall, the placeholder cut, the editor drawn', async (columns, rows) => {
	const view = await shell(columns, rows);
	await typeLine(view, 'ls');
	await view.waitForFrame((screen) => screen.split('\n').at(-1)?.startsWith('› ') === true, network);
	for (const frame of view.framesSinceResize()) {
		expect(frame.split('\n')).toHaveLength(rows - 1);
	}

	expect(rowsOf(view).at(-1)?.startsWith('›')).toBe(true);
	expect(rowsOf(view).every((row) => row.length <= columns)).toBe(true);
});
