import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadReadCaps} from '../../source/agent/config-file.js';
import {isRecord} from '../../source/agent/json.js';
import {describeModelConfig} from '../../source/agent/model-switch.js';
import {outputTokensFor, readLimitsFor} from '../../source/agent/read-caps.js';
import {defaultLimits} from '../../source/read/types.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {startHarness} from './harness.js';

const temp = makeTempDir('lector-read-caps-');

/** The text of the first tool result in a request body, for either wire format. */
function firstToolResult(body: unknown): string {
	if (!isRecord(body) || !Array.isArray(body['messages'])) return '';
	for (const message of body['messages']) {
		if (!isRecord(message)) continue;
		if (message['role'] === 'tool' && typeof message['content'] === 'string') return message['content'];
		if (Array.isArray(message['content'])) {
			for (const part of message['content']) {
				if (isRecord(part) && part['type'] === 'tool_result' && typeof part['content'] === 'string') {
					return part['content'];
				}
			}
		}
	}

	return '';
}

function readDescription(body: unknown): string {
	if (!isRecord(body) || !Array.isArray(body['tools'])) return '';
	for (const tool of body['tools']) {
		if (!isRecord(tool)) continue;
		const fn = isRecord(tool['function']) ? tool['function'] : tool;
		if (fn['name'] === 'read') return String(fn['description']);
	}

	return '';
}

describe('read caps fit the context window', () => {
	it('keeps the defaults for a large window and lowers them to a quarter of a small one', () => {
		expect(readLimitsFor(200_000)).toEqual({
			maxLines: defaultLimits.maxLines,
			maxBytes: defaultLimits.maxBytes,
		});
		for (const window of [8000, 32_000, 64_000]) {
			const {maxLines, maxBytes} = readLimitsFor(window);
			// Worst case: every byte of text at 3 bytes a token, every line's number at 2 tokens.
			expect(maxBytes / 3 + maxLines * 2).toBeLessThanOrEqual(window / 4);
		}

		expect(readLimitsFor(8000, {maxLines: 5000})).toMatchObject({maxLines: 5000});
		expect(outputTokensFor(8192, 8000)).toBe(4000);
		expect(outputTokensFor(8192, 200_000)).toBe(8192);
	});

	it('/model says what the reads are capped at and why', () => {
		const config = {
			provider: 'openai' as const,
			model: 'small',
			baseUrl: 'http://127.0.0.1:1/v1',
			apiKey: undefined,
			contextWindow: 8000,
			maxOutputTokens: 8192,
			sources: {provider: 't', model: 't', baseUrl: 't', apiKey: 't', maxOutputTokens: 't'},
		};
		const {maxLines, maxBytes} = readLimitsFor(8000);
		const shown = describeModelConfig(config);
		expect(shown).toContain(
			`Read caps: ${maxLines} lines, ${maxBytes.toLocaleString('en-US')} bytes (lowered to a quarter of the context window)`,
		);
		expect(shown).toContain('sent as 4000 (half the window)');
		expect(describeModelConfig(config, {maxLines: 9})).toContain('Read caps: 9 lines');
	});

	it('a small model gets a smaller read, and its tool description and max_tokens say so', async () => {
		const h = await startHarness(
			'openai',
			[
				{type: 'reply', toolCalls: [{id: 'c1', name: 'read', input: {path: 'long.txt'}}]},
				{type: 'reply', text: ['Read it.']},
			],
			{config: {contextWindow: 8000}},
		);
		writeFileSync(
			path.join(h.workspace, 'long.txt'),
			`${Array.from({length: 3000}, (_, index) => `entry ${index + 1}`).join('\n')}\n`,
		);
		await h.session.submit('Read long.txt');
		const {maxLines} = readLimitsFor(8000);
		const sent = firstToolResult(h.server.requests[1]?.body);
		expect(sent).toContain(`offset=${maxLines + 1}`);
		expect(sent.split('\n').filter((line) => /^\s*\d+\t/.test(line))).toHaveLength(maxLines);
		expect(readDescription(h.server.requests[0]?.body)).toContain(`at most ${maxLines} lines`);
		expect(isRecord(h.server.requests[0]?.body) && h.server.requests[0]?.body['max_tokens']).toBe(4000);
	});

	it('caps the person set win over the fitted ones', async () => {
		const h = await startHarness(
			'anthropic',
			[
				{type: 'reply', toolCalls: [{id: 'c1', name: 'read', input: {path: 'src/greet.ts'}}]},
				{type: 'reply', text: ['Done.']},
			],
			{session: {readCaps: {maxLines: 1}}},
		);
		await h.session.submit('Read greet');
		const sent = firstToolResult(h.server.requests[1]?.body);
		expect(sent).toMatch(/^ +1\texport function greet/);
		expect(sent).toContain('offset=2');
	});

	it('reads "read" from the config file and names a bad field', async () => {
		const good = path.join(temp, 'good.json');
		writeFileSync(good, JSON.stringify({read: {maxLines: 500, maxBytes: 20_000}}));
		expect(await loadReadCaps(good)).toEqual({maxLines: 500, maxBytes: 20_000});
		const bad = path.join(temp, 'bad.json');
		writeFileSync(bad, JSON.stringify({read: {maxLines: '5k'}}));
		const error = await loadReadCaps(bad);
		expect(error instanceof Error && error.message).toBe(
			`${bad}: "read.maxLines" must be a whole number of at least 1, got "5k".`,
		);
		expect(await loadReadCaps(path.join(temp, 'missing.json'))).toEqual({});
	});
});
