import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach} from 'vitest';
import type {ModelConfig} from '../../source/agent/config.js';
import {AgentSession, type AgentSessionOptions} from '../../source/agent/session.js';
import {LectorLogWriter} from '../../source/agent/session-log.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {
	type FakeApi,
	type FakeModelServer,
	type ScriptedTurn,
	startFakeModelServer,
} from '../helpers/fake-model-server.js';

export type Harness = {
	readonly server: FakeModelServer;
	readonly session: AgentSession;
	readonly events: TranscriptEvent[];
	/** Waits asked for by the retry policy, in milliseconds (nothing really sleeps). */
	readonly sleeps: number[];
	readonly logPath: string;
	readonly workspace: string;
	/** The log's lines after the header, parsed. */
	readonly logEvents: () => unknown[];
};

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
	for (const cleanup of cleanups.splice(0)) {
		await cleanup();
	}
});

/** A small workspace with a few files the scripts read. */
export function makeWorkspace(): string {
	const root = mkdtempSync(path.join(os.tmpdir(), 'lector-agent-'));
	cleanups.push(() => rmSync(root, {recursive: true, force: true}));
	const workspace = path.join(root, 'workspace');
	mkdirSync(path.join(workspace, 'src'), {recursive: true});
	writeFileSync(
		path.join(workspace, 'src', 'greet.ts'),
		'export function greet(name: string) {\n\treturn "Hello, " + name;\n}\n',
	);
	writeFileSync(path.join(workspace, 'README.md'), '# Demo\n\nA tiny workspace.\n');
	return workspace;
}

export function configFor(
	api: FakeApi,
	server: FakeModelServer,
	overrides: Partial<ModelConfig> = {},
): ModelConfig {
	return {
		provider: api,
		model: api === 'anthropic' ? 'claude-test' : 'test-model',
		baseUrl: api === 'anthropic' ? server.origin : `${server.origin}/v1`,
		apiKey: 'test-key',
		contextWindow: undefined,
		maxOutputTokens: 8192,
		sources: {provider: 'test', model: 'test', baseUrl: 'test', apiKey: 'test', maxOutputTokens: 'test'},
		...overrides,
	};
}

/** A session wired to a fake server following `script`, logging to a temp file. */
export async function startHarness(
	api: FakeApi,
	script: readonly ScriptedTurn[],
	options: {config?: Partial<ModelConfig>; session?: Partial<AgentSessionOptions>} = {},
): Promise<Harness> {
	const server = await startFakeModelServer(api, script);
	const workspace = makeWorkspace();
	const logPath = path.join(path.dirname(workspace), 'session.jsonl');
	const log = new LectorLogWriter(logPath, {
		type: 'lector-session',
		version: 1,
		id: 'test',
		cwd: workspace,
		startedAt: new Date(0).toISOString(),
	});
	const sleeps: number[] = [];
	const session = new AgentSession({
		cwd: workspace,
		config: configFor(api, server, options.config),
		log,
		retry: {
			sleep: async (ms) => {
				sleeps.push(ms);
			},
		},
		...options.session,
	});
	const events: TranscriptEvent[] = [];
	session.subscribe((event) => events.push(event));
	cleanups.push(async () => {
		session.close();
		await server.close();
	});
	const logEvents = () =>
		readFileSync(logPath, 'utf8')
			.trim()
			.split('\n')
			.slice(1)
			.map((line): unknown => JSON.parse(line));
	return {server, session, events, sleeps, logPath, workspace, logEvents};
}

/** The events without streaming deltas, as short tags: `user-text`, `tool-start:read`, `notice:error`. */
export function eventTags(events: readonly TranscriptEvent[]): string[] {
	return events
		.filter((event) => event.type !== 'assistant-delta')
		.map((event) => {
			switch (event.type) {
				case 'tool-start':
					return `tool-start:${event.name}`;
				case 'tool-end':
					return `tool-end:${event.result.isError ? 'error' : 'ok'}`;
				case 'notice':
					return `notice:${event.level}`;
				case 'retry':
					return 'notice:warning';
				default:
					return event.type;
			}
		});
}

/**
A session whose first answer (3,000 characters, no usage reported) fills a 1,500-token window, so the
next prompt compacts first; the summary is `We discussed greet.ts.`.
*/
export function startCompactingHarness(api: FakeApi): Promise<Harness> {
	return startHarness(
		api,
		[
			{type: 'reply', text: ['x'.repeat(3000)], usage: 'none'},
			{type: 'reply', text: ['We discussed greet.ts.']},
			{type: 'reply', text: ['Carrying on.']},
		],
		{config: {contextWindow: 1500}},
	);
}
