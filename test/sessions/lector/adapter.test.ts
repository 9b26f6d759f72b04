import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {toTranscriptEvent} from '../../../source/sessions/lector/event-json.js';
import {lastModelSwitch, parseLectorLog} from '../../../source/sessions/lector/log-file.js';
import {loadSession} from '../../../source/sessions/replay-file.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {idsOf, loadFixture, readDetailsOf, reasons} from '../helpers.js';

test('lector logs replay the events they logged', async () => {
	const session = await loadFixture('lector', 'session.jsonl');
	expect(session.meta).toMatchObject({
		agent: 'lector',
		model: 'claude-sonnet-4-5',
		cwd: '/home/ada/project',
		version: '1',
	});
	expect(session.events.map((event) => event.type)).toEqual([
		'user-text',
		'assistant-text',
		'tool-start',
		'tool-end',
		'tool-start',
		'tool-end',
		'notice',
		'tool-start',
		'tool-end',
	]);
	expect(readDetailsOf(session.events, 'c1')).toMatchObject({
		displayPath: 'src/config.ts',
		firstLine: 1,
		linesShown: 3,
	});
	expect(idsOf(session.events, 'tool-end')).toEqual(['c1', 'c2', 'c3']);
});

test('damage is counted, never fatal', async () => {
	const session = await loadFixture('lector', 'session.jsonl');
	expect(reasons(session)).toEqual(
		expect.arrayContaining([
			'malformed: not valid JSON',
			'unknown: event type "hologram"',
			'unknown: entry type "bookmark"',
			'truncated: last line cut off',
			'unmatched: tool call without a result',
		]),
	);
});

test('events are validated field by field', () => {
	expect(toTranscriptEvent({type: 'user-text', id: 'a'})).toBe('user-text without id or text');
	expect(toTranscriptEvent({type: 'notice-cleared', id: 'r'})).toEqual({type: 'notice-cleared', id: 'r'});
	expect(toTranscriptEvent({type: 'notice-cleared'})).toBe('notice-cleared without id');
	expect(toTranscriptEvent({type: 'notice', id: 'n', level: 'loud', text: 'x'})).toBe(
		'notice without id, level or text',
	);
	expect(toTranscriptEvent({type: 'tool-start', id: 't', name: 'read', args: 'nope', parentId: 'p'})).toEqual(
		{
			type: 'tool-start',
			id: 't',
			name: 'read',
			args: {},
			parentId: 'p',
		},
	);
	expect(
		toTranscriptEvent({type: 'tool-end', id: 't', result: {content: [{type: 'text', text: 'x'}, 7]}}),
	).toEqual({
		type: 'tool-end',
		id: 't',
		result: {content: [{type: 'text', text: 'x'}], isError: false},
	});
});

test('model-switch lines name the model from there on; a bad one is counted and changes nothing', async () => {
	const lines = [
		{
			type: 'lector-session',
			version: 1,
			id: 's',
			cwd: '/w',
			startedAt: '2025-03-01T09:00:00.000Z',
			model: 'm',
		},
		{type: 'event', at: '2025-03-01T09:00:01.000Z', event: {type: 'user-text', id: 'u1', text: 'Hi'}},
		{
			type: 'event',
			at: '2025-03-01T09:00:02.000Z',
			event: {
				type: 'notice',
				id: 'model-x-2',
				level: 'info',
				text: 'Switched to openai · gpt-4.1 (was openai · m) from the next prompt on.',
			},
		},
		{type: 'model-switch', at: '2025-03-01T09:00:02.000Z', provider: 'openai', model: 'gpt-4.1'},
		{type: 'model-switch', at: '2025-03-01T09:00:03.000Z', provider: 'openai', model: ''},
	];
	const text = lines.map((line) => `${JSON.stringify(line)}\n`).join('');
	const file = path.join(makeTempDir(), 'switched.jsonl');
	writeFileSync(file, text);
	const session = await loadSession(file);
	expect(session.meta?.model).toBe('gpt-4.1');
	// Version 1's notice and line are one typed switch now.
	expect(session.events.map((event) => event.type)).toEqual(['user-text', 'model-switch']);
	expect(reasons(session)).toEqual(['malformed: model-switch without provider or model']);
	const parsed = parseLectorLog(text);
	expect(lastModelSwitch(parsed.events)).toEqual({provider: 'openai', model: 'gpt-4.1'});
	expect(parsed.events).toHaveLength(2);
	expect(parsed.skipped).toBe(1);
});
