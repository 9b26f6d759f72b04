/** `/model`: parsing, resolving a switch, and switching a real session against the fake model server. */

import type {ModelMessage} from 'ai';
import {describe, expect, it} from 'vitest';
import type {ModelConfig} from '../../source/agent/config.js';
import {isRecord} from '../../source/agent/json.js';
import {parseModelArgument, resolveModelSwitch} from '../../source/agent/model-switch.js';
import {historyForProvider} from '../../source/agent/provider-history.js';
import {AgentSession} from '../../source/agent/session.js';
import {loadSession} from '../../source/sessions/replay-file.js';
import {startFakeModelServer} from '../helpers/fake-model-server.js';
import {eventTags, makeWorkspace, startHarness} from './harness.js';
import {shownNotices} from './notice-texts.js';

function bodyOf(request: {body: unknown} | undefined): Record<string, unknown> {
	return isRecord(request?.body) ? request.body : {};
}

const noticeTexts = shownNotices;

describe('parseModelArgument', () => {
	it.each([
		['', undefined],
		['  ', undefined],
		['other-model', {provider: undefined, model: 'other-model'}],
		['openai:gpt-4.1', {provider: 'openai', model: 'gpt-4.1'}],
		['Anthropic:claude-opus-4', {provider: 'anthropic', model: 'claude-opus-4'}],
		['claude:claude-opus-4', {provider: 'anthropic', model: 'claude-opus-4'}],
		['anthropic claude-opus-4', {provider: 'anthropic', model: 'claude-opus-4'}],
		// Colons belong to the name unless what comes before one is a provider (Ollama tags).
		['qwen2.5-coder:7b', {provider: undefined, model: 'qwen2.5-coder:7b'}],
		['mistral:latest', {provider: undefined, model: 'mistral:latest'}],
		['openai:qwen2.5-coder:7b', {provider: 'openai', model: 'qwen2.5-coder:7b'}],
	])('%j', (argument, expected) => {
		expect(parseModelArgument(argument)).toEqual(expected);
	});

	it.each([
		['anthropic:', /model name after "anthropic:" is empty: type e\.g\. \/model anthropic:claude-sonnet-4-5/],
		['openai', /Name the model too: e\.g\. \/model openai:gpt-4\.1-mini/],
		['gemini pro', /Unknown provider "gemini": lector speaks anthropic and openai/],
		['my model name', /Model names have no spaces/],
	])('%j is refused with advice', (argument, problem) => {
		const parsed = parseModelArgument(argument);
		expect(parsed && 'problem' in parsed ? parsed.problem : '').toMatch(problem);
	});
});

describe('resolveModelSwitch', () => {
	const start: ModelConfig = {
		provider: 'openai',
		model: 'qwen',
		baseUrl: 'http://127.0.0.1:11434/v1',
		apiKey: undefined,
		contextWindow: 16_000,
		maxOutputTokens: 2000,
		sources: {
			provider: 'flag --provider',
			model: 'flag --model',
			baseUrl: 'flag --base-url',
			apiKey: 'none',
			maxOutputTokens: 'LECTOR_MAX_OUTPUT_TOKENS',
		},
	};
	// What the person started with: generic settings that belong to the Ollama server.
	const env = {
		LECTOR_BASE_URL: 'http://127.0.0.1:11434/v1',
		LECTOR_API_KEY: 'ollama',
		ANTHROPIC_API_KEY: 'ak',
	};

	function resolve(choice: {provider?: 'anthropic' | 'openai'; model: string}, current = start) {
		return resolveModelSwitch({
			current,
			start,
			choice: {provider: choice.provider, model: choice.model},
			env,
			file: undefined,
		});
	}

	it('keeps the provider, base URL, key, window and output cap for a name alone', () => {
		const result = resolve({model: 'llama3:8b'});
		expect(result).toEqual({
			ok: true,
			config: {...start, model: 'llama3:8b', sources: {...start.sources, model: '/model'}},
		});
	});

	it("takes another provider's own settings only, never the flags and LECTOR_* of the first one", () => {
		const result = resolve({provider: 'anthropic', model: 'claude-sonnet-4-5'});
		expect(result).toMatchObject({
			ok: true,
			config: {
				provider: 'anthropic',
				model: 'claude-sonnet-4-5',
				baseUrl: 'https://api.anthropic.com',
				apiKey: 'ak',
				contextWindow: 16_000,
				maxOutputTokens: 2000,
				sources: {provider: '/model', model: '/model', apiKey: 'ANTHROPIC_API_KEY'},
			},
		});
		// Back to the provider the session started with: its start-up base URL.
		if (!result.ok) throw new Error(result.message);
		expect(resolve({provider: 'openai', model: 'qwen'}, result.config)).toMatchObject({
			ok: true,
			config: {provider: 'openai', baseUrl: 'http://127.0.0.1:11434/v1', sources: {provider: '/model'}},
		});
	});

	it('refuses a provider with no key or base URL, saying what to set', () => {
		const anthropicStart: ModelConfig = {...start, provider: 'anthropic', model: 'claude-x'};
		const result = resolveModelSwitch({
			current: anthropicStart,
			start: anthropicStart,
			choice: {provider: 'openai', model: 'gpt-4.1'},
			env: {LECTOR_API_KEY: 'generic'},
			file: undefined,
		});
		expect(result).toEqual({
			ok: false,
			message:
				'Cannot switch to openai: it has no key or base URL. Set OPENAI_API_KEY (or OPENAI_BASE_URL for a ' +
				'proxy or local server) and start lector again, or start it with --provider openai --model gpt-4.1. ' +
				'The model stays anthropic · claude-x.',
		});
	});

	it("uses the config file's base URL for the provider it names, and checks it", () => {
		const anthropicStart: ModelConfig = {...start, provider: 'anthropic', model: 'claude-x'};
		const switchTo = (baseUrl: string) =>
			resolveModelSwitch({
				current: anthropicStart,
				start: anthropicStart,
				choice: {provider: 'openai', model: 'qwen'},
				env: {},
				file: {provider: 'openai', model: 'llama3', baseUrl},
			});
		expect(switchTo('http://127.0.0.1:8000/v1')).toMatchObject({
			ok: true,
			config: {provider: 'openai', model: 'qwen', baseUrl: 'http://127.0.0.1:8000/v1'},
		});
		expect(switchTo('localhost:8000')).toMatchObject({
			ok: false,
			message: expect.stringMatching(
				/^Cannot switch to openai: The base URL "localhost:8000" .*stays anthropic/,
			),
		});
	});
});

describe('historyForProvider', () => {
	const history: ModelMessage[] = [
		{role: 'user', content: 'Look at the logo.'},
		{role: 'assistant', content: [{type: 'tool-call', toolCallId: 'call:1', toolName: 'read', input: {}}]},
		{
			role: 'tool',
			content: [
				{
					type: 'tool-result',
					toolCallId: 'call:1',
					toolName: 'read',
					output: {
						type: 'content',
						value: [
							{type: 'text', text: 'PNG 10x10'},
							{type: 'image-data', data: 'AAAA', mediaType: 'image/png'},
						],
					},
				},
			],
		},
	];

	it('turns image results into the note OpenAI-compatible servers get', () => {
		const tool = historyForProvider(history, 'openai')[2];
		expect(tool).toMatchObject({
			content: [
				{
					output: {
						type: 'text',
						value:
							'PNG 10x10\n[An image (image/png) was read, but this provider cannot receive images in tool results.]',
					},
				},
			],
		});
		expect(history[2]).toMatchObject({content: [{output: {type: 'content'}}]});
	});

	it('gives Anthropic call ids it accepts, the same in the call and its result', () => {
		const converted = historyForProvider(history, 'anthropic');
		expect(converted[1]).toMatchObject({content: [{toolCallId: 'call_1'}]});
		expect(converted[2]).toMatchObject({content: [{toolCallId: 'call_1', output: {type: 'content'}}]});
	});
});

describe('/model in a session', () => {
	it.each(['openai', 'anthropic'] as const)(
		'over %s: the next request names the new model; the log and replay show the switch',
		async (api) => {
			const h = await startHarness(api, [
				{type: 'reply', text: ['First.']},
				{type: 'reply', text: ['Second.']},
			]);
			await h.session.submit('One');
			expect(await h.session.submit('/model other-model')).toEqual({type: 'handled'});
			expect(h.session.config).toMatchObject({provider: api, model: 'other-model'});
			await h.session.submit('Two');
			const models = h.server.requests.map((request) => bodyOf(request)['model']);
			expect(models).toEqual([api === 'anthropic' ? 'claude-test' : 'test-model', 'other-model']);
			// The conversation goes on: the second request holds the first answer.
			expect(JSON.stringify(bodyOf(h.server.requests[1])['messages'])).toContain('First.');

			const switched = h.events.find((event) => event.type === 'model-switch');
			expect(switched).toMatchObject({
				to: {provider: api, model: 'other-model'},
				text: expect.stringMatching(
					new RegExp(
						`^Switched to ${api} · other-model \\(was ${api} · .+\\) from the next prompt on\\. Base URL and key as before\\. Context window: 32000 tokens`,
					),
				),
			});
			const replayed = await loadSession(h.logPath);
			expect(replayed.events).toContainEqual(switched);
			expect(replayed.stats.notes).toEqual([]);
			expect(h.session.describeModel()).toMatch(/^Provider: .*\nModel: other-model \(from \/model\)/);
		},
	);

	it('switches provider: the other server gets the conversation and the new model', async () => {
		const anthropic = await startFakeModelServer('anthropic', [{type: 'reply', text: ['From Claude.']}]);
		try {
			const h = await startHarness('openai', [{type: 'reply', text: ['From the local model.']}], {
				session: {env: {ANTHROPIC_BASE_URL: anthropic.origin, LECTOR_BASE_URL: 'http://127.0.0.1:9/v1'}},
			});
			await h.session.submit('One');
			await h.session.submit('/model anthropic:claude-other');
			expect(h.session.config).toMatchObject({
				provider: 'anthropic',
				model: 'claude-other',
				baseUrl: anthropic.origin,
			});
			await h.session.submit('Two');
			expect(noticeTexts(h.events).at(-1)).toMatch(
				/^Switched to anthropic · claude-other \(was openai · test-model\) from the next prompt on\. Base URL http:\/\/127\.0\.0\.1:\d+ \(from ANTHROPIC_BASE_URL\), key none\./,
			);
			expect(h.server.requests).toHaveLength(1);
			const body = bodyOf(anthropic.requests[0]);
			expect(body['model']).toBe('claude-other');
			expect(JSON.stringify(body['messages'])).toContain('From the local model.');
			expect(eventTags(h.events).at(-1)).toBe('assistant-text');
		} finally {
			await anthropic.close();
		}
	});

	it('refuses wrong input with a notice, and a switch while a turn runs as busy', async () => {
		const h = await startHarness('openai', [
			{type: 'hang', text: ['Thinking']},
			{type: 'reply', text: ['Done.']},
		]);
		for (const input of ['/model gemini pro', '/model openai:', '/model anthropic:claude-x']) {
			expect(await h.session.submit(input)).toEqual({type: 'refused'});
		}

		expect(noticeTexts(h.events)).toEqual([
			expect.stringMatching(/^Unknown provider "gemini"/),
			expect.stringMatching(/^The model name after "openai:" is empty/),
			expect.stringMatching(/^Cannot switch to anthropic: it has no key or base URL\. Set ANTHROPIC_API_KEY/),
		]);

		const streaming = new Promise<void>((resolve) => {
			h.session.subscribe((event) => {
				if (event.type === 'assistant-delta') resolve();
			});
		});
		const turn = h.session.submit('Think');
		await streaming;
		expect(await h.session.submit('/model other-model')).toEqual({type: 'busy'});
		expect(h.session.config?.model).toBe('test-model');
		h.session.abort();
		await turn;
		expect(await h.session.submit('/model other-model')).toEqual({type: 'handled'});
		expect(await h.session.submit('/model openai:other-model')).toEqual({type: 'handled'});
		expect(noticeTexts(h.events).at(-1)).toMatch(/^Already using openai · other-model\. Switch with/);
		await h.session.submit('Again');
		expect(bodyOf(h.server.requests[1])['model']).toBe('other-model');
	});

	it('a conversation too big for the new window is compacted first, by the model in use', async () => {
		const h = await startHarness(
			'anthropic',
			[
				{type: 'reply', text: ['We read the big file.']},
				{type: 'reply', text: ['Small answer.']},
			],
			{
				session: {
					history: [
						{role: 'user', content: `Read this: ${'x'.repeat(100_000)}`},
						{role: 'assistant', content: [{type: 'text', text: 'Read.'}]},
					],
				},
			},
		);
		// claude-test holds 200,000 tokens; tiny-model is unknown, so 32,000 are assumed.
		await h.session.submit('/model tiny-model');
		expect(bodyOf(h.server.requests[0])['model']).toBe('claude-test');
		expect(noticeTexts(h.events)).toEqual([
			expect.stringMatching(
				/^The conversation \(about \d+ tokens\) is too big for tiny-model's context window \(32000\); claude-test compacts it/,
			),
			expect.stringMatching(/^Compacted the conversation into a summary.*We read the big file\.$/s),
			expect.stringMatching(/^Switched to anthropic · tiny-model/),
		]);
		await h.session.submit('Next');
		const body = bodyOf(h.server.requests[1]);
		expect(body['model']).toBe('tiny-model');
		expect(JSON.stringify(body['messages'])).not.toContain('x'.repeat(1000));
	});

	it('stopping that summary cancels the switch', async () => {
		const h = await startHarness('anthropic', [{type: 'hang', text: []}], {
			session: {history: [{role: 'user', content: 'x'.repeat(100_000)}]},
		});
		h.session.subscribe((event) => {
			if (event.type === 'notice' && event.text.includes('is too big for')) h.session.abort();
		});
		expect(await h.session.submit('/model tiny-model')).toEqual({type: 'handled'});
		expect(h.session.config?.model).toBe('claude-test');
		expect(h.session.running).toBe(false);
		expect(noticeTexts(h.events).at(-1)).toBe(
			'The switch was stopped; the model stays anthropic · claude-test.',
		);
	});

	it('without a model there is nothing to switch from', async () => {
		const session = new AgentSession({
			cwd: makeWorkspace(),
			config: undefined,
			noModelMessage: 'No model here.',
		});
		const texts: string[] = [];
		session.subscribe((event) => {
			if (event.type === 'notice') texts.push(event.text);
		});
		expect(await session.submit('/model other')).toEqual({type: 'refused'});
		expect(await session.submit('/model')).toEqual({type: 'handled'});
		expect(texts).toEqual(['There is no model to switch from. No model here.', 'No model here.']);
	});
});

describe('max output tokens', () => {
	it.each(['openai', 'anthropic'] as const)('reach the %s request body as max_tokens', async (api) => {
		const h = await startHarness(api, [{type: 'reply', text: ['Short.']}], {config: {maxOutputTokens: 1234}});
		await h.session.submit('Hi');
		expect(bodyOf(h.server.requests[0])['max_tokens']).toBe(1234);
	});
});
