import http from 'node:http';
import {describe, expect, it} from 'vitest';
import {isRecord} from '../../source/agent/json.js';
import {maxAnswerChars} from '../../source/agent/step.js';
import {toTranscriptEvent} from '../../source/sessions/lector/event-json.js';
import {applyEvents, emptyTranscript} from '../../source/transcript/reducer.js';
import type {FakeApi} from '../helpers/fake-model-server.js';
import {eventTags, startHarness} from './harness.js';
import {shownNotices} from './notice-texts.js';

const notices = shownNotices;

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

/** The harness's sources, for tests that change one. */
const sources = {provider: 'test', model: 'test', baseUrl: 'test', apiKey: 'test', maxOutputTokens: 'test'};

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

	it('401 without a key says that none is set, and which variable sets one', async () => {
		const h = await startHarness(api, [{type: 'error', status: 401, message: 'missing key'}], {
			config: {apiKey: undefined, sources: {...sources, apiKey: 'none'}},
		});
		await h.session.submit('Hi');
		expect(notices(h.events)[0]).toMatch(
			new RegExp(
				`refused the request \\(401: missing key\\): no API key is set: set ${keyVariable} \\(or LECTOR_API_KEY\\)\\.$`,
			),
		);
	});

	it('401 with a key names where the refused key came from', async () => {
		const h = await startHarness(api, [{type: 'error', status: 401, message: 'bad key'}], {
			config: {sources: {...sources, apiKey: keyVariable}},
		});
		await h.session.submit('Hi');
		expect(notices(h.events)[0]).toContain(
			`(401: bad key): the API key from ${keyVariable} was not accepted: check it, or set another in ${keyVariable} (or LECTOR_API_KEY).`,
		);
	});

	it('404 names where the model name came from', async () => {
		const h = await startHarness(api, [{type: 'error', status: 404, message: 'no such model'}], {
			config: {sources: {...sources, model: 'flag --model'}},
		});
		await h.session.submit('Hi');
		expect(notices(h.events)[0]).toContain('Check the model name (from flag --model) and the base URL');
	});

	it('404 after a /model switch points to /model, not to a flag the person did not use', async () => {
		const h = await startHarness(api, [{type: 'error', status: 404, message: 'no such model'}], {
			config: {sources: {...sources, model: 'flag --model'}},
		});
		await h.session.submit('/model other-model');
		await h.session.submit('Hi');
		const failure = notices(h.events).at(-1) ?? '';
		expect(failure).toContain('does not know the model "other-model"');
		expect(failure).toContain('Pick another model with /model, or check the base URL');
		expect(failure).not.toContain('--model');
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
		// The retry notice goes once the answer arrives: it no longer holds.
		expect(eventTags(h.events)).toEqual(['user-text', 'notice:warning', 'notice-cleared', 'assistant-text']);
		// A no-break space keeps the number and its unit on one row when the notice wraps.
		expect(notices(h.events)[0]).toMatch(/rate limiting.*Retrying in 3\.0\u00a0s \(retry 1 of 4\)/);
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
		const retryIds = h.events.flatMap((event) => (event.type === 'retry' ? [event.id] : []));
		expect(retryIds).toHaveLength(4);
		expect(new Set(retryIds).size).toBe(1);
		expect(h.server.remaining()).toBe(0);
		expect(notices(h.events).at(-1)).toMatch(
			/rate limiting requests \(429: .*\)\. Gave up after 5 tries; send the prompt again to retry\.$/,
		);
	});

	it('5xx on every try: the final notice says lector gave up, and after how many tries', async () => {
		const short = await startHarness(
			api,
			Array.from({length: 3}, () => ({type: 'error' as const, status: 500, message: 'boom'})),
			{session: {retry: {maxRetries: 2, sleep: async () => {}}}},
		);
		await short.session.submit('Hi');
		expect(notices(short.events).at(-1)).toMatch(
			/had a server error \(500: boom\)\. Gave up after 3 tries; send the prompt again to retry\.$/,
		);
	});

	it('429 with a retry-after beyond the longest wait is not waited for', async () => {
		const h = await startHarness(api, [{type: 'error', status: 429, retryAfter: '3600'}]);
		await h.session.submit('Hi');
		expect(h.sleeps).toEqual([]);
		expect(notices(h.events)[0]).toMatch(/asks to wait 3600\u00a0s/);
	});

	it('529 overloaded once, then an answer: neither the transcript nor the replayed log keeps the retry notice', async () => {
		const h = await startHarness(api, [
			{type: 'error', status: 529, message: 'Overloaded'},
			{type: 'reply', text: ['Here ', 'it is.']},
		]);
		await h.session.submit('Hi');
		expect(h.sleeps).toEqual([1000]);
		// Shown while waiting...
		expect(notices(h.events)[0]).toMatch(/Retrying in 1\.0\u00a0s \(retry 1 of 4\)/);
		// ...and gone before the answer's first words.
		const cleared = h.events.findIndex((event) => event.type === 'notice-cleared');
		expect(cleared).toBeLessThan(h.events.findIndex((event) => event.type === 'assistant-delta'));
		const shown = applyEvents(emptyTranscript, h.events).items;
		expect(shown.map((item) => item.type)).toEqual(['user', 'assistant']);
		const logged = h.logEvents().map((line) => toTranscriptEvent(isRecord(line) ? line['event'] : line));
		const replayed = applyEvents(
			emptyTranscript,
			logged.filter((event) => typeof event !== 'string'),
		).items;
		expect(logged.filter((event) => typeof event === 'string')).toEqual([]);
		expect(replayed.map((item) => item.type)).toEqual(['user', 'assistant']);
	});

	it('a retry that fails for good keeps its notice, above the error that says lector stopped', async () => {
		const h = await startHarness(
			api,
			Array.from({length: 3}, () => ({type: 'error' as const, status: 529, message: 'Overloaded'})),
			{session: {retry: {maxRetries: 2, sleep: async () => {}}}},
		);
		await h.session.submit('Hi');
		expect(h.events.some((event) => event.type === 'notice-cleared')).toBe(false);
		const shown = applyEvents(emptyTranscript, h.events).items.flatMap((item) =>
			item.type === 'notice' ? [item.text] : [],
		);
		expect(shown).toHaveLength(2);
		expect(shown[0]).toMatch(/Retrying in .* \(retry 2 of 2\)\.$/);
		expect(shown[1]).toMatch(/Gave up after 3 tries/);
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

	it('a runaway answer is kept up to maxAnswerChars, with a notice, and only that goes back to the model', async () => {
		const piece = `${'x'.repeat(9999)}\n`;
		const h = await startHarness(api, [
			{type: 'reply', text: Array.from({length: 300}, () => piece)},
			{type: 'reply', text: ['ok']},
		]);
		await h.session.submit('Talk');
		const text = h.events.find((event) => event.type === 'assistant-text');
		expect(text?.type === 'assistant-text' && text.text.length).toBe(maxAnswerChars);
		const deltas = h.events.flatMap((event) => (event.type === 'assistant-delta' ? [event.delta] : []));
		expect(deltas.join('').length).toBe(maxAnswerChars);
		expect(notices(h.events).at(-1)).toBe(
			'The answer was longer than lector keeps: 3,000,000 characters arrived, and the first 1,000,000 are shown, logged and kept in the conversation.',
		);
		await h.session.submit('Again');
		const sent = JSON.stringify(h.server.requests[1]?.body);
		expect(sent.length).toBeGreaterThan(maxAnswerChars);
		expect(sent.length).toBeLessThan(maxAnswerChars + 200_000);
	});

	it('a stream cut inside a tool call is said once, as a cut, and not retried', async () => {
		const call = {id: 'call_1', name: 'read', input: {path: 'README.md', offset: 10}};
		const h = await startHarness(api, [
			{type: 'cut', text: [], inToolCall: call},
			{type: 'reply', text: ['Whole.']},
		]);
		await h.session.submit('Hi');
		expect(notices(h.events)).toHaveLength(1);
		expect(notices(h.events)[0]).toMatch(/cut off/);
		expect(notices(h.events)[0]).toMatch(/while the model was writing a read call, which was not run/);
		expect(notices(h.events)[0]).not.toMatch(/Cannot reach/);
		expect(h.sleeps).toEqual([]);
		expect(h.server.requests).toHaveLength(1);
		expect(h.events.some((event) => event.type === 'tool-start')).toBe(false);
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
