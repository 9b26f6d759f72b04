import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isRecord} from '../../source/agent/json.js';
import {AgentSession} from '../../source/agent/session.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {eventTags, makeWorkspace, startCompactingHarness, startHarness} from './harness.js';

function lastUserText(body: unknown): string {
	if (!isRecord(body) || !Array.isArray(body['messages'])) return '';
	return JSON.stringify(body['messages'].at(-1));
}

describe('abort', () => {
	it('stops the stream, keeps what arrived, says so, and the next prompt works', async () => {
		const h = await startHarness('anthropic', [
			{type: 'hang', text: ['Thinking about']},
			{type: 'reply', text: ['Next.']},
		]);
		let aborted = false;
		h.session.subscribe((event) => {
			if (event.type === 'assistant-delta' && !aborted) {
				aborted = true;
				h.session.abort();
			}
		});
		await h.session.submit('Hi');
		expect(eventTags(h.events)).toEqual(['user-text', 'assistant-text', 'notice:warning']);
		expect(h.events.at(-1)).toMatchObject({type: 'notice', text: 'Turn aborted.'});
		expect(h.session.running).toBe(false);
		await h.session.submit('Again');
		expect(eventTags(h.events).at(-1)).toBe('assistant-text');
	});

	it('answers tool calls that never ran, so the history stays valid', async () => {
		const h = await startHarness('openai', [
			{type: 'reply', toolCalls: [{id: 'call_1', name: 'read', input: {path: 'README.md'}}]},
			{type: 'reply', text: ['After.']},
		]);
		h.session.subscribe((event) => {
			if (event.type === 'tool-start') h.session.abort();
		});
		await h.session.submit('Hi');
		expect(eventTags(h.events)).toEqual(['user-text', 'tool-start:read', 'tool-end:error', 'notice:warning']);
		expect(h.session.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
	});
});

describe('the session log', () => {
	it('holds every complete event, without deltas, as it happens', async () => {
		const h = await startHarness('anthropic', [
			{
				type: 'reply',
				text: ['Reading.'],
				toolCalls: [{id: 'toolu_1', name: 'read', input: {path: 'README.md'}}],
			},
			{type: 'reply', text: ['A demo.']},
		]);
		await h.session.submit('What is this?');
		const logged = h.logEvents();
		expect(
			logged.map((entry) => (isRecord(entry) && isRecord(entry['event']) ? entry['event']['type'] : '?')),
		).toEqual(['user-text', 'assistant-text', 'tool-start', 'tool-end', 'assistant-text']);
		const emitted = h.events.filter((event) => event.type !== 'assistant-delta');
		expect(logged.map((entry) => (isRecord(entry) ? entry['event'] : undefined))).toEqual(
			JSON.parse(JSON.stringify(emitted)),
		);
	});
});

describe('clear', () => {
	it('resets the transcript, the history and the read cache', async () => {
		const call = {id: 'toolu_1', name: 'read', input: {path: 'README.md'}};
		const h = await startHarness('anthropic', [
			{type: 'reply', toolCalls: [call]},
			{type: 'reply', toolCalls: [{...call, id: 'toolu_2'}]},
			{type: 'reply', text: ['Same.']},
			{type: 'reply', toolCalls: [{...call, id: 'toolu_3'}]},
			{type: 'reply', text: ['Fresh.']},
		]);
		await h.session.submit('Read it twice');
		expect(lastUserText(h.server.requests[2]?.body)).toMatch(/unchanged/i);
		await h.session.submit('/clear');
		expect(h.events.some((event) => event.type === 'reset')).toBe(true);
		expect(h.session.messages).toEqual([]);
		await h.session.submit('Read it again');
		expect(lastUserText(h.server.requests[4]?.body)).toContain('A tiny workspace.');
		expect(lastUserText(h.server.requests[4]?.body)).not.toMatch(/unchanged/i);
	});
});

describe('compaction', () => {
	it('summarises a conversation nearing the window, replaces the history and resets the cache', async () => {
		// No usage reported (zeros), so the characters are the measure: see test/agent/context.test.ts.
		const h = await startCompactingHarness('anthropic');
		await h.session.submit('First question');
		await h.session.submit('Second question');
		const summaryRequest = h.server.requests[1]?.body;
		expect(JSON.stringify(summaryRequest)).toMatch(/about to be cut to save context/);
		expect(isRecord(summaryRequest) && summaryRequest['tool_choice']).toMatchObject({type: 'none'});
		const compaction = h.events.find((event) => event.type === 'compaction');
		expect(compaction?.type === 'compaction' && compaction.summary).toContain('We discussed greet.ts.');
		const next = h.server.requests[2]?.body;
		const messages = isRecord(next) && Array.isArray(next['messages']) ? next['messages'] : [];
		expect(JSON.stringify(messages)).toContain('We discussed greet.ts.');
		expect(JSON.stringify(messages)).not.toContain('xxxxxxxx');
		expect(h.session.messages.length).toBe(3);
	});
});

describe('without a model', () => {
	function shell(): {session: AgentSession; events: TranscriptEvent[]; workspace: string} {
		const workspace = makeWorkspace();
		const session = new AgentSession({cwd: workspace, config: undefined, noModelMessage: 'No model here.'});
		const events: TranscriptEvent[] = [];
		session.subscribe((event) => events.push(event));
		return {session, events, workspace};
	}

	it('runs direct commands as tool panels', async () => {
		const {session, events, workspace} = shell();
		writeFileSync(path.join(workspace, 'notes.txt'), 'one\ntwo\nthree\n');
		await session.submit('read notes.txt 2 1');
		expect(events.map((event) => event.type)).toEqual(['direct-command', 'tool-start', 'tool-end']);
		expect(events[0]).toMatchObject({type: 'direct-command', text: 'read notes.txt 2 1'});
		expect(events[1]).toMatchObject({
			name: 'read',
			args: {path: 'notes.txt', offset: 2, limit: 1},
			direct: true,
		});
		const end = events[2];
		expect(end?.type === 'tool-end' && end.result.content[0]).toMatchObject({
			type: 'text',
			text: expect.stringContaining('two'),
		});
		await session.submit('grep Hello');
		await session.submit('find "*.ts"');
		await session.submit('ls src');
		expect(
			events
				.filter((event) => event.type === 'tool-end')
				.map((event) => event.type === 'tool-end' && event.result.isError),
		).toEqual([false, false, false, false]);
	});

	it('says how to configure a model when given a prompt, and reports bad commands', async () => {
		const {session, events} = shell();
		await session.submit('what does this do?');
		await session.submit('read');
		await session.submit('/model');
		// What was typed stays in the transcript, above the answer.
		expect(
			events.map((event) =>
				event.type === 'notice'
					? event.text.split('\n')[0]
					: event.type === 'user-text' || event.type === 'direct-command'
						? `> ${event.text}`
						: event.type,
			),
		).toEqual([
			'> what does this do?',
			'No model here.',
			'> read',
			'read needs a path; usage: read <path> [offset] [limit] [--tail N] [--pages LIST] [--cells LIST] [--outline]',
			'No model here.',
		]);
	});

	it('hands /quit and /expand-all to the UI', async () => {
		const {session} = shell();
		expect(await session.submit('/quit')).toEqual({type: 'quit'});
		expect(await session.submit('/expand-all')).toEqual({type: 'expand-all'});
		expect(await session.submit('/help')).toEqual({type: 'handled'});
	});
});
