import {expect, test} from 'vitest';
import {toTranscriptEvent} from '../../source/sessions/lector-adapter.js';
import {idsOf, loadFixture, readDetailsOf, reasons} from './helpers.js';

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
