import type {ModelMessage} from 'ai';
import {describe, expect, it} from 'vitest';
import {ContextMeter, estimateTokens} from '../../source/agent/context.js';
import {isRecord} from '../../source/agent/json.js';
import type {FakeApi} from '../helpers/fake-model-server.js';
import {startCompactingHarness, startHarness} from './harness.js';
import {shownNotices} from './notice-texts.js';

function bodyOf(request: {body: unknown} | undefined): Record<string, unknown> {
	return isRecord(request?.body) ? request.body : {};
}

const noticeTexts = shownNotices;

const summaryAsked = /about to be cut to save context/;

describe('ContextMeter', () => {
	const question: ModelMessage = {role: 'user', content: 'Where is greet defined?'};
	const answer: ModelMessage = {role: 'assistant', content: [{type: 'text', text: 'In src/greet.ts.'}]};

	it('estimates the whole request until a count is recorded', () => {
		const meter = new ContextMeter();
		expect(meter.measure('system', [question])).toBe(estimateTokens('system', [question]));
		expect(meter.measure('system', [], [question])).toBe(estimateTokens('system', [question]));
	});

	it('takes the count, and estimates only what was added since', () => {
		const meter = new ContextMeter();
		const history = [question, answer];
		meter.record(5000, history);
		expect(meter.measure('system', history)).toBe(5000);
		const added = estimateTokens('', [question]) - estimateTokens('', []);
		expect(meter.measure('system', history, [question])).toBe(5000 + added);
		history.push(question);
		expect(meter.measure('system', history)).toBe(5000 + added);
	});

	it('keeps the count when an answer reports none, and forgets it for a replaced history', () => {
		const meter = new ContextMeter();
		const history = [question, answer];
		meter.record(5000, history);
		history.push(question, answer);
		meter.record(undefined, history);
		expect(meter.measure('system', history)).toBeGreaterThan(5000);
		const replaced = [question];
		expect(meter.measure('system', replaced)).toBe(estimateTokens('system', replaced));
	});
});

describe('compaction measured by the provider', () => {
	it.each(['openai', 'anthropic'] as const)(
		'%s: a reported count near the window compacts before the next prompt, though the text is short',
		async (api: FakeApi) => {
			const h = await startHarness(
				api,
				[
					{type: 'reply', text: ['Short.'], usage: {input: 7400, output: 200}},
					{type: 'reply', text: ['We talked briefly.']},
					{type: 'reply', text: ['Carrying on.']},
				],
				{config: {contextWindow: 10_000}},
			);
			await h.session.submit('First question');
			await h.session.submit('Second question');
			expect(JSON.stringify(bodyOf(h.server.requests[1]))).toMatch(summaryAsked);
			expect(noticeTexts(h.events)[0]).toBe(
				'The conversation (about 7600 tokens) is nearing the context window (10000); compacting it into a summary…',
			);
			expect(JSON.stringify(bodyOf(h.server.requests[2])['messages'])).toContain('We talked briefly.');
			if (api === 'openai') {
				// Without it, OpenAI-compatible servers leave usage out of streams.
				expect(bodyOf(h.server.requests[0])['stream_options']).toEqual({include_usage: true});
			}
		},
	);

	it('the new prompt is estimated on top of the count', async () => {
		const h = await startHarness(
			'openai',
			[
				{type: 'reply', text: ['Short.'], usage: {input: 7000, output: 100}},
				{type: 'reply', text: ['Summary.']},
				{type: 'reply', text: ['Fine.']},
			],
			{config: {contextWindow: 10_000}},
		);
		await h.session.submit('First question');
		// 7,100 reported plus about 570 for these 2,000 characters passes 7,500 (75%).
		await h.session.submit(`Look at this: ${'y'.repeat(2000)}`);
		expect(JSON.stringify(bodyOf(h.server.requests[1]))).toMatch(summaryAsked);
	});

	it('a count far below the characters is trusted: no compaction', async () => {
		const h = await startHarness(
			'anthropic',
			[
				{type: 'reply', text: ['x'.repeat(3000)], usage: {input: 100, output: 20}},
				{type: 'reply', text: ['Next.']},
			],
			{config: {contextWindow: 1500}},
		);
		await h.session.submit('First question');
		await h.session.submit('Second question');
		expect(JSON.stringify(bodyOf(h.server.requests[1]))).not.toMatch(summaryAsked);
		expect(noticeTexts(h.events)).toEqual([]);
	});

	it('tool results not yet sent are estimated on top: the turn stops near the window', async () => {
		const h = await startHarness(
			'openai',
			[
				{
					type: 'reply',
					toolCalls: [{id: 'call_1', name: 'read', input: {path: 'README.md'}}],
					usage: {input: 9150, output: 40},
				},
				{type: 'reply', text: ['Never asked for.']},
			],
			{config: {contextWindow: 10_000}},
		);
		await h.session.submit('Read the README');
		// 9,190 reported is under 92% of the window; the read's result pushes it over.
		expect(h.server.requests).toHaveLength(1);
		expect(noticeTexts(h.events).at(-1)).toMatch(
			/^The turn stopped: the conversation \(about 92\d\d tokens\) nearly fills the model's context window of 10000\./,
		);
	});
});

describe('compaction when the provider reports no usage', () => {
	it.each(['openai', 'anthropic'] as const)('%s: the characters are the measure', async (api: FakeApi) => {
		const h = await startCompactingHarness(api);
		await h.session.submit('First question');
		await h.session.submit('Second question');
		expect(JSON.stringify(bodyOf(h.server.requests[1]))).toMatch(summaryAsked);
		expect(noticeTexts(h.events)[0]).toMatch(/^The conversation \(about \d+ tokens\) is nearing/);
	});

	it('an earlier answer’s count stays, and the answers after it are estimated', async () => {
		const h = await startHarness(
			'openai',
			[
				{type: 'reply', text: ['Short.'], usage: {input: 7000, output: 100}},
				{type: 'reply', text: ['z'.repeat(2000)], usage: 'none'},
				{type: 'reply', text: ['Summary.']},
				{type: 'reply', text: ['Fine.']},
			],
			{config: {contextWindow: 10_000}},
		);
		await h.session.submit('First question');
		await h.session.submit('Second question');
		expect(JSON.stringify(bodyOf(h.server.requests[1]))).not.toMatch(summaryAsked);
		// 7,100 reported plus about 600 estimated for the second exchange; characters alone would be far less.
		await h.session.submit('Third question');
		expect(JSON.stringify(bodyOf(h.server.requests[2]))).toMatch(summaryAsked);
	});
});
