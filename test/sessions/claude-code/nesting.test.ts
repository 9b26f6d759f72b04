import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {loadSession} from '../../../source/sessions/replay-file.js';
import {SessionReplayer} from '../../../source/sessions/replayer.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import {applyEvents, emptyTranscript, maxNestDepth} from '../../../source/transcript/reducer.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {printItems} from '../../../source/ui/print.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {loadFixture, readDetailsOf, reasons} from '../helpers.js';

/** `call<parent` for every tool-start, in order. */
function starts(events: readonly TranscriptEvent[]): string[] {
	return events.flatMap((event) =>
		event.type === 'tool-start'
			? [event.parentId === undefined ? event.id : `${event.id}<${event.parentId}`]
			: [],
	);
}

/** `id@depth` for every call of the reduced transcript, in its order. */
function tree(events: readonly TranscriptEvent[]): string[] {
	return applyEvents(emptyTranscript, events).items.flatMap((item) =>
		item.type === 'tool' ? [`${item.id}@${item.depth ?? 0}`] : [],
	);
}

describe('subagent files that start subagents', () => {
	const session = () => loadFixture('claude-code', 'b3e1d2c4-6a7f-4e8d-9c0b-1a2b3c4d5e6f.jsonl');

	test('each file is spliced in under the call that started it, found by meta file or agentId', async () => {
		const {events, stats} = await session();
		expect(starts(events)).toEqual([
			'toolu_task_a',
			'toolu_a_read<toolu_task_a',
			'toolu_task_b<toolu_task_a',
			'toolu_b_grep<toolu_task_b',
			'toolu_task_c<toolu_task_b',
			// agent-ccc has no meta file: the Task result's agentId claims it, so it follows that result.
			'toolu_c_read<toolu_task_c',
		]);
		expect(tree(events)).toEqual([
			'toolu_task_a@0',
			'toolu_a_read@1',
			'toolu_task_b@1',
			'toolu_b_grep@2',
			'toolu_task_c@2',
			'toolu_c_read@3',
		]);
		expect(readDetailsOf(events, 'toolu_a_read')).toMatchObject({
			displayPath: 'src/config.ts',
			linesShown: 1,
		});
		// Every file was claimed once: none is left over as unmatched, none is shown twice.
		expect(stats.notes.some((note) => note.kind === 'unmatched')).toBe(false);
	});

	test('--print draws one guide per level', async () => {
		const {events} = await session();
		const {items} = applyEvents(emptyTranscript, events);
		const printed = printItems(items, {
			width: 60,
			expanded: false,
			previewLines: 3,
			painter: createPainter(darkTheme, 0),
		});
		expect(printed).toContain(
			[
				'│ │ Agent description=Check b.ts prompt=Check src/b.ts.',
				'│ │ b.ts calls it once.',
				'│ │ │',
				'│ │ │ Read src/b.ts:1  1 line',
			].join('\n'),
		);
	});
});

describe('older logs: sidechain lines in the main file', () => {
	const session = () => loadFixture('claude-code', '7c2d4e6f-8a9b-4c1d-8e2f-3a4b5c6d7e8f.jsonl');

	test('linked by parentUuid, or by the prompt, to the Task call that started them, to any depth', async () => {
		const loaded = await session();
		expect(starts(loaded.events)).toEqual([
			'toolu_task_1',
			'toolu_side_glob<toolu_task_1',
			'toolu_side_task<toolu_task_1',
			'toolu_deep_read<toolu_side_task',
			'toolu_par_1',
			'toolu_par_2',
			'toolu_ci_read<toolu_par_2',
			'toolu_docs_glob<toolu_par_1',
		]);
		// The subagents' prompts and answers are the Task calls' arguments and results: left out.
		expect(loaded.events.filter((event) => event.type === 'user-text')).toHaveLength(2);
		expect(loaded.events.filter((event) => event.type === 'assistant-text')).toHaveLength(0);
		// The header keeps the main conversation's model, not the subagents'.
		expect(loaded.meta?.model).toBe('claude-opus-4-1');
	});

	test('parallel subagents written interleaved are shown each under its own call', async () => {
		const {events} = await session();
		expect(tree(events)).toEqual([
			'toolu_task_1@0',
			'toolu_side_glob@1',
			'toolu_side_task@1',
			'toolu_deep_read@2',
			'toolu_par_1@0',
			'toolu_docs_glob@1',
			'toolu_par_2@0',
			'toolu_ci_read@1',
		]);
	});

	test('a sidechain line that links to nothing is counted, not shown', async () => {
		const loaded = await session();
		expect(starts(loaded.events)).not.toContain('toolu_lost');
		expect(reasons(loaded)).toContain(
			'skipped: sidechain line in the main file not linked to a Task call (older subagent format)',
		);
	});
});

describe('hostile depth', () => {
	const folder = makeTempDir('lector-nesting-');
	const line = (fields: Record<string, unknown>) =>
		JSON.stringify({
			cwd: '/w',
			sessionId: 's',
			version: '2.0.0',
			timestamp: '2025-01-01T00:00:00Z',
			...fields,
		});
	const taskUse = (uuid: string, parentUuid: string | null, id: string, sidechain: boolean) =>
		line({
			type: 'assistant',
			uuid,
			parentUuid,
			isSidechain: sidechain,
			message: {
				role: 'assistant',
				content: [{type: 'tool_use', id, name: 'Task', input: {prompt: `go ${id}`}}],
			},
		});

	test('a chain of 20 subagent files: all read, each once, at most 8 open, drawn at most 8 levels deep', async () => {
		const sessionFile = path.join(folder, 'chain.jsonl');
		const subagents = path.join(folder, 'chain', 'subagents');
		mkdirSync(subagents, {recursive: true});
		writeFileSync(sessionFile, `${taskUse('m1', null, 'task0', false)}\n`);
		for (let level = 0; level < 20; level++) {
			const after = line({
				type: 'assistant',
				uuid: `v${level}`,
				parentUuid: `u${level}`,
				isSidechain: true,
				message: {
					role: 'assistant',
					content: [{type: 'tool_use', id: `after${level}`, name: 'Glob', input: {}}],
				},
			});
			const lines = [taskUse(`u${level}`, null, `task${level + 1}`, true), after];
			writeFileSync(path.join(subagents, `agent-a${level}.jsonl`), `${lines.join('\n')}\n`);
			writeFileSync(
				path.join(subagents, `agent-a${level}.meta.json`),
				JSON.stringify({toolUseId: `task${level}`}),
			);
		}

		// Level 21, then a file whose meta names a call inside itself: no call outside claims it, so
		// it is shown once as an unclaimed file, and its own call does not read it again.
		writeFileSync(path.join(subagents, 'agent-last.meta.json'), JSON.stringify({toolUseId: 'task20'}));
		writeFileSync(path.join(subagents, 'agent-last.jsonl'), `${taskUse('l', null, 'task-last', true)}\n`);
		writeFileSync(path.join(subagents, 'agent-self.meta.json'), JSON.stringify({toolUseId: 'task-self'}));
		writeFileSync(path.join(subagents, 'agent-self.jsonl'), `${taskUse('s', null, 'task-self', true)}\n`);
		const {events, stats} = await loadSession(sessionFile);
		const calls = starts(events);
		const levels = (from: number, to: number) => Array.from({length: to - from}, (_, index) => from + index);
		expect(calls).toEqual([
			'task0',
			// Depth first while under the cap: each file's calls follow the Task call that started it.
			...levels(0, maxNestDepth).map((level) => `task${level + 1}<task${level}`),
			...levels(0, maxNestDepth)
				.reverse()
				.map((level) => `after${level}<task${level}`),
			// Deeper files wait until the files above are closed, then follow one by one.
			...levels(maxNestDepth, 20).flatMap((level) => [
				`task${level + 1}<task${level}`,
				`after${level}<task${level}`,
			]),
			'task-last<task20',
			'subagent:agent-self',
			'task-self<subagent:agent-self',
		]);
		const {items} = applyEvents(emptyTranscript, events);
		const depths = items.map((item) => (item.type === 'tool' ? (item.depth ?? 0) : 0));
		expect(Math.max(...depths)).toBe(maxNestDepth);
		const printed = printItems(items, {
			width: 80,
			expanded: false,
			previewLines: 2,
			painter: createPainter(darkTheme, 0),
		});
		const guides = printed.split('\n').map((row) => /^(│ ?)*/.exec(row)?.[0].replaceAll(' ', '').length ?? 0);
		expect(Math.max(...guides)).toBe(maxNestDepth);
		// No call in these files has a result: each is closed once, as without a result.
		expect(stats.notes.filter((note) => note.kind === 'unmatched')).toEqual([
			expect.objectContaining({reason: 'tool call without a result', count: 43}),
			expect.objectContaining({reason: 'subagent file without a matching call', count: 1}),
		]);
	});

	test('a chain of 20 inline sidechains nests to the cap; a line naming itself links to nothing', async () => {
		const prompt = (uuid: string, parentUuid: string, text: string) =>
			line({type: 'user', uuid, parentUuid, isSidechain: true, message: {role: 'user', content: text}});
		const lines = [taskUse('t0', null, 'task0', false)];
		for (let level = 1; level <= 20; level++) {
			// Each subagent's prompt names the line holding its Task call; its own Task call follows.
			lines.push(prompt(`p${level}`, `t${level - 1}`, `go task${level - 1}`));
			lines.push(taskUse(`t${level}`, `p${level}`, `task${level}`, true));
		}

		lines.push(taskUse('self', 'self', 'task-self', true));
		const file = path.join(folder, 'inline.jsonl');
		writeFileSync(file, `${lines.join('\n')}\n`);
		const loaded = await loadSession(file);
		const calls = starts(loaded.events);
		expect(calls).toHaveLength(21);
		for (let level = 1; level <= 20; level++) {
			expect(calls).toContain(`task${level}<task${level - 1}`);
		}

		const {items} = applyEvents(emptyTranscript, loaded.events);
		expect(items.map((item) => (item.type === 'tool' ? item.depth : undefined))).toEqual([
			undefined,
			...Array.from({length: 20}, (_, index) => Math.min(index + 1, maxNestDepth)),
		]);
		expect(reasons(loaded)).toContain(
			'skipped: sidechain line in the main file not linked to a Task call (older subagent format)',
		);
	});

	test('any mix of sidechain links, cycles and Task calls: never an exception, never deeper than the cap', () => {
		const uuid = fc.constantFrom('a', 'b', 'c', 'd', 'e');
		const value = fc.record({
			type: fc.constantFrom('user', 'assistant'),
			uuid,
			parentUuid: fc.option(uuid),
			isSidechain: fc.boolean(),
			message: fc.record({
				content: fc.oneof(
					fc.constantFrom('go a', 'go b'),
					fc.array(
						fc.record({
							type: fc.constantFrom('text', 'tool_use', 'tool_result'),
							id: fc.constantFrom('a', 'b', 'c'),
							tool_use_id: fc.constantFrom('a', 'b', 'c'),
							name: fc.constantFrom('Task', 'Agent', 'Read'),
							input: fc.record({prompt: fc.constantFrom('go a', 'go b')}),
							text: fc.constantFrom('go a', 'go b'),
						}),
						{maxLength: 3},
					),
				),
			}),
		});
		fc.assert(
			fc.property(fc.array(value, {maxLength: 40}), (values) => {
				const replayer = new SessionReplayer({format: 'claude-code'});
				const events: TranscriptEvent[] = [];
				values.forEach((entry, index) => {
					const text = JSON.stringify(entry);
					events.push(...replayer.feed({kind: 'line', number: index + 1, text, bytes: text.length}).events);
				});
				events.push(...replayer.end().events);
				const {items, indexById} = applyEvents(emptyTranscript, events);
				for (const [index, item] of items.entries()) {
					expect(indexById.get(item.id)).toBe(index);
					expect(item.type === 'tool' ? (item.depth ?? 0) : 0).toBeLessThanOrEqual(maxNestDepth);
				}
			}),
			{numRuns: Number(process.env['LECTOR_PROPERTY_RUNS'] ?? 300)},
		);
	});
});
