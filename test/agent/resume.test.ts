import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {openShellSession} from '../../source/agent/open.js';
import {workspaceSessionsFolder} from '../../source/sessions/lector/store.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {type FakeModelServer, type ScriptedTurn, startFakeModelServer} from '../helpers/fake-model-server.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {makeWorkspace} from './harness.js';

const servers: FakeModelServer[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		await server.close();
	}
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function notices(events: readonly TranscriptEvent[]): string[] {
	return events.flatMap((event) => (event.type === 'notice' ? [event.text] : []));
}

/**
A workspace with two earlier conversations (the first with a read), a server log of `lector mcp`
and a shell left without a word, and the environment that finds them.
*/
async function folderWithSessions(script: readonly ScriptedTurn[]) {
	const workspace = makeWorkspace();
	const state = makeTempDir('lector-resume-');
	const server = await startFakeModelServer('openai', [
		{type: 'reply', toolCalls: [{id: 'call_1', name: 'read', input: {path: 'README.md'}}]},
		{type: 'reply', text: ['A tiny workspace.']},
		{type: 'reply', text: ['Hello back.']},
		...script,
	]);
	servers.push(server);
	const env = {
		XDG_STATE_HOME: state,
		XDG_CONFIG_HOME: state,
		OPENAI_BASE_URL: `${server.origin}/v1`,
		OPENAI_API_KEY: 'k',
		LECTOR_PROVIDER: 'openai',
		LECTOR_MODEL: 'm',
	};
	const older = await openShellSession({cwd: workspace, flags: {}, env});
	await older.session.submit('What is\nthis folder?');
	older.session.close();
	await pause(5);
	const newer = await openShellSession({cwd: workspace, flags: {}, env});
	await newer.session.submit('Say hello');
	newer.session.close();
	await pause(5);
	const empty = await openShellSession({cwd: workspace, flags: {}, env});
	empty.session.close();
	// lector mcp's log: same folder and format, newest of all, but a record of another agent's calls.
	const folder = workspaceSessionsFolder(workspace, env);
	const serverLog = path.join(folder, '2999-01-01T00-00-00-000Z_mcp-1234.jsonl');
	writeFileSync(
		serverLog,
		`${JSON.stringify({type: 'lector-session', version: 1, id: 'mcp-1234', cwd: workspace, startedAt: '2999-01-01T00:00:00.000Z'})}\n${JSON.stringify({type: 'event', at: '2999-01-01T00:00:00.000Z', event: {type: 'user-text', id: 'u', text: 'not a conversation'}})}\n`,
	);
	await pause(5);
	const current = await openShellSession({cwd: workspace, flags: {}, env});
	const events: TranscriptEvent[] = [];
	current.session.subscribe((event) => events.push(event));
	return {workspace, env, server, older, newer, current, events};
}

describe('/resume', () => {
	it('lists the earlier conversations newest first: when, first prompt, reads; not server logs, empty or current ones', async () => {
		const {current, events} = await folderWithSessions([]);
		expect(await current.session.submit('/resume')).toEqual({type: 'handled'});
		const text = notices(events).at(-1) ?? '';
		const lines = text.split('\n');
		expect(lines[0]).toBe('Earlier sessions in this folder, newest first (/resume N opens one):');
		expect(lines.slice(1)).toHaveLength(2);
		expect(lines[1]).toMatch(/^1\. \d{4}-\d\d-\d\d \d\d:\d\d {2}Say hello {2}· 0 reads$/);
		expect(lines[2]).toMatch(/^2\. \d{4}-\d\d-\d\d \d\d:\d\d {2}What is this folder\? {2}· 1 read$/);
		expect(text).not.toContain('not a conversation');
		current.session.close();
	});

	it('/resume N hands the Nth log to the shell, which opens it as --continue does', async () => {
		const {workspace, env, server, older, current} = await folderWithSessions([
			{type: 'reply', text: ['Resumed.']},
		]);
		const outcome = await current.session.submit('/resume 2');
		expect(outcome).toEqual({type: 'resume', filePath: older.logPath});
		current.session.close();

		const resumed = await openShellSession({
			cwd: workspace,
			flags: {},
			env,
			continueFrom: older.logPath ?? '',
		});
		expect(resumed.logPath).toBe(older.logPath);
		expect(resumed.previousEvents[0]).toMatchObject({type: 'user-text', text: 'What is\nthis folder?'});
		expect(resumed.previousEvents.at(-1)).toMatchObject({
			type: 'notice',
			text: 'Continuing with openai · m.',
		});
		await resumed.session.submit('And now?');
		resumed.session.close();
		// The request carries the resumed conversation, the read's result included; the log grows.
		const request = JSON.stringify(server.requests.at(-1)?.body);
		expect(request).toContain('What is\\nthis folder?');
		expect(request).toContain('A tiny workspace.');
		expect(request).not.toContain('Say hello');
		expect(readFileSync(older.logPath ?? '', 'utf8')).toContain('Resumed.');
	});

	it.each([
		[
			'/resume 3',
			/^There is no session 3: this folder has 2 earlier \(\/resume 1 to \/resume 2\)\. \/resume alone lists them\.$/,
		],
		['/resume 0', /^There is no session 0/],
		[
			'/resume last',
			/^\/resume takes the number of a session in the list \(\/resume 1 to \/resume 2\); "last" is not one\./,
		],
	])('a bad pick (%s) is explained and refused, so the shell keeps the text', async (input, reason) => {
		const {current, events, server} = await folderWithSessions([]);
		const requests = server.requests.length;
		expect(await current.session.submit(input)).toEqual({type: 'refused'});
		expect(events.at(-1)).toMatchObject({type: 'notice', level: 'warning'});
		expect(notices(events).at(-1)).toMatch(reason);
		expect(server.requests).toHaveLength(requests);
		current.session.close();
	});

	it('in a folder without earlier sessions, says so', async () => {
		const state = makeTempDir('lector-resume-');
		const opened = await openShellSession({
			cwd: makeWorkspace(),
			flags: {},
			env: {XDG_STATE_HOME: state, XDG_CONFIG_HOME: state},
		});
		const events: TranscriptEvent[] = [];
		opened.session.subscribe((event) => events.push(event));
		await opened.session.submit('/resume');
		expect(await opened.session.submit('/resume 1')).toEqual({type: 'refused'});
		expect(notices(events)).toEqual([
			'There is no earlier session in this folder to resume.',
			'There is no earlier session in this folder to resume.',
		]);
		opened.session.close();
	});

	it('a log that cannot be read opens a new session and says why', async () => {
		const state = makeTempDir('lector-resume-');
		const workspace = makeWorkspace();
		const opened = await openShellSession({
			cwd: workspace,
			flags: {},
			env: {XDG_STATE_HOME: state, XDG_CONFIG_HOME: state},
			continueFrom: path.join(state, 'gone.jsonl'),
		});
		expect(opened.previousEvents).toEqual([]);
		expect(opened.banner.text).toMatch(
			/The session .*gone\.jsonl could not be read \(.*\); this is a new one\./,
		);
		expect(opened.logPath).not.toContain('gone');
		opened.session.close();
	});
});
