import {describe, expect, it} from 'vitest';
import {isRecord} from '../../source/agent/json.js';
import {AgentSession} from '../../source/agent/session.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {eventTags, makeWorkspace, startHarness} from './harness.js';

function requestText(body: unknown): string {
	return isRecord(body) && Array.isArray(body['messages']) ? JSON.stringify(body['messages']) : '';
}

function notices(events: readonly TranscriptEvent[]): string[] {
	return events.flatMap((event) => (event.type === 'notice' ? [event.text] : []));
}

const read = {id: 'toolu_1', name: 'read', input: {path: 'README.md'}};

describe('/compact', () => {
	it.each(['anthropic', 'openai'] as const)(
		'%s: summarises on request, says what it did, and the next read sends the full text again',
		async (api) => {
			const h = await startHarness(api, [
				{type: 'reply', toolCalls: [read]},
				{type: 'reply', text: ['It is a tiny workspace.']},
				{type: 'reply', text: ['We read README.md: a tiny workspace.']},
				{type: 'reply', toolCalls: [{...read, id: 'toolu_2'}]},
				{type: 'reply', text: ['Still tiny.']},
			]);
			await h.session.submit('What is this?');
			expect(h.session.messages.length).toBe(4);
			expect(await h.session.submit('/compact')).toEqual({type: 'handled'});
			// The summary request: the old conversation and the instruction, tools declared but not allowed.
			const summaryRequest = h.server.requests[2]?.body;
			expect(requestText(summaryRequest)).toMatch(/about to be cut to save context/);
			expect(requestText(summaryRequest)).toContain('What is this?');
			const said = notices(h.events);
			expect(said.at(-2)).toMatch(
				/^Compacting the conversation \(4 messages, about [\d,]+ tokens\) into a summary…$/,
			);
			expect(said.at(-1)).toMatch(
				/^Compacted 4 messages \(about [\d,]+ tokens\) into a summary of about [\d,]+ tokens\. Files read before are sent in full when read again\.$/,
			);
			// The summary is smaller than what it replaced, by the same measure.
			const [conversation, summary] = (said.at(-1)?.match(/[\d,]+(?= tokens)/g) ?? []).map((n) =>
				Number(n.replaceAll(',', '')),
			);
			expect(summary).toBeGreaterThan(0);
			expect(summary).toBeLessThan(conversation ?? 0);
			const compaction = h.events.find((event) => event.type === 'compaction');
			expect(compaction).toMatchObject({summary: 'We read README.md: a tiny workspace.'});
			expect(h.session.messages).toHaveLength(1);
			// Logged, so --continue rebuilds from the summary.
			expect(JSON.stringify(h.logEvents())).toContain('We read README.md: a tiny workspace.');

			await h.session.submit('Read it again');
			const next = requestText(h.server.requests[3]?.body);
			expect(next).toContain('We read README.md: a tiny workspace.');
			expect(next).not.toContain('What is this?');
			// The read cache was reset: the re-read is the whole file, not "unchanged".
			const after = requestText(h.server.requests[4]?.body);
			expect(after).toContain('A tiny workspace.');
			expect(after).not.toMatch(/unchanged/i);
		},
	);

	it('with nothing to compact, says so and sends nothing', async () => {
		const h = await startHarness('anthropic', [{type: 'reply', text: ['unused']}]);
		expect(await h.session.submit('/compact')).toEqual({type: 'handled'});
		expect(notices(h.events)).toEqual(['Nothing to compact: the conversation is empty.']);
		expect(h.server.requests).toHaveLength(0);
	});

	it('is refused while a turn runs: the turn goes on, nothing is summarised', async () => {
		const h = await startHarness('anthropic', [
			{type: 'reply', text: ['First.']},
			{type: 'hang', text: ['Thinking']},
		]);
		await h.session.submit('One');
		let outcome: unknown;
		h.session.subscribe((event) => {
			if (event.type === 'assistant-delta' && outcome === undefined) {
				outcome = 'pending';
				void h.session.submit('/compact').then((result) => {
					outcome = result;
					h.session.abort();
				});
			}
		});
		await h.session.submit('Two');
		await new Promise((resolve) => setImmediate(resolve));
		expect(outcome).toEqual({type: 'busy'});
		expect(h.server.requests).toHaveLength(2);
		expect(h.events.some((event) => event.type === 'compaction')).toBe(false);
		expect(h.session.messages.length).toBeGreaterThan(1);
	});

	it('a failed summary keeps the conversation as it was and says so', async () => {
		const h = await startHarness('openai', [
			{type: 'reply', text: ['First.']},
			{type: 'error', status: 400, message: 'context too long'},
		]);
		await h.session.submit('One');
		const before = h.session.messages;
		await h.session.submit('/compact');
		expect(notices(h.events).at(-1)).toMatch(/^Compaction failed \(.*\)\. The conversation goes on as it is/);
		expect(notices(h.events).some((text) => text.startsWith('Compacted'))).toBe(false);
		expect(h.session.messages).toEqual(before);
		expect(eventTags(h.events)).not.toContain('compaction');
	});

	it('without a model, says there is none and how to configure one', async () => {
		const session = new AgentSession({
			cwd: makeWorkspace(),
			config: undefined,
			noModelMessage: 'No model here.',
		});
		const events: TranscriptEvent[] = [];
		session.subscribe((event) => events.push(event));
		await session.submit('/compact');
		expect(notices(events)).toEqual(['There is no model to write a summary. No model here.']);
	});
});
