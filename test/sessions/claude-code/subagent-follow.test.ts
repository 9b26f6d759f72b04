import {appendFileSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import type {SubagentFollowLimits} from '../../../source/sessions/claude-code/subagent-follow.js';
import {SubagentFollower} from '../../../source/sessions/claude-code/subagent-follow.js';
import {emptySubagentIndex} from '../../../source/sessions/claude-code/subagents.js';
import {followFile} from '../../../source/sessions/follow.js';
import {StatsCollector} from '../../../source/sessions/stats.js';
import {applyEvents, emptyTranscript} from '../../../source/transcript/reducer.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {until} from '../helpers.js';

const directory = makeTempDir('lector-subagent-follow-');
let sessions = 0;

const line = (value: object) => `${JSON.stringify({cwd: '/p', sessionId: 's', ...value})}\n`;
const prompt = line({type: 'user', uuid: 'u1', message: {role: 'user', content: 'Audit it'}});
const call = (id: string, name: string, input: object) =>
	line({
		type: 'assistant',
		uuid: `a-${id}`,
		message: {role: 'assistant', model: 'm', content: [{type: 'tool_use', id, name, input}]},
	});
const result = (id: string, text: string, toolUseResult?: object) =>
	line({
		type: 'user',
		uuid: `r-${id}`,
		message: {role: 'user', content: [{type: 'tool_result', tool_use_id: id, content: text}]},
		...(toolUseResult === undefined ? {} : {toolUseResult}),
	});
const task = (id: string) => call(id, 'Task', {description: 'Audit', prompt: 'Audit the config.'});

/** A fresh session file and its subagent folder (not created). */
function session(): {file: string; folder: string} {
	sessions++;
	const file = path.join(directory, `s${sessions}.jsonl`);
	return {file, folder: path.join(directory, `s${sessions}`, 'subagents')};
}

function writeAgent(folder: string, agentId: string, toolUseId: string | undefined, text: string): string {
	mkdirSync(folder, {recursive: true});
	if (toolUseId !== undefined) {
		writeFileSync(path.join(folder, `agent-${agentId}.meta.json`), JSON.stringify({toolUseId}));
	}

	const file = path.join(folder, `agent-${agentId}.jsonl`);
	writeFileSync(file, text);
	return file;
}

function follow(file: string, subagents?: SubagentFollowLimits) {
	const events: TranscriptEvent[] = [];
	const controller = new AbortController();
	const following = followFile(file, {
		signal: controller.signal,
		pollMs: 10,
		...(subagents === undefined ? {} : {subagents}),
		onEvents(batch) {
			events.push(...batch);
		},
	});
	return {events, controller, following};
}

const has = (type: TranscriptEvent['type'], id: string) => (seen: TranscriptEvent[]) =>
	seen.some((event) => event.type === type && 'id' in event && event.id === id);

/** `id<parent@depth` for every call of the reduced transcript, in its order. */
function tree(events: readonly TranscriptEvent[]): string[] {
	return applyEvents(emptyTranscript, events).items.flatMap((item) =>
		item.type === 'tool' ? [`${item.id}<${item.parentId ?? ''}@${item.depth ?? 0}:${item.status}`] : [],
	);
}

test('a subagent file written after its Task line is followed, its calls nested as they arrive', async () => {
	const {file, folder} = session();
	writeFileSync(file, prompt + task('toolu_task'));
	const agent = writeAgent(folder, 'aaa', 'toolu_task', line({type: 'user', message: {content: 'Audit'}}));
	const {events, controller, following} = follow(file);
	await until(events, has('tool-start', 'toolu_task'));

	// A half line waits for its line end; then the call shows, under the Task call.
	const read = call('toolu_read', 'Read', {file_path: '/p/src/a.ts'});
	appendFileSync(agent, read.slice(0, 30));
	await new Promise((resolve) => {
		setTimeout(resolve, 60);
	});
	expect(events.some((event) => event.type === 'tool-start' && event.id === 'toolu_read')).toBe(false);
	appendFileSync(agent, read.slice(30));
	await until(events, has('tool-start', 'toolu_read'));
	expect(events.find((event) => event.type === 'tool-start' && event.id === 'toolu_read')).toMatchObject({
		parentId: 'toolu_task',
		displayPath: 'src/a.ts',
	});

	// The subagent's own Task, whose file appears later, nests one level deeper.
	appendFileSync(agent, result('toolu_read', 'one line') + task('toolu_inner'));
	await until(events, has('tool-start', 'toolu_inner'));
	writeAgent(folder, 'bbb', 'toolu_inner', call('toolu_grep', 'Grep', {pattern: 'x'}));
	await until(events, has('tool-start', 'toolu_grep'));
	appendFileSync(file, result('toolu_task', 'Done.'));
	await until(events, has('tool-end', 'toolu_task'));
	expect(tree(events)).toEqual([
		'toolu_task<@0:done',
		'toolu_read<toolu_task@1:done',
		'toolu_inner<toolu_task@1:running',
		'toolu_grep<toolu_inner@2:running',
	]);
	controller.abort();
	await following;
});

test('a subagents/ folder that appears after the Task line is found, by meta file or by agentId', async () => {
	const {file, folder} = session();
	writeFileSync(file, prompt + task('toolu_meta') + task('toolu_noMeta'));
	const {events, controller, following} = follow(file);
	await until(events, has('tool-start', 'toolu_noMeta'));

	writeAgent(folder, 'm1', 'toolu_meta', call('toolu_m_read', 'Read', {file_path: 'a.ts'}));
	await until(events, has('tool-start', 'toolu_m_read'));
	expect(events.find((event) => event.type === 'tool-start' && event.id === 'toolu_m_read')).toMatchObject({
		parentId: 'toolu_meta',
	});

	// No meta file: the Task result's agentId claims it, read as it is then.
	writeAgent(folder, 'n1', undefined, call('toolu_n_read', 'Read', {file_path: 'b.ts'}));
	appendFileSync(file, result('toolu_noMeta', 'Done.', {agentId: 'n1'}));
	await until(events, has('tool-start', 'toolu_n_read'));
	expect(events.find((event) => event.type === 'tool-start' && event.id === 'toolu_n_read')).toMatchObject({
		parentId: 'toolu_noMeta',
	});
	controller.abort();
	await following;
});

test('once its Task has its result and the file is quiet, a subagent is closed and let go', async () => {
	const {file, folder} = session();
	writeFileSync(file, prompt + task('toolu_task'));
	const agent = writeAgent(folder, 'q', 'toolu_task', call('toolu_open', 'Bash', {command: 'ls'}));
	const {events, controller, following} = follow(file, {quietMs: 30});
	await until(events, has('tool-start', 'toolu_open'));
	appendFileSync(file, result('toolu_task', 'Done.'));
	// As in a complete log, the call that never got a result is closed saying so.
	await until(events, has('tool-end', 'toolu_open'));
	expect(events.find((event) => event.type === 'tool-end' && event.id === 'toolu_open')).toMatchObject({
		parentId: 'toolu_task',
		result: {isError: true},
	});

	// Let go: what is written later is not read (cost stays bounded).
	appendFileSync(agent, call('toolu_late', 'Bash', {command: 'pwd'}));
	appendFileSync(file, line({type: 'user', uuid: 'u9', message: {role: 'user', content: 'next'}}));
	await until(events, has('user-text', 'u9'));
	await new Promise((resolve) => {
		setTimeout(resolve, 60);
	});
	expect(events.some((event) => event.type === 'tool-start' && event.id === 'toolu_late')).toBe(false);
	controller.abort();
	await following;
});

test('at most maxFiles files are followed, the least recently grown let go first', async () => {
	const {file, folder} = session();
	writeFileSync(file, '');
	const index = emptySubagentIndex();
	const files = ['one', 'two', 'three'].map((id) => writeAgent(folder, id, `toolu_${id}`, ''));
	const follower = new SubagentFollower({
		sessionFile: file,
		index,
		stats: new StatsCollector(),
		cwd: () => undefined,
		maxFiles: 2,
	});
	for (const [at, filePath] of files.entries()) {
		await follower.take({events: [], subagents: [{parentId: `toolu_${at}`, filePath, index}]});
	}

	expect(follower.size).toBe(2);
	await follower.close();
	expect(follower.size).toBe(0);
});

test('a subagent file truncated and written again is read from its start, its calls updated in place', async () => {
	const {file, folder} = session();
	writeFileSync(file, prompt + task('toolu_task'));
	const agent = writeAgent(
		folder,
		'r',
		'toolu_task',
		call('toolu_a', 'Bash', {command: 'ls'}) + result('toolu_a', 'first'),
	);
	const {events, controller, following} = follow(file);
	await until(events, has('tool-end', 'toolu_a'));
	writeFileSync(agent, call('toolu_a', 'Bash', {command: 'ls'}));
	await new Promise((resolve) => {
		setTimeout(resolve, 60);
	});
	appendFileSync(agent, call('toolu_b', 'Bash', {command: 'pwd'}));
	await until(events, has('tool-start', 'toolu_b'));
	expect(tree(events)).toEqual([
		'toolu_task<@0:running',
		'toolu_a<toolu_task@1:running',
		'toolu_b<toolu_task@1:running',
	]);
	controller.abort();
	await following;
});
