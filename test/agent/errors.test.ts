import http from 'node:http';
import {describe, expect, it} from 'vitest';
import type {FakeApi} from '../helpers/fake-model-server.js';
import {eventTags, startHarness} from './harness.js';

function notices(events: readonly {type: string}[]): string[] {
	return events.flatMap((event) =>
		'text' in event && event.type === 'notice' && typeof event.text === 'string' ? [event.text] : [],
	);
}

/** A port nothing listens on: a server is opened and closed again. */
async function closedPort(): Promise<number> {
	const server = http.createServer();
	await new Promise<void>((resolve) => {
		server.listen(0, '127.0.0.1', resolve);
	});
	const address = server.address();
	await new Promise<void>((resolve) => {
		server.close(() => resolve());
	});
	return typeof address === 'object' && address !== null ? address.port : 9;
}

describe.each<FakeApi>(['anthropic', 'openai'])('provider errors over %s', (api) => {
	const keyVariable = api === 'anthropic' ? 'ANTHROPIC_API_KEY' : 'OPENAI_API_KEY';

	it.each([401, 403])('%i says which key to set, and the session goes on', async (status) => {
		const h = await startHarness(api, [
			{type: 'error', status, message: 'invalid x-api-key'},
			{type: 'reply', text: ['Back.']},
		]);
		await h.session.submit('Hi');
		expect(eventTags(h.events)).toEqual(['user-text', 'notice:error']);
		expect(notices(h.events)[0]).toContain(keyVariable);
		expect(notices(h.events)[0]).toContain('invalid x-api-key');
		expect(h.sleeps).toEqual([]);
		await h.session.submit('Again');
		expect(eventTags(h.events).slice(2)).toEqual(['user-text', 'assistant-text']);
	});

	it('404 names the model', async () => {
		const h = await startHarness(api, [{type: 'error', status: 404, message: 'model: claude-nope'}]);
		await h.session.submit('Hi');
		expect(notices(h.events)[0]).toMatch(/does not know the model "(claude-test|test-model)"/);
	});

	it('429 honours retry-after, then succeeds', async () => {
		const h = await startHarness(api, [
			{type: 'error', status: 429, retryAfter: '3'},
			{type: 'reply', text: ['Ok.']},
		]);
		await h.session.submit('Hi');
		expect(h.sleeps).toEqual([3000]);
		expect(eventTags(h.events)).toEqual(['user-text', 'notice:warning', 'assistant-text']);
		expect(notices(h.events)[0]).toMatch(/rate limiting.*Retrying in 3\.0 s \(retry 1 of 4\)/);
	});

	it('429 backs off exponentially and gives up after the last retry', async () => {
		const h = await startHarness(
			api,
			Array.from({length: 5}, () => ({type: 'error' as const, status: 429})),
		);
		await h.session.submit('Hi');
		expect(h.sleeps).toEqual([1000, 2000, 4000, 8000]);
		expect(eventTags(h.events).at(-1)).toBe('notice:error');
		// The four retries update one notice in place: the view shows it once, then the final error.
		const retryIds = h.events.flatMap((event) =>
			event.type === 'notice' && event.level === 'warning' ? [event.id] : [],
		);
		expect(retryIds).toHaveLength(4);
		expect(new Set(retryIds).size).toBe(1);
		expect(h.server.remaining()).toBe(0);
	});

	it('429 with a retry-after beyond the longest wait is not waited for', async () => {
		const h = await startHarness(api, [{type: 'error', status: 429, retryAfter: '3600'}]);
		await h.session.submit('Hi');
		expect(h.sleeps).toEqual([]);
		expect(notices(h.events)[0]).toMatch(/asks to wait 3600 s/);
	});

	it('5xx is retried', async () => {
		const h = await startHarness(api, [
			{type: 'error', status: 503, message: 'overloaded'},
			{type: 'reply', text: ['Ok.']},
		]);
		await h.session.submit('Hi');
		expect(h.sleeps).toEqual([1000]);
		expect(notices(h.events)[0]).toMatch(/server error \(503: overloaded\)/);
		expect(eventTags(h.events).at(-1)).toBe('assistant-text');
	});

	it('no network (ECONNREFUSED) is retried, then reported', async () => {
		const port = await closedPort();
		const baseUrl = api === 'anthropic' ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/v1`;
		const h = await startHarness(api, [], {
			config: {baseUrl},
			session: {retry: {maxRetries: 1, sleep: async () => {}}},
		});
		await h.session.submit('Hi');
		expect(notices(h.events).at(-1)).toMatch(/Cannot reach .*ECONNREFUSED/);
	});

	it('a stream cut mid-answer keeps what arrived, says so, and the session goes on', async () => {
		const h = await startHarness(api, [
			{type: 'cut', text: ['Half an ', 'answer']},
			{type: 'reply', text: ['Whole.']},
		]);
		await h.session.submit('Hi');
		expect(eventTags(h.events)).toEqual(['user-text', 'assistant-text', 'notice:error']);
		const text = h.events.find((event) => event.type === 'assistant-text');
		expect(text?.type === 'assistant-text' && text.text).toBe('Half an answer');
		expect(notices(h.events)[0]).toMatch(/cut off/);
		expect(h.sleeps).toEqual([]);
		await h.session.submit('Go on');
		expect(JSON.stringify(h.server.requests[1]?.body)).toContain('Half an answer');
		expect(eventTags(h.events).at(-1)).toBe('assistant-text');
	});
});
