/**
The shell end to end: ink-testing-library with raw key bytes, a real AgentSession, and the fake model
server on 127.0.0.1 speaking the real streaming wire format. Needs dist/cli.js (npm test builds first)
for the byte-for-byte comparison with `lector read --model-view`.
*/
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {isRecord} from '../../../source/agent/json.js';
import {AgentSession} from '../../../source/agent/session.js';
import ShellApp, {type ShellSession} from '../../../source/commands/shell/shell-app.js';
import {defaultBindings} from '../../../source/keys/bindings.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {startHarness} from '../../agent/harness.js';
import type {FakeApi} from '../../helpers/fake-model-server.js';
import {keys, type Rendered, renderAt, typeLine} from '../../helpers/render.js';
import {root} from '../../helpers/transcripts.js';

const columns = 100;
const rows = 24;
/** Ticks to wait for a frame that depends on a round trip to the fake server. */
const network = 5000;
const painter = createPainter(darkTheme, 0);
const escapeKey = '\u001B';
let current: Rendered | undefined;

afterEach(() => {
	current?.unmount();
	current = undefined;
});

async function shell(session: ShellSession, sticky: readonly TranscriptEvent[] = []): Promise<Rendered> {
	const heights: number[] = [];
	current = await renderAt(
		<ShellApp
			session={session}
			initialEvents={[]}
			stickyEvents={sticky}
			bindings={defaultBindings}
			painter={painter}
			previewLines={2}
			onFrame={(height) => heights.push(height)}
		/>,
		columns,
		rows,
	);
	return current;
}

/** The tool results (OpenAI `tool` messages, Anthropic `tool_result` blocks) in a request body. */
function toolResultTexts(body: unknown): string[] {
	const texts: string[] = [];
	const messages = isRecord(body) && Array.isArray(body['messages']) ? body['messages'] : [];
	for (const message of messages) {
		if (isRecord(message) && message['role'] === 'tool' && typeof message['content'] === 'string') {
			texts.push(message['content']);
		}

		const parts = isRecord(message) && Array.isArray(message['content']) ? message['content'] : [];
		for (const part of parts) {
			if (isRecord(part) && part['type'] === 'tool_result' && typeof part['content'] === 'string') {
				texts.push(part['content']);
			}
		}
	}

	return texts;
}

function frameHeights(view: Rendered): number[] {
	return view.framesSinceResize().map((frame) => frame.split('\n').length);
}

describe.each<FakeApi>(['openai', 'anthropic'])('the shell over %s', (api) => {
	test('a prompt, a read call shown as a collapsed panel, the exact tool result, the log', async () => {
		const args = {path: 'src/greet.ts'};
		const h = await startHarness(api, [
			{type: 'reply', text: ['Let me ', 'look.'], toolCalls: [{id: 'call_1', name: 'read', input: args}]},
			{type: 'reply', text: ['It greets by name.']},
		]);
		const view = await shell(h.session);
		await typeLine(view, 'What does greet do?');
		const frame = await view.waitForFrame((screen) => screen.includes('It greets by name.'), network);
		expect(frame).toContain('› What does greet do?');
		expect(frame).toContain('Let me look.');
		expect(frame).toContain('read src/greet.ts:1-3  3 lines');
		expect(frame).toContain('1 │ export function greet(name: string) {');
		expect(frame).toContain('… 1 more line (ctrl+o to expand)');
		expect(frame).not.toContain('3 │ }');

		// What the model got is byte for byte what `lector read --model-view` prints, minus its final newline.
		const cli = execFileSync(
			'node',
			[path.join(root, 'dist', 'cli.js'), 'read', args.path, '--model-view', '--cwd', h.workspace],
			{encoding: 'utf8'},
		);
		expect(toolResultTexts(h.server.requests[1]?.body)).toEqual([cli.slice(0, -1)]);

		await view.press(keys.ctrlO);
		await view.waitForFrame((screen) => screen.includes('3 │ }'));
		expect(frameHeights(view).every((height) => height === rows - 1)).toBe(true);

		const logged = h
			.logEvents()
			.map((entry) => (isRecord(entry) && isRecord(entry['event']) ? entry['event']['type'] : ''));
		expect(logged).toEqual(['user-text', 'assistant-text', 'tool-start', 'tool-end', 'assistant-text']);
	});
});

test('Esc aborts a streaming answer; the transcript says so and the next prompt works', async () => {
	const h = await startHarness('openai', [
		{type: 'hang', text: ['Thinking about ']},
		{type: 'reply', text: ['Second answer.']},
	]);
	const view = await shell(h.session);
	await typeLine(view, 'First');
	await view.waitForFrame(
		(screen) => screen.includes('Thinking about') && screen.includes('working'),
		network,
	);
	// Transcript keys still work while the model runs.
	await view.press(keys.pageUp);
	await view.press(escapeKey);
	await view.waitForFrame((screen) => screen.includes('Turn aborted.') && screen.includes('ready'), network);
	await typeLine(view, 'Second');
	await view.waitForFrame((screen) => screen.includes('Second answer.'), network);
	expect(h.logEvents().some((entry) => JSON.stringify(entry).includes('Turn aborted.'))).toBe(true);
});

test.each([
	[401, 'refused the request (401: nope)'],
	[429, '429'],
])('a %i is shown as a notice and the shell goes on', async (status, text) => {
	const h = await startHarness('openai', [
		{type: 'error', status, message: 'nope', retryAfter: '1'},
		...(status === 429 ? [{type: 'error', status, message: 'nope', retryAfter: '1'} as const] : []),
		{type: 'reply', text: ['Still here.']},
	]);
	const view = await shell(h.session);
	await typeLine(view, 'Hello');
	// A 401 ends the turn; a 429 is retried, its notice shown while lector waits.
	const frame = await view.waitForFrame(
		(screen) => screen.includes(text) && (status === 429 || screen.includes('ready')),
		network,
	);
	expect(frame).toMatch(/· .*(401|429)/);
	if (status === 401) {
		await typeLine(view, 'Again');
	}

	const last = await view.waitForFrame(
		(screen) => screen.includes('Still here.') && screen.includes('ready'),
		network,
	);
	// Once the retry was answered, its notice no longer holds and is gone.
	if (status === 429) {
		expect(last).not.toContain('Retrying');
	}
});

test('with no model: the banner, `read greeting.ts` shows its panel; multi-line input, paste and history', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const banner: TranscriptEvent = {
		type: 'notice',
		id: 'banner',
		level: 'warning',
		text: 'No model is configured.',
	};
	const view = await shell(session, [banner]);
	expect(view.frame()).toContain('· No model is configured.');
	await typeLine(view, 'read greeting.ts');
	const frame = await view.waitForFrame(
		(screen) => screen.includes('read greeting.ts:1-22  22 lines'),
		network,
	);
	expect(frame).toContain('… 20 more lines (ctrl+o to expand)');

	// A newline key, then a paste of three lines arriving as one chunk: all kept, the frame still fits.
	await view.press('first');
	await view.press('\n');
	await view.press('one\rtwo\rthree');
	const editing = view.frame().split('\n').slice(-4);
	// Ink drops trailing spaces, so the cursor cell after the last character does not show here.
	expect(editing).toEqual(['› first', '  one', '  two', '  three']);
	expect(frameHeights(view).every((height) => height === rows - 1)).toBe(true);

	// Up on the first line recalls the previous prompt; Enter sends it again.
	// Ctrl+U deletes to the line's start, then the line break: six presses leave `first`.
	for (let line = 0; line < 6; line++) {
		await view.press('\u0015');
	}

	expect(view.frame().split('\n').at(-1)).toBe('› first');
	// A held backspace: its repeats arrive as one chunk.
	await view.press('\u007F'.repeat(5));
	expect(view.frame().split('\n').at(-1)).toBe('›  Ask about the code');
	await view.press(keys.up);
	expect(view.frame().split('\n').at(-1)).toBe('› read greeting.ts');
	session.close();
});

test('ctrl+c shows a hint first; tab gives the transcript the keys and q gives them back', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const view = await shell(session);
	await typeLine(view, 'ls');
	await view.waitForFrame((screen) => screen.includes('greeting.ts'), network);
	await view.press('\u0003');
	expect(view.frame()).toContain('Press ctrl+c again to quit.');
	await view.press('\t');
	expect(view.frame()).toContain('· transcript');
	await view.press('q');
	expect(view.frame()).toContain('· prompt');
	session.close();
});

test('in the transcript, keys that arrive together each count (kkk moves three panels); N/M is the focused one', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const view = await shell(session);
	for (let count = 1; count <= 4; count++) {
		await typeLine(view, `read server.py ${count} 1`);
		await view.waitForFrame((screen) => screen.includes(`read server.py:${count}  1 of`), network);
	}

	const statusRow = () => view.frame().split('\n').at(-2) ?? '';
	const [, total] = /^ \d+\/(\d+)/.exec(statusRow()) ?? [];
	expect(statusRow()).toMatch(new RegExp(`^ ${total}/${total} `));
	await view.press('\t');
	await view.press('kkk');
	const focusedRow = view
		.frame()
		.split('\n')
		.find((row) => row.startsWith('▌ read server.py'));
	expect(focusedRow).toContain('read server.py:1  1 of');
	// Each read sits under its echoed command line: the first read is item 2.
	expect(statusRow()).toMatch(new RegExp(`^ 2/${total} `));
	// Once focus is back on the prompt, a chunk is typed text again.
	await view.press('q');
	await view.press('kkk');
	expect(view.frame().split('\n').at(-1)).toBe('› kkk');
	session.close();
});

test('sending a command after scrolling up brings the view back to the bottom, where its panel shows', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const view = await shell(session);
	// Eight reads make the transcript taller than the screen.
	for (let count = 1; count <= 8; count++) {
		await typeLine(view, `read server.py ${count} 3`);
		await view.waitForFrame((screen) => screen.includes(`read server.py:${count}-${count + 2}`), network);
	}

	for (let page = 0; page < 5; page++) {
		await view.press(keys.pageUp);
	}

	const scrolled = (screen: string) => screen.includes('server.py:1-3') && !screen.includes('server.py:8-10');
	await view.waitForFrame(scrolled);
	await typeLine(view, 'ls');
	const frame = await view.waitForFrame((screen) => screen.includes('AGENTS.md'), network);
	expect(frame).toContain('read server.py:8-10');
	session.close();
});

test('/model switches the model: notice, status line, the next request; wrong input stays in the editor', async () => {
	const h = await startHarness('openai', [{type: 'reply', text: ['Answered by the other model.']}]);
	const banner: TranscriptEvent = {type: 'notice', id: 'banner', level: 'info', text: 'openai · test-model'};
	const view = await shell(h.session, [banner]);
	const statusRow = () => view.frame().split('\n').at(-2) ?? '';
	expect(statusRow()).toMatch(/^ \d+\/\d+ · test-model · ready · prompt/);

	await typeLine(view, '/model other-model');
	await view.waitForFrame((screen) => screen.includes('Switched to openai · other-model'), network);
	expect(statusRow()).toMatch(/^ \d+\/\d+ · other-model · ready · prompt/);
	await typeLine(view, 'Who answers?');
	await view.waitForFrame((screen) => screen.includes('Answered by the other model.'), network);
	const body = h.server.requests[0]?.body;
	expect(isRecord(body) && body['model']).toBe('other-model');

	// Wrong input: a notice says why, and what was typed is back in the editor to be corrected.
	await typeLine(view, '/model gemini pro');
	const refused = await view.waitForFrame((screen) => screen.includes('Unknown provider "gemini"'), network);
	expect(refused.split('\n').at(-1)).toBe('› /model gemini pro');
	expect(statusRow()).toContain('· other-model ·');

	// After /clear the banner (the start-up model) comes back with the switch that followed it.
	for (let count = 0; count < '/model gemini pro'.length; count++) {
		await view.press('\u007F');
	}

	await typeLine(view, '/clear');
	const cleared = await view.waitForFrame((screen) => !screen.includes('Who answers?'), network);
	expect(cleared).toContain('openai · test-model');
	expect(cleared).toContain('Switched to openai · other-model');
	expect(frameHeights(view).every((height) => height === rows - 1)).toBe(true);
});

test('mouse reports never reach the prompt: the wheel scrolls the transcript; m toggles reporting from the transcript', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const view = await shell(session);
	for (let count = 1; count <= 6; count++) {
		await typeLine(view, `read server.py ${count * 10} 3`);
		await view.waitForFrame((screen) => screen.includes(`read server.py:${count * 10}-`), network);
	}

	const bottom = view.frame();
	await view.press('\u001B[<64;10;5M');
	const scrolled = await view.waitForFrame((screen) => screen.split('\n')[0] !== bottom.split('\n')[0]);
	expect(scrolled.split('\n').slice(3, 8)).toEqual(bottom.split('\n').slice(0, 5));
	await view.press('\u001B[<0;10;5M');
	expect(view.frame().split('\n').at(-1)).toBe('›  Ask about the code');

	const written = () => view.framesSinceResize().join('');
	await view.press('\t');
	await view.press('m');
	await view.waitForFrame(() => written().includes('\u001B[?1000h'));
	expect(view.frame().split('\n').at(-2)).toContain('mouse on (m)');
	// Reporting on, back at the prompt: a report split in two pieces is joined, not typed.
	await view.press('\t');
	await view.press('\u001B[<65;10;5');
	await view.press('M');
	await view.press('x');
	expect(view.frame().split('\n').at(-1)).toBe('› x');
	session.close();
});
