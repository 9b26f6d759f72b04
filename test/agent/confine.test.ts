/**
The shell keeps the model's tools inside the workspace: a fake model on 127.0.0.1 asks for a file
outside by every route (a `..` path, an absolute path, a symbolic link, grep and find over links, ls of
the parent), and no request sent back to it holds the secret. `--allow-outside` (and the config file's
"allowOutside") widen it, and the banner says so.
*/
import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {openShellSession} from '../../source/agent/open.js';
import {type FakeApi, type ScriptedToolCall, startFakeModelServer} from '../helpers/fake-model-server.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {makeWorkspace} from './harness.js';

const secret = 'SECRET-OUTSIDE-4242';

/** A workspace beside a secret file, with a link to it and a link to the folder holding it. */
function workspaceBesideSecret(): {workspace: string; outsideFile: string} {
	const workspace = makeWorkspace();
	const outsideFile = path.join(path.dirname(workspace), 'outside.txt');
	writeFileSync(outsideFile, `${secret}\n`);
	symlinkSync(outsideFile, path.join(workspace, 'link.txt'));
	symlinkSync('..', path.join(workspace, 'up'));
	return {workspace, outsideFile};
}

function calls(outsideFile: string): ScriptedToolCall[] {
	return [
		{id: 'c1', name: 'read', input: {path: '../outside.txt'}},
		{id: 'c2', name: 'read', input: {path: outsideFile}},
		{id: 'c3', name: 'read', input: {path: 'link.txt'}},
		{id: 'c4', name: 'read', input: {path: 'up/outside.txt'}},
		{id: 'c5', name: 'grep', input: {pattern: 'SECRET'}},
		{id: 'c6', name: 'grep', input: {pattern: 'SECRET', path: '..'}},
		{id: 'c7', name: 'find', input: {pattern: '*.txt'}},
		{id: 'c8', name: 'ls', input: {path: 'up'}},
		{id: 'c9', name: 'read', input: {path: `/proc/self/root${outsideFile}`}},
	];
}

async function runShellTurn(
	api: FakeApi,
	options: {allowOutside?: boolean; config?: unknown},
): Promise<{banner: string; sentBack: string; outsideFile: string; confined: boolean}> {
	const {workspace, outsideFile} = workspaceBesideSecret();
	const state = makeTempDir('lector-confine-state-');
	if (options.config !== undefined) {
		mkdirSync(path.join(state, 'lector'), {recursive: true});
		writeFileSync(path.join(state, 'lector', 'config.json'), JSON.stringify(options.config));
	}

	const server = await startFakeModelServer(api, [
		{type: 'reply', toolCalls: calls(outsideFile)},
		{type: 'reply', text: ['Done.']},
	]);
	const env =
		api === 'openai'
			? {
					XDG_STATE_HOME: state,
					XDG_CONFIG_HOME: state,
					OPENAI_BASE_URL: `${server.origin}/v1`,
					LECTOR_MODEL: 'm',
				}
			: {
					XDG_STATE_HOME: state,
					XDG_CONFIG_HOME: state,
					ANTHROPIC_BASE_URL: server.origin,
					LECTOR_MODEL: 'claude-test',
				};
	try {
		const opened = await openShellSession({
			cwd: workspace,
			flags: {},
			env,
			...(options.allowOutside === undefined ? {} : {allowOutside: options.allowOutside}),
		});
		await opened.session.submit('What is outside?');
		opened.session.close();
		expect(server.requests).toHaveLength(2);
		const firstRequest = JSON.stringify(server.requests[0]?.body);
		// The system prompt says so only while confined, so the model does not try paths it cannot reach.
		expect(firstRequest.includes('The tools reach only paths inside it.')).toBe(opened.session.confine);
		return {
			banner: opened.banner.text,
			sentBack: JSON.stringify(server.requests[1]?.body),
			outsideFile,
			confined: opened.session.confine,
		};
	} finally {
		await server.close();
	}
}

describe.each(['openai', 'anthropic'] as const)('the shell confines the model (%s)', (api) => {
	it('refuses every route outside by default: the secret is never sent to the model', async () => {
		const {banner, sentBack, confined} = await runShellTurn(api, {});
		expect(confined).toBe(true);
		expect(banner).not.toMatch(/outside/);
		expect(sentBack).not.toContain(secret);
		expect(sentBack).toContain('outside the workspace');
		expect(sentBack).toContain('only paths inside it can be read, listed or searched');
		expect(sentBack).toMatch(/symbolic links? pointing outside the workspace/);
	});

	it('--allow-outside lets the same calls through, and the banner says so', async () => {
		const {banner, sentBack, confined} = await runShellTurn(api, {allowOutside: true});
		expect(confined).toBe(false);
		expect(banner).toContain('--allow-outside');
		expect(banner).toMatch(/The tools may read outside /);
		expect(sentBack).toContain(secret);
	});
});

describe('the config file widens it too', () => {
	it('"allowOutside": true allows reading outside, and the banner names the file', async () => {
		const {banner, sentBack} = await runShellTurn('openai', {config: {allowOutside: true}});
		expect(banner).toMatch(/"allowOutside": true in .*config\.json/);
		expect(sentBack).toContain(secret);
	});

	it('a value that is not a boolean is reported and leaves the tools confined', async () => {
		const {banner, sentBack} = await runShellTurn('openai', {config: {allowOutside: 'yes'}});
		expect(banner).toMatch(/"allowOutside" must be true or false, got "yes"\. The tools stay inside/);
		expect(sentBack).not.toContain(secret);
	});
});
