import {expect, test} from 'vitest';
import {endOf, loadFixture, readDetailsOf, reasons} from '../helpers.js';

const session = () =>
	loadFixture('codex', 'rollout-2025-03-03T12-00-00-0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl');

test('messages without the injected context, and session facts', async () => {
	const {events, meta} = await session();
	expect(meta).toMatchObject({
		agent: 'Codex',
		model: 'gpt-5-codex',
		cwd: '/home/ada/project',
		version: '0.46.0',
	});
	expect(
		events
			.filter((event) => event.type === 'user-text' || event.type === 'assistant-text')
			.map((event) => event.type),
	).toEqual(['user-text', 'assistant-text']);
});

test('shell reads become read calls with the range they asked for', async () => {
	const {events} = await session();
	const starts = events.flatMap((event) =>
		event.type === 'tool-start' ? [[event.id, event.name, event.args]] : [],
	);
	expect(starts.slice(0, 6)).toEqual([
		[
			'call_sed',
			'read',
			{path: 'src/config.ts', offset: 1, limit: 3, command: "sed -n '1,3p' src/config.ts"},
		],
		[
			'call_nl',
			'read',
			{path: 'src/config.ts', offset: 2, limit: 2, command: "nl -ba src/config.ts | sed -n '2,3p'"},
		],
		['call_cat', 'read', {path: 'README.md', offset: 1, command: 'cat README.md'}],
		['call_head', 'read', {path: 'src/config.ts', offset: 1, limit: 2, command: 'head -n 2 src/config.ts'}],
		['call_tail', 'read', {path: 'logs/app.log', tail: 2, command: 'tail -n 2 logs/app.log'}],
		['call_missing', 'read', {path: 'missing.ts', offset: 1, command: 'cat missing.ts'}],
	]);
	expect(readDetailsOf(events, 'call_sed')).toMatchObject({
		displayPath: 'src/config.ts',
		firstLine: 1,
		linesShown: 3,
	});
	expect(readDetailsOf(events, 'call_nl')).toMatchObject({
		firstLine: 2,
		lines: ["\treturn JSON.parse(readFileSync(path, 'utf8'));", '}'],
	});
	expect(readDetailsOf(events, 'call_cat')).toMatchObject({
		lines: ['# Project', '', 'Loads config.'],
		totalLines: 3,
	});
	expect(readDetailsOf(events, 'call_head')).toMatchObject({linesShown: 2});
	expect(readDetailsOf(events, 'call_tail')).toMatchObject({
		firstLine: undefined,
		selection: {mode: 'tail', count: 2},
	});
	expect(readDetailsOf(events, 'call_missing')).toMatchObject({kind: 'error', errorCode: 'not-found'});
	expect(endOf(events, 'call_missing').result.isError).toBe(true);
});

test('other calls stay generic with their output unwrapped', async () => {
	const {events} = await session();
	expect(endOf(events, 'call_rg')).toMatchObject({
		name: 'shell',
		args: {command: 'rg -n loadConfig src', workdir: '/home/ada/project'},
		result: {
			content: [{type: 'text', text: 'src/a.ts:2:loadConfig("a.json");\nsrc/b.ts:5:loadConfig(path);\n'}],
			isError: false,
		},
	});
	expect(endOf(events, 'call_patch')).toMatchObject({
		name: 'apply_patch',
		result: {content: [{text: 'Success. Updated the following files:\nM src/config.ts\n'}]},
	});
	expect(endOf(events, 'call_plan').result.content).toEqual([{type: 'text', text: 'Plan updated'}]);
});

test('duplicates, unknown and damaged lines, and a call without output, are counted', async () => {
	const loaded = await session();
	expect(
		loaded.events.filter((event) => event.type === 'tool-start' && event.id === 'call_sed'),
	).toHaveLength(1);
	expect(endOf(loaded.events, 'call_never').result.isError).toBe(true);
	expect(reasons(loaded)).toEqual(
		expect.arrayContaining([
			'skipped: context Codex injected into a user message',
			'skipped: reasoning item',
			'skipped: repeated call_id (forked history)',
			'unknown: line type "mystery_record"',
			'malformed: not valid JSON',
			'truncated: last line cut off',
			'unmatched: tool call without a result',
		]),
	);
});
