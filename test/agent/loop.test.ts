import {describe, expect, it} from 'vitest';
import {isRecord} from '../../source/agent/json.js';
import {read} from '../../source/read/index.js';
import type {FakeApi} from '../helpers/fake-model-server.js';
import {eventTags, startHarness} from './harness.js';

/** The tool results the server received in a request, as {id, text, isError}, for either wire format. */
function toolResults(body: unknown): {id: string; text: string; isError: boolean}[] {
	if (!isRecord(body) || !Array.isArray(body['messages'])) {
		return [];
	}

	const results: {id: string; text: string; isError: boolean}[] = [];
	for (const message of body['messages']) {
		if (!isRecord(message)) continue;
		if (message['role'] === 'tool' && typeof message['content'] === 'string') {
			results.push({id: String(message['tool_call_id']), text: message['content'], isError: false});
		}

		if (Array.isArray(message['content'])) {
			for (const part of message['content']) {
				if (isRecord(part) && part['type'] === 'tool_result' && typeof part['content'] === 'string') {
					results.push({
						id: String(part['tool_use_id']),
						text: part['content'],
						isError: part['is_error'] === true,
					});
				}
			}
		}
	}

	return results;
}

function systemText(body: unknown): string {
	if (!isRecord(body)) return '';
	const system = body['system'];
	if (Array.isArray(system))
		return system.map((part) => (isRecord(part) ? String(part['text']) : '')).join('');
	const messages = Array.isArray(body['messages']) ? body['messages'] : [];
	const first = messages[0];
	return isRecord(first) && first['role'] === 'system' ? String(first['content']) : '';
}

function toolNames(body: unknown): string[] {
	if (!isRecord(body) || !Array.isArray(body['tools'])) return [];
	return body['tools'].map((tool) => {
		if (!isRecord(tool)) return '';
		const fn = tool['function'];
		return isRecord(fn) ? String(fn['name']) : String(tool['name']);
	});
}

/** The read tool's declared parameters and their descriptions, as the request carried them. */
function readParameters(body: unknown): Record<string, unknown> {
	if (!isRecord(body) || !Array.isArray(body['tools'])) return {};
	for (const tool of body['tools']) {
		if (!isRecord(tool)) continue;
		const fn = isRecord(tool['function']) ? tool['function'] : tool;
		if (fn['name'] !== 'read') continue;
		// OpenAI: function.parameters; Anthropic: input_schema.
		const schema = isRecord(fn['parameters']) ? fn['parameters'] : fn['input_schema'];
		return isRecord(schema) && isRecord(schema['properties']) ? schema['properties'] : {};
	}

	return {};
}

describe.each<FakeApi>(['anthropic', 'openai'])('the agent loop over %s', (api) => {
	it("the request's read tool declares every parameter the engine takes, each described", async () => {
		const h = await startHarness(api, [{type: 'reply', text: ['Fine.']}]);
		await h.session.submit('Hello');
		const parameters = readParameters(h.server.requests[0]?.body);
		expect(Object.keys(parameters)).toEqual(['path', 'offset', 'limit', 'tail', 'pages', 'cells', 'outline']);
		for (const [name, parameter] of Object.entries(parameters)) {
			expect(isRecord(parameter) && typeof parameter['description'] === 'string', name).toBe(true);
			expect(isRecord(parameter) ? String(parameter['description']).length : 0, name).toBeGreaterThan(20);
		}
	});

	it('streams a text answer and sends the system prompt and the tools', async () => {
		const h = await startHarness(api, [{type: 'reply', text: ['The answer ', 'is 42.']}]);
		await h.session.submit('What is it?');
		expect(
			h.events
				.filter((event) => event.type === 'assistant-delta')
				.map((event) => event.type === 'assistant-delta' && event.delta),
		).toEqual(['The answer ', 'is 42.']);
		expect(eventTags(h.events)).toEqual(['user-text', 'assistant-text']);
		const body = h.server.requests[0]?.body;
		expect(systemText(body)).toContain(h.workspace);
		expect(systemText(body)).toMatch(/Read the code before you answer/);
		expect(toolNames(body).sort()).toEqual(['find', 'grep', 'ls', 'read']);
	});

	it("sends the read engine's text back byte for byte", async () => {
		const args = {path: 'src/greet.ts', offset: 2, limit: 1};
		const h = await startHarness(api, [
			{type: 'reply', text: ['Let me look.'], toolCalls: [{id: 'call_1', name: 'read', input: args}]},
			{type: 'reply', text: ['It greets.']},
		]);
		await h.session.submit('What does greet do?');
		expect(eventTags(h.events)).toEqual([
			'user-text',
			'assistant-text',
			'tool-start:read',
			'tool-end:ok',
			'assistant-text',
		]);
		const expected = await read(args, {cwd: h.workspace});
		const [block] = expected.content;
		const [result] = toolResults(h.server.requests[1]?.body);
		expect(result?.id).toBe('call_1');
		expect(block?.type === 'text' && block.text).toBe(result?.text);
		const end = h.events.find((event) => event.type === 'tool-end');
		expect(end?.type === 'tool-end' && end.result.details).toEqual(expected.details);
	});

	it('runs several calls of one step and answers them in order', async () => {
		const h = await startHarness(api, [
			{
				type: 'reply',
				toolCalls: [
					{id: 'call_a', name: 'grep', input: {pattern: 'Hello'}},
					{id: 'call_b', name: 'ls', input: {}},
					{id: 'call_c', name: 'find', input: {pattern: '*.md'}},
				],
			},
			{type: 'reply', text: ['Done.']},
		]);
		await h.session.submit('Look around.');
		expect(eventTags(h.events).slice(0, 4)).toEqual([
			'user-text',
			'tool-start:grep',
			'tool-start:ls',
			'tool-start:find',
		]);
		const results = toolResults(h.server.requests[1]?.body);
		expect(results.map((result) => result.id)).toEqual(['call_a', 'call_b', 'call_c']);
		expect(results[0]?.text).toBe('src/greet.ts:2: \treturn "Hello, " + name;');
		expect(results[1]?.text).toBe('README.md\nsrc/');
		expect(results[2]?.text).toBe('README.md');
	});

	it('answers malformed arguments and unknown tools with errors the model can retry from', async () => {
		const h = await startHarness(api, [
			{
				type: 'reply',
				toolCalls: [
					{id: 'call_bad', name: 'read', rawArguments: '{"path": '},
					{id: 'call_none', name: 'bash', input: {command: 'ls'}},
				],
			},
			{type: 'reply', toolCalls: [{id: 'call_ok', name: 'read', input: {path: 'README.md'}}]},
			{type: 'reply', text: ['Fine.']},
		]);
		await h.session.submit('Read the readme.');
		const [bad, none] = toolResults(h.server.requests[1]?.body);
		expect(bad?.text).toMatch(/not a valid JSON object: \{"path": /);
		expect(none?.text).toMatch(/no tool named "bash"/);
		if (api === 'anthropic') {
			expect(bad?.isError).toBe(true);
		}

		expect(eventTags(h.events)).toEqual([
			'user-text',
			'tool-start:read',
			'tool-start:bash',
			'tool-end:error',
			'tool-end:error',
			'tool-start:read',
			'tool-end:ok',
			'assistant-text',
		]);
	});
});
