import {closeSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync, writeSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {historyFromEvents} from '../../source/agent/history.js';
import {openShellSession} from '../../source/agent/open.js';
import {findLastSession, newSessionPath, workspaceSlug} from '../../source/sessions/lector/store.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {startFakeModelServer} from '../helpers/fake-model-server.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {makeWorkspace} from './harness.js';

const ok = {content: [{type: 'text' as const, text: 'file text'}], isError: false};

describe('historyFromEvents', () => {
	it('rebuilds requests: text and calls, then their results in call order', () => {
		const events: TranscriptEvent[] = [
			{type: 'user-text', id: 'u1', text: 'Hi'},
			{type: 'assistant-text', id: 'a1', text: 'Looking.'},
			{type: 'tool-start', id: 'tool-1', name: 'read', args: {path: 'a'}},
			{type: 'tool-start', id: 'tool-2', name: 'ls', args: {}},
			{type: 'tool-end', id: 'tool-2', result: ok},
			{type: 'tool-end', id: 'tool-1', result: {...ok, isError: true}},
			{type: 'tool-start', id: 'tool-3', name: 'grep', args: {pattern: 'x'}},
			{type: 'assistant-text', id: 'a2', text: 'Done.'},
		];
		const messages = historyFromEvents(events, 'anthropic');
		expect(messages.map((message) => message.role)).toEqual([
			'user',
			'assistant',
			'tool',
			'assistant',
			'tool',
		]);
		expect(messages[2]).toMatchObject({
			content: [
				{toolCallId: 'tool-1', output: {type: 'error-text', value: 'file text'}},
				{toolCallId: 'tool-2', output: {type: 'text', value: 'file text'}},
			],
		});
		expect(messages[4]).toMatchObject({
			content: [{toolCallId: 'tool-3', output: {type: 'error-text', value: 'This call did not finish.'}}],
		});
	});

	it('honours reset and compaction, and skips direct commands', () => {
		const events: TranscriptEvent[] = [
			{type: 'tool-start', id: 'direct-1', name: 'read', args: {path: 'a'}, direct: true},
			{type: 'tool-end', id: 'direct-1', result: ok},
			{type: 'user-text', id: 'u1', text: 'Old'},
			{type: 'reset'},
			{type: 'user-text', id: 'u2', text: 'New'},
			{type: 'assistant-text', id: 'a1', text: 'Long answer'},
			{type: 'compaction', id: 'compaction-x-1', summary: 'We talked.'},
			{type: 'user-text', id: 'u3', text: 'Next'},
			{type: 'direct-command', id: 'direct-7', text: 'typed while no model was configured'},
		];
		const messages = historyFromEvents(events, 'openai');
		expect(messages).toHaveLength(2);
		expect(JSON.stringify(messages[0])).toContain('We talked.');
		expect(messages[1]).toEqual({role: 'user', content: 'Next'});
	});
});

describe('openShellSession', () => {
	it('writes the log under XDG_STATE_HOME and continues the last session with its history', async () => {
		const workspace = makeWorkspace();
		const state = makeTempDir('lector-state-');
		const server = await startFakeModelServer('openai', [
			{type: 'reply', text: ['First answer.']},
			{type: 'reply', text: ['Second answer.']},
		]);
		const env = {
			XDG_STATE_HOME: state,
			XDG_CONFIG_HOME: state,
			OPENAI_BASE_URL: `${server.origin}/v1`,
			LECTOR_MODEL: 'm',
		};
		try {
			const first = await openShellSession({cwd: workspace, flags: {}, env});
			expect(
				first.logPath?.startsWith(path.join(state, 'lector', 'sessions', workspaceSlug(workspace))),
			).toBe(true);
			expect(first.banner.text).toContain('openai · m');
			await first.session.submit('Question one');
			first.session.close();
			expect(await findLastSession(workspace, env)).toBe(first.logPath);
			const header: unknown = JSON.parse(readFileSync(first.logPath ?? '', 'utf8').split('\n')[0] ?? '');
			expect(header).toMatchObject({type: 'lector-session', cwd: workspace, provider: 'openai', model: 'm'});

			const second = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
			expect(second.logPath).toBe(first.logPath);
			// The old transcript, then a line naming the model in use from now on (logged too).
			expect(second.previousEvents.map((event) => event.type)).toEqual([
				'user-text',
				'assistant-text',
				'notice',
			]);
			expect(second.previousEvents.at(-1)).toMatchObject({
				level: 'info',
				text: 'Continuing with openai · m.',
			});
			expect(second.session.messages).toEqual([
				{role: 'user', content: 'Question one'},
				{role: 'assistant', content: [{type: 'text', text: 'First answer.'}]},
			]);
			await second.session.submit('Question two');
			second.session.close();
			expect(JSON.stringify(server.requests[1]?.body)).toContain('First answer.');
			const lines = readFileSync(first.logPath ?? '', 'utf8')
				.trim()
				.split('\n');
			expect(lines).toHaveLength(6);
		} finally {
			await server.close();
		}
	});

	it('opens without a model and says how to configure one', async () => {
		const workspace = makeWorkspace();
		const state = makeTempDir('lector-state-');
		const opened = await openShellSession({
			cwd: workspace,
			flags: {},
			env: {XDG_STATE_HOME: state, XDG_CONFIG_HOME: state},
			continueLast: true,
		});
		expect(opened.session.config).toBeUndefined();
		expect(opened.banner.level).toBe('warning');
		expect(opened.banner.text).toMatch(/No model is configured/);
		expect(opened.banner.text).toMatch(/no earlier session/);
		// The banner and the /model refusal name the config file under XDG_CONFIG_HOME, not ~/.config.
		const file = path.join(state, 'lector', 'config.json');
		expect(opened.banner.text).toContain(`to ${file}.`);
		const notices: string[] = [];
		opened.session.subscribe((event) => {
			if (event.type === 'notice') notices.push(event.text);
		});
		expect(await opened.session.submit('/model gpt-4.1')).toEqual({type: 'refused'});
		expect(notices.join('\n')).toContain(`There is no model to switch from.`);
		expect(notices.join('\n')).toContain(`to ${file}.`);
		opened.session.close();
	});
});

describe('--continue on a log over 512 MB', () => {
	it('resumes it, streaming: the events before and after 600 MB of a torn line, and logs on', async () => {
		const workspace = makeWorkspace();
		const state = makeTempDir('lector-big-log-');
		const env = {XDG_STATE_HOME: state, XDG_CONFIG_HOME: state};
		const logPath = newSessionPath(workspace, 'big', env, new Date('2026-01-01T00:00:00Z'));
		mkdirSync(path.dirname(logPath), {recursive: true});
		const line = (value: unknown) => `${JSON.stringify(value)}\n`;
		const header = {
			type: 'lector-session',
			version: 2,
			id: 'big',
			cwd: workspace,
			startedAt: '2026-01-01T00:00:00.000Z',
		};
		const event = (id: string, text: string) => ({
			type: 'event',
			at: '2026-01-01T00:00:01.000Z',
			event: {type: 'user-text', id, text},
		});
		writeFileSync(logPath, line(header) + line(event('u1', 'before the hole')));
		// A hole of 600 MB (sparse: no disk used), read back as one line of NUL bytes: more than one V8
		// string may hold (about 512 MB), as a crash mid-write of a huge entry could leave.
		const descriptor = openSync(logPath, 'r+');
		const tail = Buffer.from(`\n${line(event('u2', 'after the hole'))}`);
		writeSync(descriptor, tail, 0, tail.length, 600 * 1024 * 1024);
		closeSync(descriptor);
		expect(statSync(logPath).size).toBeGreaterThan(2 ** 29);

		const opened = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
		expect(opened.logPath).toBe(logPath);
		expect(opened.previousEvents.filter((e) => e.type === 'user-text')).toEqual([
			{type: 'user-text', id: 'u1', text: 'before the hole'},
			{type: 'user-text', id: 'u2', text: 'after the hole'},
		]);
		expect(opened.banner.text).not.toMatch(/could not be read/);
		await opened.session.submit('read src/greet.ts');
		opened.session.close();
		// The new entries were appended to the same log, after the old ones.
		const appended = readFileSync(logPath)
			.subarray(600 * 1024 * 1024)
			.toString('utf8');
		expect(appended).toContain('after the hole');
		expect(appended).toContain('"read src/greet.ts"');
	}, 60_000);
});
