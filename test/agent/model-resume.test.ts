import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {isRecord} from '../../source/agent/json.js';
import {resumeModel} from '../../source/agent/model-resume.js';
import {describeSwitch} from '../../source/agent/model-switch.js';
import {openShellSession} from '../../source/agent/open.js';
import {lastModelSwitch, parseLectorLog} from '../../source/sessions/lector/log-file.js';
import {newSessionPath} from '../../source/sessions/lector/store.js';
import {loadSession} from '../../source/sessions/replay-file.js';
import type {ModelRef, TranscriptEvent} from '../../source/transcript/types.js';
import {type FakeModelServer, startFakeModelServer} from '../helpers/fake-model-server.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {configFor, makeWorkspace} from './harness.js';

function bodyOf(request: {body: unknown} | undefined): Record<string, unknown> {
	return isRecord(request?.body) ? request.body : {};
}

/** A switch notice as version 1 logs wrote it: meaning in its id and wording. */
function switchNotice(text: string): TranscriptEvent {
	return {type: 'notice', id: 'model-abc-3', level: 'info', text};
}

/** The last switch of a version 1 log holding these events, then a `model-switch` line when given. */
function lastSwitchOfV1(switchedTo: ModelRef | undefined, events: readonly TranscriptEvent[]) {
	const at = '2025-01-01T00:00:01.000Z';
	const lines = [
		{type: 'lector-session', version: 1, id: 'v1', cwd: '/w', startedAt: at},
		...events.map((event) => ({type: 'event', at, event})),
		...(switchedTo === undefined ? [] : [{type: 'model-switch', at, ...switchedTo}]),
	];
	return lastModelSwitch(parseLectorLog(lines.map((line) => JSON.stringify(line)).join('\n')).events);
}

/** A state folder (logs, config) of its own and the environment that points lector at `server` as model m. */
function continueEnv(server: FakeModelServer) {
	const state = makeTempDir('lector-state-');
	const env = {
		XDG_STATE_HOME: state,
		XDG_CONFIG_HOME: state,
		OPENAI_BASE_URL: `${server.origin}/v1`,
		LECTOR_MODEL: 'm',
	};
	return {env};
}

const servers: FakeModelServer[] = [];
afterEach(async () => {
	for (const server of servers.splice(0)) {
		await server.close();
	}
});

async function server(api: 'anthropic' | 'openai', replies: number): Promise<FakeModelServer> {
	const started = await startFakeModelServer(
		api,
		Array.from({length: replies}, (_, index) => ({
			type: 'reply' as const,
			text: [`${api} answer ${index + 1}.`],
		})),
	);
	servers.push(started);
	return started;
}

describe('lastModelSwitch of a version 1 log', () => {
	it('takes the last model-switch line, else the text of the last switch notice (older logs)', async () => {
		const openai = await server('openai', 0);
		const anthropic = await server('anthropic', 0);
		const text = describeSwitch(configFor('openai', openai), configFor('anthropic', anthropic), 200_000);
		expect(lastSwitchOfV1(undefined, [switchNotice(text)])).toEqual({
			provider: 'anthropic',
			model: 'claude-test',
		});
		expect(lastSwitchOfV1({provider: 'openai', model: 'gpt-4.1'}, [switchNotice(text)])).toEqual({
			provider: 'openai',
			model: 'gpt-4.1',
		});
		const unrelated: TranscriptEvent = {type: 'notice', id: 'notice-1', level: 'info', text};
		expect(lastSwitchOfV1(undefined, [unrelated])).toBeUndefined();
		expect(lastSwitchOfV1(undefined, [switchNotice('Switched, somehow.')])).toBeUndefined();
	});
});

describe('resumeModel', () => {
	it('keeps the configured model for an unknown provider, and when flags name a model', async () => {
		const configured = configFor('openai', await server('openai', 0));
		const base = {configured, flags: {}, env: {}, file: undefined};
		expect(resumeModel({...base, switched: undefined})).toEqual({
			config: configured,
			notice: undefined,
			continuing: {level: 'info', text: 'Continuing with openai · test-model.'},
		});
		expect(
			resumeModel({...base, switched: {provider: 'openai', model: 'test-model'}}).notice,
		).toBeUndefined();
		const unknown = resumeModel({...base, switched: {provider: 'gemini', model: 'pro'}});
		expect(unknown.notice).toEqual({
			level: 'warning',
			text: 'This session last switched to gemini · pro with /model. lector does not know the provider "gemini"; the model is openai · test-model.',
		});
		expect(unknown.continuing).toEqual({
			level: 'warning',
			text: 'Continuing with openai · test-model, not gemini · pro, the model this session last switched to with /model. lector does not know the provider "gemini"; the model is openai · test-model.',
		});
		const flagged = resumeModel({
			...base,
			flags: {model: 'test-model'},
			switched: {provider: 'openai', model: 'x'},
		});
		expect(flagged.config).toBe(configured);
		expect(flagged.notice?.text).toMatch(/The --model or --provider given now wins: openai · test-model\.$/);
		const resumed = resumeModel({...base, switched: {provider: 'openai', model: 'other'}});
		expect(resumed.config).toMatchObject({provider: 'openai', model: 'other', baseUrl: configured.baseUrl});
		expect(resumed.config.sources.model).toBe('/model in the continued session');
	});
});

describe('--continue after /model', () => {
	it('resumes the switched model, logs the switch as a line replay reads, and /model shows where it came from', async () => {
		const openai = await server('openai', 3);
		const workspace = makeWorkspace();
		const {env} = continueEnv(openai);

		const first = await openShellSession({cwd: workspace, flags: {}, env});
		await first.session.submit('Question one');
		expect(await first.session.submit('/model other')).toEqual({type: 'handled'});
		await first.session.submit('Question two');
		first.session.close();
		const lines = readFileSync(first.logPath ?? '', 'utf8')
			.trim()
			.split('\n')
			.map((line): unknown => JSON.parse(line));
		// The header keeps the start; the switch is one typed event, logged once.
		expect(lines[0]).toMatchObject({type: 'lector-session', version: 2, provider: 'openai', model: 'm'});
		expect(lines[3]).toEqual({
			type: 'event',
			at: expect.any(String),
			event: {
				type: 'model-switch',
				id: expect.any(String),
				to: {provider: 'openai', model: 'other'},
				text: expect.stringMatching(/^Switched to openai · other \(was openai · m\)/),
			},
		});
		expect(lines.filter((line) => JSON.stringify(line).includes('Switched to'))).toHaveLength(1);

		const replayed = await loadSession(first.logPath ?? '');
		expect(replayed.meta?.model).toBe('other');
		expect(replayed.stats.notes).toEqual([]);

		const second = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
		expect(second.session.config?.model).toBe('other');
		expect(second.banner).toEqual({
			level: 'info',
			text: `openai · other · ${workspace}\nResumed with openai · other, the model this session last switched to with /model (configured: openai · m).`,
		});
		expect(second.previousEvents.at(-1)).toMatchObject({
			type: 'notice',
			level: 'info',
			text: 'Continuing with openai · other, the model this session last switched to with /model.',
		});
		await second.session.submit('Question three');
		expect(bodyOf(openai.requests[2])['model']).toBe('other');
		expect(JSON.stringify(bodyOf(openai.requests[2])['messages'])).toContain('openai answer 2.');
		const texts: string[] = [];
		second.session.subscribe((event) => {
			if (event.type === 'notice') texts.push(event.text);
		});
		await second.session.submit('/model');
		expect(texts[0]).toContain('Model: other (from /model in the continued session)');
		second.session.close();
	});

	it('across providers: resumes while the provider is configured, else says so and uses the configured model', async () => {
		const openai = await server('openai', 3);
		const anthropic = await server('anthropic', 2);
		const workspace = makeWorkspace();
		const state = makeTempDir('lector-state-');
		const env = {
			XDG_STATE_HOME: state,
			XDG_CONFIG_HOME: state,
			LECTOR_PROVIDER: 'openai',
			LECTOR_MODEL: 'm',
			OPENAI_BASE_URL: `${openai.origin}/v1`,
			ANTHROPIC_BASE_URL: anthropic.origin,
		};

		const first = await openShellSession({cwd: workspace, flags: {}, env});
		await first.session.submit('Question one');
		await first.session.submit('/model anthropic:claude-test');
		await first.session.submit('Question two');
		first.session.close();
		expect(anthropic.requests).toHaveLength(1);

		const second = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
		expect(second.session.config).toMatchObject({provider: 'anthropic', model: 'claude-test'});
		await second.session.submit('Question three');
		expect(bodyOf(anthropic.requests[1])['model']).toBe('claude-test');
		expect(JSON.stringify(bodyOf(anthropic.requests[1])['messages'])).toContain('anthropic answer 1.');
		// Back to the provider the configuration names: its own settings (LECTOR_*) again.
		await second.session.submit('/model openai:m2');
		expect(second.session.config).toMatchObject({
			provider: 'openai',
			model: 'm2',
			baseUrl: `${openai.origin}/v1`,
		});
		second.session.close();

		const withoutAnthropic = {...env, ANTHROPIC_BASE_URL: undefined};
		const third = await openShellSession({
			cwd: workspace,
			flags: {},
			env: withoutAnthropic,
			continueLast: true,
		});
		// The last switch was back to openai, so that is what resumes.
		expect(third.session.config).toMatchObject({provider: 'openai', model: 'm2'});
		third.session.close();

		// A fresh log whose last switch is to anthropic, continued without anthropic configured.
		const logPath = newSessionPath(workspace, 'later', env, new Date(Date.now() + 60_000));
		mkdirSync(path.dirname(logPath), {recursive: true});
		writeFileSync(
			logPath,
			[
				{
					type: 'lector-session',
					version: 1,
					id: 'later',
					cwd: workspace,
					startedAt: new Date().toISOString(),
				},
				{
					type: 'event',
					at: new Date().toISOString(),
					event: {
						type: 'notice',
						id: 'model-1',
						level: 'info',
						text: 'Switched to anthropic · claude-test (was openai · m) from the next prompt on.',
					},
				},
				{type: 'model-switch', at: new Date().toISOString(), provider: 'anthropic', model: 'claude-test'},
			]
				.map((line) => `${JSON.stringify(line)}\n`)
				.join(''),
		);
		const fourth = await openShellSession({
			cwd: workspace,
			flags: {},
			env: withoutAnthropic,
			continueLast: true,
		});
		expect(fourth.session.config).toMatchObject({provider: 'openai', model: 'm'});
		expect(fourth.banner.level).toBe('warning');
		expect(fourth.banner.text.split('\n')).toEqual([
			`openai · m · ${workspace}`,
			expect.stringMatching(
				/^This session last switched to anthropic · claude-test with \/model\. Cannot switch to anthropic: it has no key or base URL\. .* The model stays openai · m\.$/,
			),
		]);
		// The transcript ends with the model in use now, after the old switch notice.
		expect(fourth.previousEvents.at(-1)).toEqual({
			type: 'notice',
			id: expect.stringMatching(/^continue-/),
			level: 'warning',
			text: expect.stringMatching(
				/^Continuing with openai · m, not anthropic · claude-test, the model this session last switched to with \/model\. Cannot switch to anthropic: it has no key or base URL\./,
			),
		});
		await fourth.session.submit('Question four');
		expect(bodyOf(openai.requests.at(-1))['model']).toBe('m');
		fourth.session.close();
	});

	it('reads older logs: a switch notice without its line resumes, a log without a switch and a bad line change nothing', async () => {
		const openai = await server('openai', 0);
		const workspace = makeWorkspace();
		const {env} = continueEnv(openai);
		// Each log a day after the last, so --continue opens the newest.
		let day = 0;
		const write = (name: string, lines: readonly unknown[]) => {
			day++;
			const logPath = newSessionPath(workspace, name, env, new Date(Date.UTC(2025, 0, day)));
			mkdirSync(path.dirname(logPath), {recursive: true});
			writeFileSync(logPath, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
		};

		const header = {
			type: 'lector-session',
			version: 1,
			id: 'old',
			cwd: workspace,
			startedAt: '2025-01-01T00:00:00.000Z',
			provider: 'openai',
			model: 'm',
		};
		const notice = {
			type: 'event',
			at: '2025-01-01T00:00:01.000Z',
			event: switchNotice(
				'Switched to openai · older-model (was openai · m) from the next prompt on. Base URL and key as before.',
			),
		};
		write('a', [header, notice]);
		const old = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
		expect(old.session.config?.model).toBe('older-model');
		old.session.close();

		write('b', [header, notice, {type: 'model-switch', at: '2025-01-01T00:00:02.000Z', provider: 'openai'}]);
		const damaged = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
		expect(damaged.session.config?.model).toBe('older-model');
		damaged.session.close();

		write('c', [
			header,
			{type: 'event', at: '2025-01-01T00:00:01.000Z', event: {type: 'user-text', id: 'u1', text: 'Hi'}},
		]);
		const plain = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
		expect(plain.session.config?.model).toBe('m');
		expect(plain.banner).toEqual({level: 'info', text: `openai · m · ${workspace}`});
		plain.session.close();
	});
});
