// How to run each peer agent against the fake model, and where it leaves its transcript.

import {execFileSync} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {buildShellCases} from './cases.mjs';

// The timing record of one call, created on first use.
function slot(t, key) {
	t[key] ??= {};
	return t[key];
}

export function walk(dir, pred = () => true, acc = []) {
	if (!fs.existsSync(dir)) return acc;
	for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
		const p = path.join(dir, e.name);
		if (e.isDirectory()) walk(p, pred, acc);
		else if (e.isFile() && pred(p)) acc.push(p);
	}
	return acc;
}

// A clean environment: nothing of the calling shell (no API keys, no client variables) leaks in.
function baseEnv(home) {
	return {
		PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
		HOME: home,
		LANG: 'C.UTF-8',
		TERM: 'dumb',
		TZ: 'UTC',
		NO_COLOR: '1',
	};
}

// cacheRoot holds one install per agent release: <cacheRoot>/<agent>-<version>/node_modules/...
// versions: { "claude-code": "2.1.332", pi: "0.73.1", codex: "0.171.0" }
export function makeAgents(cacheRoot, versions) {
	const ccPkg = path.join(
		cacheRoot,
		`claude-${versions['claude-code']}`,
		'node_modules/@anthropic-ai/claude-code',
	);
	// Claude Code up to 2.1.1xx ships cli.js (run by Node); later releases a native binary at bin/claude.exe.
	const ccCli = path.join(ccPkg, 'cli.js');
	const ccExe = path.join(ccPkg, 'bin/claude.exe');
	const ccCommand = () =>
		fs.existsSync(ccCli) ? {file: process.execPath, pre: [ccCli]} : {file: ccExe, pre: []};
	const piCli = path.join(
		cacheRoot,
		`pi-${versions.pi}`,
		'node_modules/@mariozechner/pi-coding-agent/dist/cli.js',
	);
	const prompt = 'Read the files I will ask for with your file-reading tool.';

	const claude = {
		id: 'claude-code',
		toolName: 'Read',
		available: () => fs.existsSync(ccCli) || fs.existsSync(ccExe),
		version: () => {
			const c = ccCommand();
			return execFileSync(c.file, [...c.pre, '--version'], {env: baseEnv('/tmp'), encoding: 'utf8'}).trim();
		},
		mapInput: ({abs, offset, limit}) => ({
			file_path: abs,
			...(offset !== undefined && {offset}),
			...(limit !== undefined && {limit}),
		}),
		prepare: (_home, _url) => {},
		spawnArgs: (home, url, opts = {}) => {
			const sessionId = opts.resume ?? randomUUID();
			const c = ccCommand();
			// A follow-up run resumes the session (for `/compact`); the Task/Agent tool is allowed for subagents.
			const session = opts.resume ? ['--resume', sessionId] : ['--session-id', sessionId];
			return {
				file: c.file,
				args: [
					...c.pre,
					'-p',
					opts.prompt ?? prompt,
					'--output-format',
					'stream-json',
					'--verbose',
					...session,
					'--allowedTools',
					'Read,Task,Agent',
				],
				env: {
					...baseEnv(home),
					ANTHROPIC_BASE_URL: url,
					ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-local-test',
					CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
					DISABLE_TELEMETRY: '1',
					DISABLE_ERROR_REPORTING: '1',
					DISABLE_AUTOUPDATER: '1',
					DISABLE_BUG_COMMAND: '1',
					CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
				},
				sessionId,
			};
		},
		// Compaction: a second run resumes the session with `/compact`.
		compactRun: (sessionId) => ({resume: sessionId, prompt: '/compact'}),
		transcripts: (home) =>
			walk(path.join(home, '.claude', 'projects'), (p) => p.endsWith('.jsonl') || p.endsWith('.meta.json')),
		// Subagent files live beside or below the session file; their paths are kept relative to it.
		transcriptRoot: (home) => {
			const projects = path.join(home, '.claude', 'projects');
			const dirs = fs.existsSync(projects) ? fs.readdirSync(projects) : [];
			return dirs.length === 1 ? path.join(projects, dirs[0]) : projects;
		},
		// stream-json: an "assistant" line carries the tool_use, a "user" line carries its tool_result.
		toolTimes: (lines) => {
			const t = {};
			for (const {at, obj} of lines) {
				const content = obj?.message?.content;
				if (!Array.isArray(content)) continue;
				for (const b of content) {
					if (obj.type === 'assistant' && b.type === 'tool_use') slot(t, b.id).start = at;
					if (obj.type === 'user' && b.type === 'tool_result') slot(t, b.tool_use_id).end = at;
				}
			}
			return t;
		},
		keepEvent: (obj) => obj?.type !== 'stream_event',
	};

	const pi = {
		id: 'pi',
		toolName: 'read',
		available: () => fs.existsSync(piCli),
		version: () => {
			const pkg = JSON.parse(fs.readFileSync(path.join(path.dirname(piCli), '..', 'package.json'), 'utf8'));
			return `${pkg.name}@${pkg.version}`;
		},
		mapInput: ({abs, offset, limit}) => ({
			path: abs,
			...(offset !== undefined && {offset}),
			...(limit !== undefined && {limit}),
		}),
		prepare: (home, url, c = {}) => {
			const agentDir = path.join(home, '.pi', 'agent');
			fs.mkdirSync(agentDir, {recursive: true});
			// Compaction: a context window small enough that the first long read pushes the session over it.
			if (c.compact)
				fs.writeFileSync(
					path.join(agentDir, 'settings.json'),
					JSON.stringify(
						{compaction: {enabled: true, reserveTokens: 16384, keepRecentTokens: 2000}},
						null,
						2,
					),
				);
			fs.writeFileSync(
				path.join(agentDir, 'models.json'),
				JSON.stringify(
					{
						providers: {
							fake: {
								baseUrl: url,
								api: 'anthropic-messages',
								apiKey: 'sk-ant-fake-key-for-local-test',
								// reasoning and cost: required by older releases' models.json schema
								models: [
									{
										id: 'claude-fake',
										name: 'Fake Claude',
										reasoning: false,
										cost: {input: 0, output: 0, cacheRead: 0, cacheWrite: 0},
										input: ['text', 'image'],
										contextWindow: c.compact ? 24000 : 200000,
										maxTokens: c.compact ? 4000 : 32000,
									},
								],
							},
						},
					},
					null,
					2,
				),
			);
		},
		spawnArgs: (home, _url) => ({
			file: process.execPath,
			args: [piCli, '--mode', 'json', '--provider', 'fake', '--model', 'claude-fake', prompt],
			env: {
				...baseEnv(home),
				PI_CODING_AGENT_DIR: path.join(home, '.pi', 'agent'),
				PI_OFFLINE: '1',
				PI_SKIP_VERSION_CHECK: '1',
				PI_TELEMETRY: '0',
			},
		}),
		transcripts: (home) => walk(path.join(home, '.pi', 'agent', 'sessions'), (p) => p.endsWith('.jsonl')),
		toolTimes: (lines) => {
			const t = {};
			for (const {at, obj} of lines) {
				if (obj?.type === 'tool_execution_start') slot(t, obj.toolCallId).start = at;
				if (obj?.type === 'tool_execution_end') slot(t, obj.toolCallId).end = at;
			}
			return t;
		},
		// message_update events repeat the whole partial message on every delta: drop them from the saved copy;
		// turn_end / agent_end repeat whole messages: keep only their shape.
		keepEvent: (obj) => obj?.type !== 'message_update',
		slimEvent: (obj) => {
			if (obj?.type === 'agent_end')
				return {type: 'agent_end', messages: `<${obj.messages?.length} messages elided by harness>`};
			if (obj?.type === 'turn_end')
				return {
					type: 'turn_end',
					message: `<elided by harness>`,
					toolResults: `<${obj.toolResults?.length} elided by harness>`,
				};
			return obj;
		},
	};

	// Codex CLI: the npm package's bin/codex.js only picks the native binary out of the platform package
	// (@openai/codex-linux-x64 = npm:@openai/codex@<v>-linux-x64) and runs it; there is no install script.
	// We run that binary directly (so the RSS poll sees it, not a Node wrapper), with the two variables the
	// wrapper would set.
	const codexTarget = {
		x64: ['codex-linux-x64', 'x86_64-unknown-linux-musl'],
		arm64: ['codex-linux-arm64', 'aarch64-unknown-linux-musl'],
	}[process.arch] ?? ['codex-linux-x64', 'x86_64-unknown-linux-musl'];
	const codexMods = path.join(cacheRoot, `codex-${versions.codex}`, 'node_modules/@openai');
	const codexPkg = path.join(codexMods, 'codex');
	// Newer releases keep the native binary in a platform package; older ones vendor it in the main package
	// (vendor/<triple>/codex/codex).
	const codexBin =
		[
			path.join(codexMods, codexTarget[0], 'vendor', codexTarget[1], 'bin', 'codex'),
			path.join(codexMods, codexTarget[0], 'vendor', codexTarget[1], 'codex', 'codex'),
			path.join(codexPkg, 'vendor', codexTarget[1], 'codex', 'codex'),
			path.join(codexPkg, 'bin', `codex-${codexTarget[1]}`),
		].find((p) => fs.existsSync(p)) ??
		path.join(codexMods, codexTarget[0], 'vendor', codexTarget[1], 'bin', 'codex');
	const codexModel = 'gpt-5.5'; // see `model` below
	const codexEnv = (home) => ({
		...baseEnv(home),
		CODEX_HOME: path.join(home, '.codex'),
		FAKE_OPENAI_API_KEY: 'sk-fake-key-for-local-test',
		CODEX_MANAGED_PACKAGE_ROOT: codexPkg,
		CODEX_MANAGED_BY_NPM: '1',
	});
	const codex = {
		id: 'codex',
		api: 'openai-responses', // run-peers.mjs starts lib/fake-openai.mjs instead of the Anthropic fake
		toolName: ['exec_command', 'shell_command', 'shell'], // its shell tool, by release; it has no file-read tool
		buildCases: buildShellCases, // shell commands instead of read calls
		available: () => fs.existsSync(codexBin),
		version: () =>
			execFileSync(codexBin, ['--version'], {
				env: codexEnv('/nonexistent'),
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}).trim(),
		mapInput: ({command}) => ({command}),
		// exec_command: { cmd } (unified exec); shell_command: { command: string }; shell: { command: argv }
		makeArguments: (input, tool) =>
			tool === 'shell'
				? {command: ['bash', '-lc', input.command]}
				: tool === 'shell_command'
					? {command: input.command}
					: {cmd: input.command},
		prepare: (home, url, c = {}) => {
			const codexHome = path.join(home, '.codex');
			fs.mkdirSync(codexHome, {recursive: true});
			// model: every model in 0.171.0's bundled catalog except gpt-5.5 is `tool_mode: "code_mode_only"` (the
			// default, gpt-6.2-sol, included): the model then gets one JavaScript `exec` tool whose script calls
			// `tools.exec_command(...)`. gpt-5.5 gets exec_command as a plain function with the same shell backend
			// (unified_exec) and the same output budget (truncation_policy tokens/10000).
			fs.writeFileSync(
				path.join(codexHome, 'config.toml'),
				[
					`model = "${codexModel}"`,
					`model_provider = "fake"`,
					`check_for_update_on_startup = false`,
					// Compaction: a limit the first few turns pass, so Codex compacts by itself.
					...(c.compact ? [`model_auto_compact_token_limit = 15000`, `model_context_window = 200000`] : []),
					``,
					`[model_providers.fake]`,
					`name = "Fake (127.0.0.1)"`,
					`base_url = "${url}/v1"`,
					`env_key = "FAKE_OPENAI_API_KEY"`,
					`wire_api = "responses"`,
					``,
					`[analytics]`,
					`enabled = false`,
					``,
				].join('\n'),
			);
		},
		spawnArgs: (home, _url) => ({
			file: codexBin,
			args: [
				'exec',
				'--json',
				'--color',
				'never',
				'--skip-git-repo-check',
				'--dangerously-bypass-approvals-and-sandbox',
				'Run the shell commands I will ask for with your shell tool.',
			],
			env: codexEnv(home),
		}),
		transcripts: (home) =>
			walk(path.join(home, '.codex', 'sessions'), (p) => /rollout-.*\.jsonl$/.test(path.basename(p))),
		// `codex exec --json`: item.started / item.completed with item.type "command_execution"; their ids
		// (item_N) are not the call ids, so the n-th command maps to the n-th scripted call (call_fake_NN).
		toolTimes: (lines) => {
			const t = {};
			const order = [];
			for (const {at, obj} of lines) {
				const it = obj?.item;
				if (it?.type !== 'command_execution') continue;
				if (!order.includes(it.id)) order.push(it.id);
				const key = `call_fake_${String(order.indexOf(it.id) + 1).padStart(2, '0')}`;
				if (obj.type === 'item.started') slot(t, key).start = at;
				if (obj.type === 'item.completed') slot(t, key).end = at;
			}
			return t;
		},
		keepEvent: () => true,
		sessionIdFromEvents: (lines) =>
			lines.find((l) => l.obj?.type === 'thread.started')?.obj.thread_id ?? null,
	};

	return {'claude-code': claude, pi, codex};
}
