import {expect, test} from 'vitest';
import {createPiAdapter} from '../../../source/sessions/pi/adapter.js';
import {StatsCollector} from '../../../source/sessions/stats.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {endOf, idsOf, loadFixture, readDetailsOf, reasons} from '../helpers.js';

test('v3: the branch that ends at the last entry is shown; the abandoned one is not', async () => {
	const session = await loadFixture('pi', 'v3-branches.jsonl');
	expect(idsOf(session.events, 'user-text')).toEqual(['e1', 'e10']);
	const texts = session.events.flatMap((event) => (event.type === 'assistant-text' ? [event.text] : []));
	expect(texts).toEqual(['Let me look.', 'Plan B is done.']);
	expect(texts.join()).not.toContain('plan A');
	expect(session.meta).toMatchObject({
		agent: 'pi',
		version: '3',
		model: 'gpt-5',
		cwd: '/home/ada/project',
		title: 'Config loader, plan B',
	});
});

test('v3: read results carry ReadDetails from the text, the truncation record and the notice', async () => {
	const {events} = await loadFixture('pi', 'v3-branches.jsonl');
	expect(readDetailsOf(events, 'call_r1')).toMatchObject({
		displayPath: 'src/config.ts',
		language: 'typescript',
		firstLine: 1,
		linesShown: 3,
		totalLines: 3,
		truncation: undefined,
	});
	// pi counts the empty string after a final newline: `of 5001` and `2 more lines` (after line 2 of a
	// 3-line file) are what the real pi writes (fixtures/agents/pi); the fixture said 5000 and 1 before.
	expect(readDetailsOf(events, 'call_r2')).toMatchObject({
		displayPath: 'logs/app.log',
		lines: ['GET /api/1 200', 'GET /api/2 200', 'GET /api/3 200'],
		totalLines: 5000,
		cut: {
			rule: 'pi-line-cap',
			nextOffset: 4,
			notice: '[Showing lines 1-3 of 5001. Use offset=4 to continue.]',
		},
	});
	expect(readDetailsOf(events, 'call_r3')).toMatchObject({
		firstLine: 2,
		linesShown: 1,
		totalLines: 3,
		cut: undefined,
	});
	expect(readDetailsOf(events, 'call_r4')).toMatchObject({kind: 'error', errorCode: 'not-found'});
	expect(readDetailsOf(events, 'call_r5')).toMatchObject({kind: 'image', displayPath: 'docs/diagram.png'});
	expect(endOf(events, 'call_b1').result.details).toBeUndefined();
});

test('v3: other entry kinds are brief notices or counted skips; damage is counted', async () => {
	const session = await loadFixture('pi', 'v3-branches.jsonl');
	const notices = session.events.flatMap((event) => (event.type === 'notice' ? [event.text] : []));
	expect(notices).toEqual([
		'branch summary: Tried plan A: a full rewrite.',
		'model: openai/gpt-5',
		'compacted (48000 tokens before): Read the loader; chose plan B.',
		'[reminder] Run the tests before you finish.',
	]);
	expect(endOf(session.events, 'e18')).toMatchObject({result: {isError: false}});
	expect(endOf(session.events, 'call_r6').result.isError).toBe(true);
	expect(reasons(session)).toEqual(
		expect.arrayContaining([
			'skipped: thinking block',
			'skipped: thinking_level_change entry',
			'skipped: custom entry',
			'skipped: label entry',
			'skipped: session_info entry',
			'unknown: entry type "sparkle"',
			'malformed: not valid JSON',
			'truncated: last line cut off',
			'unmatched: tool call without a result',
		]),
	);
});

test('v1: no ids, every entry in order', async () => {
	const session = await loadFixture('pi', 'v1-linear.jsonl');
	expect(session.meta).toMatchObject({version: '1', model: 'gpt-4o'});
	expect(session.events.map((event) => event.type)).toEqual([
		'user-text',
		'tool-start',
		'tool-end',
		'assistant-text',
		'notice',
	]);
	expect(readDetailsOf(session.events, 'v1_r1')).toMatchObject({
		displayPath: 'src/index.ts',
		lines: ["export * from './config.js';"],
	});
});

test('v2: hookMessage entries show unless hidden', async () => {
	const session = await loadFixture('pi', 'v2-hook.jsonl');
	expect(session.events).toEqual([
		{type: 'user-text', id: 'h1', text: 'hi'},
		{type: 'notice', id: 'h2', level: 'info', text: '[greeter] Hook says hello'},
		{type: 'assistant-text', id: 'h4:0', text: 'Hello!'},
	]);
});

test('a new entry on another branch resets and replays that branch (as a follower sees it)', () => {
	const adapter = createPiAdapter({stats: new StatsCollector()});
	const user = (id: string, parentId: string | null, text: string) => ({
		type: 'message',
		id,
		parentId,
		timestamp: 't',
		message: {role: 'user', content: text},
	});
	const out: TranscriptEvent[] = [];
	for (const [index, entry] of [
		{type: 'session', version: 3, id: 's', cwd: '/p'},
		user('a', null, 'one'),
		user('b', 'a', 'two'),
		user('c', 'a', 'other two'),
		user('d', 'c', 'three'),
	].entries()) {
		out.push(...adapter.push(entry, index + 1).events);
	}

	expect(out).toEqual([
		{type: 'user-text', id: 'a', text: 'one'},
		{type: 'user-text', id: 'b', text: 'two'},
		{type: 'reset'},
		{type: 'user-text', id: 'a', text: 'one'},
		{type: 'user-text', id: 'c', text: 'other two'},
		{type: 'user-text', id: 'd', text: 'three'},
	]);
});
