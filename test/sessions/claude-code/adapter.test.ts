import {expect, test} from 'vitest';
import {endOf, loadFixture, readDetailsOf, reasons} from '../helpers.js';

const session = () => loadFixture('claude-code', '5f0c9a6e-2b1d-4c8e-9a7f-1d2e3f4a5b6c.jsonl');

test('prompts, commands and harness messages', async () => {
	const {events, meta} = await session();
	expect(meta).toMatchObject({
		agent: 'Claude Code',
		model: 'claude-opus-4-1',
		cwd: '/home/ada/project',
		version: '2.0.14',
		title: 'Config loader review',
	});
	expect(
		events.filter((event) => event.type === 'user-text').map((event) => ('text' in event ? event.text : '')),
	).toEqual(['Review src/config.ts and find its callers', '/model opus']);
	const notices = events.flatMap((event) =>
		event.type === 'notice' ? [`${event.level}: ${event.text}`] : [],
	);
	expect(notices).toEqual([
		'info: Set model to opus',
		'info: Conversation compacted.',
		'info: The conversation was compacted; the model continued from a summary.',
		'warning: Request interrupted by user',
	]);
});

test('Read: toolUseResult.file is preferred; numbers become the gutter; the reminder is not file text', async () => {
	const {events} = await session();
	expect(readDetailsOf(events, 'toolu_read1')).toMatchObject({
		path: '/home/ada/project/src/config.ts',
		displayPath: 'src/config.ts',
		language: 'typescript',
		firstLine: 1,
		linesShown: 3,
		totalLines: 3,
		lines: [
			'export function loadConfig(path: string) {',
			"\treturn JSON.parse(readFileSync(path, 'utf8'));",
			'}',
		],
	});
	expect(readDetailsOf(events, 'toolu_read2')).toMatchObject({
		displayPath: 'src/server.ts',
		firstLine: 10,
		lines: ['const port = 8080;', 'listen(port);'],
		selection: {mode: 'range', offset: 10, limit: 2},
	});
	// Claude Code's totalLines counts the empty string after a final newline (2,500 for 2,499 lines); a read
	// it did not flag as cut names no cap and no offset it never gave (see fixtures/agents for real logs).
	expect(readDetailsOf(events, 'toolu_read3')).toMatchObject({
		totalLines: 2499,
		truncation: undefined,
		nextOffset: undefined,
		cut: undefined,
	});
	expect(readDetailsOf(events, 'toolu_read4')).toMatchObject({
		kind: 'error',
		errorCode: 'not-found',
		errorMessage: 'File does not exist. Note: your current working directory is /home/ada/project.',
	});
	expect(readDetailsOf(events, 'toolu_read5')).toMatchObject({kind: 'image', fileBytes: 8});
});

test('subagent calls nest under the Task call that started them; an unclaimed file still shows', async () => {
	const {events} = await session();
	const nested = events.flatMap((event) =>
		event.type === 'tool-start' && 'parentId' in event ? [`${event.id}<${event.parentId ?? ''}`] : [],
	);
	expect(nested).toEqual([
		'toolu_sub1<toolu_task1',
		'toolu_sub2<toolu_task1',
		'toolu_orphan1<subagent:agent-orphan9',
	]);
	const taskStart = events.findIndex((event) => event.type === 'tool-start' && event.id === 'toolu_task1');
	const subStart = events.findIndex((event) => event.type === 'tool-start' && event.id === 'toolu_sub1');
	expect(subStart).toBe(taskStart + 1);
	expect(readDetailsOf(events, 'toolu_sub1')).toMatchObject({
		displayPath: 'src/a.ts',
		linesShown: 2,
		totalLines: 8, // logged totalLines 9, which counts the empty string after the final newline
	});
	expect(endOf(events, 'toolu_task1').result.content).toEqual([
		{type: 'text', text: 'Found 2 callers: src/a.ts and src/b.ts.'},
	]);
});

test('unknown, malformed and cut lines, and a call without a result, are counted', async () => {
	const loaded = await session();
	expect(endOf(loaded.events, 'toolu_grep1').result.isError).toBe(true);
	expect(reasons(loaded)).toEqual(
		expect.arrayContaining([
			'skipped: meta message',
			'skipped: thinking block',
			'skipped: attachment line',
			'skipped: file-history-snapshot line',
			'unknown: line type "telemetry-blip"',
			'malformed: not valid JSON',
			'truncated: last line cut off',
			'unmatched: tool call without a result',
			'unmatched: subagent file without a matching call',
		]),
	);
});
