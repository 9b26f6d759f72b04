import {afterEach, describe, expect, test} from 'vitest';
import {EventQueue, flushMs} from '../../../source/commands/replay/event-queue.js';
import {LiveTranscript} from '../../../source/commands/replay/replay-view.js';
import {defaultBindings} from '../../../source/keys/bindings.js';
import {StatsCollector} from '../../../source/sessions/stats.js';
import type {SessionMeta} from '../../../source/sessions/types.js';
import {displayWidth} from '../../../source/text/width.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {keys, type Rendered, renderAt, stripAnsi} from '../../helpers/render.js';

const rows = 30;
const painter = createPainter(darkTheme, 3);
const escapeKey = '\u001B';
let current: Rendered | undefined;

afterEach(() => {
	current?.unmount();
	current = undefined;
});

const meta: SessionMeta = {
	format: 'claude-code',
	agent: 'Claude Code',
	model: 'claude-opus-4-1',
	cwd: '/srv/project',
	startedAt: '2025-03-02T08:00:00.000Z',
	title: 'Config loader review',
};

function call(id: string, command: string, output: string, parentId?: string): TranscriptEvent[] {
	const parent = parentId === undefined ? {} : {parentId};
	return [
		{type: 'tool-start', id, name: 'Bash', args: {command}, ...parent},
		{type: 'tool-end', id, result: {content: [{type: 'text', text: output}], isError: false}, ...parent},
	];
}

const lines = (label: string, count: number) =>
	Array.from({length: count}, (_, index) => `${label} line ${index + 1}`).join('\n');

/** Six prompts, each with an answer and a call; "needle" in three places, one of them in a subagent's call. */
function sessionEvents(): TranscriptEvent[] {
	const events: TranscriptEvent[] = [];
	for (let prompt = 1; prompt <= 6; prompt++) {
		events.push({type: 'user-text', id: `u${prompt}`, text: `prompt number ${prompt}`});
		events.push({
			type: 'assistant-text',
			id: `a${prompt}`,
			text: prompt === 4 ? 'The NEEDLE is in the config.' : `answer ${prompt}`,
		});
		if (prompt === 3) {
			events.push(
				{type: 'tool-start', id: 'task', name: 'Task', args: {description: 'Find callers'}},
				...call('sub1', 'grep -rn loadConfig', `src/a.ts: needle\n${lines('sub', 2)}`, 'task'),
				...call('sub2', 'cat src/b.ts', lines('b.ts', 2), 'task'),
				{
					type: 'tool-end',
					id: 'task',
					result: {content: [{type: 'text', text: 'Found 2 callers.'}], isError: false},
				},
			);
		}

		events.push(
			...call(`t${prompt}`, `step ${prompt}`, prompt === 2 ? `${lines('out', 3)}\nneedle` : lines('out', 8)),
		);
	}

	return events;
}

function statsWithProblems() {
	const stats = new StatsCollector();
	stats.note('malformed', 'not JSON', 3);
	stats.note('unknown', 'line type "mystery"', 7);
	stats.note('skipped', 'thinking block', 4);
	stats.note('skipped', 'thinking block', 9);
	return stats.snapshot();
}

async function show(
	columns: number,
	follow = false,
	events = sessionEvents(),
): Promise<{view: Rendered; queue: EventQueue}> {
	const queue = new EventQueue();
	queue.push(events);
	queue.setFacts({meta, stats: statsWithProblems()});
	current = await renderAt(
		<LiveTranscript
			queue={queue}
			bindings={defaultBindings}
			painter={painter}
			previewLines={5}
			expanded={false}
			filePath="/logs/session.jsonl"
			follow={follow}
		/>,
		columns,
		rows,
	);
	return {view: current, queue};
}

function focusedLine(frame: string): string | undefined {
	return frame.split('\n').find((line) => line.startsWith('▌'));
}

function statusLine(frame: string): string {
	return frame.split('\n').at(-1) ?? '';
}

function assertFramesFit(view: Rendered, columns: number): void {
	for (const frame of view.framesSinceResize()) {
		const frameLines = stripAnsi(frame).split('\n');
		expect(frameLines.length).toBeLessThanOrEqual(rows - 1);
		for (const line of frameLines) {
			expect(displayWidth(line)).toBeLessThanOrEqual(columns);
		}
	}
}

describe.each([80, 120])('the replay view at %i columns', (columns) => {
	test('a fixed header with the session facts; starts at the top, first panel focused; counts in the status line', async () => {
		const {view} = await show(columns);
		const frame = await view.waitForFrame((text) => text.includes('prompt number 1'));
		const [facts, file, first] = frame.split('\n');
		expect(facts).toBe(` Claude Code · claude-opus-4-1 · /srv/project · 2025-03-02 08:00`.padEnd(columns));
		expect(file).toBe(' "Config loader review" · /logs/session.jsonl');
		// The focus is on the first panel, as after `g`: the focus keys never stop on a prompt.
		expect(first).toBe('  › prompt number 1');
		expect(focusedLine(frame)).toBe('▌ Bash step 1');
		expect(statusLine(frame)).toContain('1 malformed · 1 unknown · 2 skipped');
		expect(statusLine(frame)).toContain('? help');
		// Scrolling keeps the header where it is.
		await view.press(keys.pageDown);
		const paged = await view.waitForFrame((text) => !text.includes('prompt number 1'));
		expect(paged.split('\n').slice(0, 2)).toEqual([facts, file]);
		assertFramesFit(view, columns);
	});

	test('/ searches user and assistant text and tool output; n and N step through the matches, wrapping', async () => {
		const {view} = await show(columns);
		await view.press('/');
		await view.waitForFrame((text) => statusLine(text).startsWith('/ '));
		await view.press('nEEdle');
		await view.waitForFrame((text) => statusLine(text).startsWith('/nEEdle'));
		await view.press(keys.enter);
		let frame = await view.waitForFrame((text) => statusLine(text).includes('match 1 of 3'));
		expect(focusedLine(frame)).toBe('▌ Bash step 2');
		expect(frame).toContain('needle');

		await view.press('n');
		frame = await view.waitForFrame((text) => statusLine(text).includes('match 2 of 3'));
		// The subagent's call, nested under its Task call.
		expect(focusedLine(frame)).toBe('▌ │ Bash grep -rn loadConfig');
		await view.press('n');
		frame = await view.waitForFrame((text) => statusLine(text).includes('match 3 of 3'));
		expect(focusedLine(frame)).toBe('▌ The NEEDLE is in the config.');
		await view.press('n');
		frame = await view.waitForFrame((text) => statusLine(text).includes('match 1 of 3'));
		await view.press('N');
		frame = await view.waitForFrame((text) => statusLine(text).includes('match 3 of 3'));

		// Escape closes the prompt and keeps the last search; a search without a match says so.
		await view.press('/');
		await view.press('zzz');
		await view.press(escapeKey);
		frame = await view.waitForFrame((text) => statusLine(text).includes('match 3 of 3'));
		await view.press('/');
		await view.press('zzz');
		await view.press(keys.enter);
		frame = await view.waitForFrame((text) => statusLine(text).includes('no match for "zzz"'));
		expect(focusedLine(frame)).toBe('▌ The NEEDLE is in the config.');
		assertFramesFit(view, columns);
	});

	test('] and [ jump to the next and previous user prompt, shown at the top', async () => {
		const {view} = await show(columns);
		await view.waitForFrame((text) => text.includes('prompt number 1'));
		await view.press(']');
		let frame = await view.waitForFrame((text) => focusedLine(text) === '▌ › prompt number 2');
		expect(frame.split('\n')[2]).toBe('▌ › prompt number 2');
		await view.press(']');
		await view.press(']');
		frame = await view.waitForFrame((text) => focusedLine(text) === '▌ › prompt number 4');
		expect(frame.split('\n')[2]).toBe('▌ › prompt number 4');
		await view.press('[');
		await view.waitForFrame((text) => focusedLine(text) === '▌ › prompt number 3');
		// From a panel, [ goes to the prompt above it.
		await view.press('j');
		await view.press('j');
		await view.waitForFrame((text) => focusedLine(text)?.includes('│ Bash grep') === true);
		await view.press('[');
		await view.waitForFrame((text) => focusedLine(text) === '▌ › prompt number 3');
		assertFramesFit(view, columns);
	});

	test('a subagent’s calls are drawn under the call that started them, behind a guide', async () => {
		const {view} = await show(columns);
		await view.press(']');
		await view.press(']');
		const frame = await view.waitForFrame((text) => text.includes('Task description=Find callers'));
		const all = frame.split('\n');
		const task = all.findIndex((line) => line.includes('Task description=Find callers'));
		expect(all.slice(task, task + 7)).toEqual([
			'  Task description=Find callers',
			'  Found 2 callers.',
			'  │',
			'  │ Bash grep -rn loadConfig',
			'  │ src/a.ts: needle',
			'  │ sub line 1',
			'  │ sub line 2',
		]);
	});
});

test('with --follow the view starts at the bottom and follows new entries while the bottom is on screen', async () => {
	const {view, queue} = await show(100, true);
	let frame = await view.waitForFrame((text) => text.includes('out line 5'));
	expect(frame).not.toContain('prompt number 1');
	expect(frame.split('\n').at(-2)).toContain('more lines');
	queue.push([{type: 'user-text', id: 'u7', text: 'prompt number 7'}]);
	frame = await view.waitForFrame((text) => text.includes('prompt number 7'));
	expect(frame.split('\n').at(-2)).toBe('  › prompt number 7');

	// Scrolled up, new entries no longer move the view.
	await view.press(keys.pageUp);
	frame = await view.waitForFrame((text) => !text.includes('prompt number 7'));
	queue.push([{type: 'user-text', id: 'u8', text: 'prompt number 8'}]);
	// The status line counts the new item; the rows above it stay where they were.
	const after = await view.waitForFrame((text) => statusLine(text) !== statusLine(frame));
	expect(after.split('\n').slice(0, -1)).toEqual(frame.split('\n').slice(0, -1));
});

test('keys that arrive in one chunk: a search typed with its enter, then n n and N N, each a step', async () => {
	const {view} = await show(100);
	await view.waitForFrame((text) => text.includes('prompt number 1'));
	await view.press('/nEEdle\r');
	let frame = await view.waitForFrame((text) => statusLine(text).includes('match 1 of 3'));
	expect(focusedLine(frame)).toBe('▌ Bash step 2');
	// Each n steps on from where the one before it left, before anything is drawn.
	await view.press('nn');
	frame = await view.waitForFrame((text) => statusLine(text).includes('match 3 of 3'));
	expect(focusedLine(frame)).toBe('▌ The NEEDLE is in the config.');
	await view.press('NN');
	await view.waitForFrame((text) => statusLine(text).includes('match 1 of 3'));
	// A paste into the open prompt stays text: its n and N search, they do not step.
	await view.press('/');
	await view.waitForFrame((text) => statusLine(text).startsWith('/ '));
	await view.press('answer 5');
	await view.waitForFrame((text) => statusLine(text).startsWith('/answer 5'));
	await view.press(keys.enter);
	frame = await view.waitForFrame((text) => statusLine(text).includes('match 1 of 1'));
	expect(focusedLine(frame)).toBe('▌ answer 5');
	// A line break inside a paste is no enter: the prompt stays open, its text without the break.
	await view.press('/');
	await view.press('prompt\rnumber 6');
	await view.waitForFrame((text) => statusLine(text).startsWith('/promptnumber 6'));
});

test('N/M in the status line counts the focused item as the focus moves below the top of the screen', async () => {
	const {view} = await show(100);
	let frame = await view.waitForFrame((text) => text.includes('prompt number 1'));
	const total = /^ 3\/(\d+) {2}/.exec(statusLine(frame))?.[1];
	expect(total).toBeDefined();
	// The first prompt is the top row; the focus is on the first panel, the third item.
	expect(frame.split('\n')[2]).toBe('  › prompt number 1');
	expect(focusedLine(frame)).toBe('▌ Bash step 1');
	await view.press('j');
	frame = await view.waitForFrame((text) => focusedLine(text) !== '▌ Bash step 1');
	expect(statusLine(frame)).not.toMatch(new RegExp(`^ 3/${total} {2}`));
});

test('the focus keys move between panels everywhere: g and k give the view it opened with; [ reaches a prompt', async () => {
	const {view} = await show(100);
	const opened = await view.waitForFrame((text) => text.includes('prompt number 1'));
	await view.press('jj');
	await view.waitForFrame((text) => text !== opened);
	await view.press('g');
	expect(await view.waitForFrame((text) => text === opened)).toBe(opened);
	await view.press('k');
	expect(view.frame()).toBe(opened);
	// The prompt jumps (and search) are what focus a prompt.
	await view.press('[');
	const prompt = await view.waitForFrame((text) => focusedLine(text) === '▌ › prompt number 1');
	expect(statusLine(prompt)).toMatch(/^ 1\//);
});

test('following a log with nothing in it yet says it waits, not that its format is unknown', async () => {
	const queue = new EventQueue();
	const live = (follow: boolean) => (
		<LiveTranscript
			queue={queue}
			bindings={defaultBindings}
			painter={painter}
			previewLines={5}
			expanded={false}
			filePath="/logs/session.jsonl"
			follow={follow}
		/>
	);
	current = await renderAt(live(true), 100, rows);
	expect(current.frame().split('\n')[0]).toContain('waiting for the log to be written');
	current.unmount();
	// Without --follow the file is all there is: an unknown format is said to be one.
	current = await renderAt(live(false), 100, rows);
	expect(current.frame().split('\n')[0]).toContain('unknown format');
});

test('a log still being read: every frame says so until its facts come, none says the format is unknown', async () => {
	const queue = new EventQueue();
	queue.setFacts({meta: undefined, stats: undefined, loading: true});
	current = await renderAt(
		<LiveTranscript
			queue={queue}
			bindings={defaultBindings}
			painter={painter}
			previewLines={5}
			expanded={false}
			filePath="/logs/session.jsonl"
			follow={false}
		/>,
		100,
		rows,
	);
	const loading = current;
	expect(loading.frame().split('\n')[0]).toContain('reading the log…');
	// A key pressed now waits for the first items, then acts on them as it would after the first screen.
	await current.press('j');
	queue.push(sessionEvents());
	queue.setFacts({meta, stats: undefined, loading: true});
	const shown = await current.waitForFrame(
		(text) => text.includes('Claude Code') && focusedLine(text) !== '▌ Bash step 1',
	);
	const early = focusedLine(shown);
	const headers = current.framesSinceResize().map((frame) => stripAnsi(frame).split('\n')[0] ?? '');
	expect(headers.filter((header) => header.includes('unknown format'))).toEqual([]);
	// The same key pressed after the first screen.
	const later = await show(100);
	await later.view.waitForFrame((text) => focusedLine(text) === '▌ Bash step 1');
	await later.view.press('j');
	const after = await later.view.waitForFrame((text) => focusedLine(text) !== '▌ Bash step 1');
	expect(early).toBe(focusedLine(after));
	later.view.unmount();
	current = loading;
	// Read to the end without finding a format: only then is it said to be unknown.
	queue.setFacts({meta: undefined, stats: statsWithProblems()});
	const done = await current.waitForFrame((text) => text.split('\n')[0]?.includes('unknown format') === true);
	expect(done.split('\n')[0]).not.toContain('reading the log');
});

test('a log read in many small chunks redraws at most ten times a second, and at once after a quiet spell', async () => {
	const {view, queue} = await show(100);
	await view.waitForFrame((text) => text.includes('prompt number 1'));
	const before = view.framesSinceResize().length;
	// A reader delivering a chunk every 5 ms for a second: 200 deliveries.
	const started = performance.now();
	for (let chunk = 0; chunk < 200; chunk++) {
		queue.push(call(`load${chunk}`, `load ${chunk}`, 'ok'));
		// eslint-disable-next-line no-await-in-loop
		await new Promise((resolve) => {
			setTimeout(resolve, 5);
		});
	}

	const elapsed = performance.now() - started;
	const total = sessionEvents().filter((event) => event.type !== 'tool-end').length + 200;
	await view.waitForFrame((text) => statusLine(text).includes(`/${total}`), 2000);
	// ink-testing-library writes every render: one frame per delivery to the view.
	const frames = view.framesSinceResize().length - before;
	expect(frames).toBeGreaterThan(1);
	// Ten a second at most, whatever the flush period is set to.
	expect(frames).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 2);
	// After a quiet spell, the next events are drawn at once, not a flush period later.
	await new Promise((resolve) => {
		setTimeout(resolve, flushMs * 2);
	});
	const quiet = performance.now();
	queue.push(call('late', 'late call', 'ok'));
	await view.waitForFrame((text) => statusLine(text).includes(`/${total + 1}`));
	expect(performance.now() - quiet).toBeLessThan(flushMs);
});

test('what was read before the view came up is on its first frame, not a frame later', async () => {
	const queue = new EventQueue();
	let arrived = false;
	void queue.untilEvents().then(() => {
		arrived = true;
	});
	queue.setFacts({meta: undefined, stats: undefined, loading: true});
	await Promise.resolve();
	expect(arrived).toBe(false);
	queue.push(sessionEvents());
	queue.setFacts({meta, stats: undefined, loading: true});
	await queue.untilEvents();
	expect(arrived).toBe(true);
	current = await renderAt(
		<LiveTranscript
			queue={queue}
			bindings={defaultBindings}
			painter={painter}
			previewLines={5}
			expanded={false}
			filePath="/logs/session.jsonl"
			follow={false}
		/>,
		100,
		rows,
	);
	const [first = ''] = current.framesSinceResize().map((frame) => stripAnsi(frame));
	expect(first.split('\n')[0]).toContain('Claude Code');
	expect(first).toContain('prompt number 1');
	expect(first).not.toContain('reading the log');
	// Taken by the first frame: nothing is left to deliver.
	expect(queue.take()).toBeUndefined();
});
