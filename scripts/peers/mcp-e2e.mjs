#!/usr/bin/env node
// End to end: a real agent with `lector mcp` as its MCP server. Claude Code (against the fake Anthropic API)
// and Codex (against the fake OpenAI Responses API) are started on a copy of fixtures/peers/mcp/corpus with
// lector's built server (dist/cli.js mcp --cwd <corpus>) in their MCP config; the fake model calls lector's
// read tool on a small file, a 5,000-line file (cut by lector), a range near its end and a missing file, and
// records exactly what the agent sent back to the model for each call. The records, machine paths rewritten,
// go to fixtures/peers/mcp/<agent>/tool_results.json; test/mcp/recorded-agents.test.ts checks them against
// lector's engine run on the same corpus files.
//
//   npm run e2e:mcp                                  # both agents (installs nothing: see --install)
//   npm run e2e:mcp -- --agents claude-code --install
//
// The agents are ~400 MB native binaries from the npm registry, installed (with --install) into
// LECTOR_PEERS_CACHE (default ~/.cache/lector-peers) beside `npm run record:peers`'s. Needs `npm run build`.
import {execFileSync, spawn} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {startFakeAnthropic} from './lib/fake-anthropic.mjs';
import {startFakeOpenAI} from './lib/fake-openai.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(here, '..', '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
	const i = argv.indexOf(`--${name}`);
	return i >= 0 ? argv[i + 1] : dflt;
};
const versions = {'claude-code': opt('claude', '2.1.332'), codex: opt('codex', '0.171.0')};
const agentIds = opt('agents', 'claude-code,codex').split(',').filter(Boolean);
const timeoutMs = Number(opt('timeout', '90')) * 1000;
const cacheRoot =
	process.env.LECTOR_PEERS_CACHE ?? path.join(process.env.HOME ?? '/tmp', '.cache', 'lector-peers');
const fixtures = path.resolve(opt('out', path.join(project, 'fixtures', 'peers', 'mcp')));
const corpusSource = path.join(project, 'fixtures', 'peers', 'mcp', 'corpus');
// --cli: another build of lector to serve (to record what an agent does with a changed server).
const cli = path.resolve(opt('cli', path.join(project, 'dist', 'cli.js')));

// The calls the fake model makes, in one session, one per turn. Paths are relative: lector reads them in
// its workspace (--cwd), the corpus.
const calls = [
	{id: 'small', what: 'small TypeScript file (18 lines, one tab-indented)', args: {path: 'small.ts'}},
	{
		id: 'lines5000',
		what: '5,000-line file, no offset/limit (cut by lector at 2,000 lines)',
		args: {path: 'lines-5000.ts'},
	},
	{
		id: 'lines5000_offset4990',
		what: 'same file, offset=4990 limit=5',
		args: {path: 'lines-5000.ts', offset: 4990, limit: 5},
	},
	{id: 'missing', what: 'missing util.ts (utils.ts exists beside it)', args: {path: 'util.ts'}},
];

function install(dir, spec) {
	const d = path.join(cacheRoot, dir);
	const at = spec.lastIndexOf('@');
	const pj = path.join(d, 'node_modules', spec.slice(0, at), 'package.json');
	if (fs.existsSync(pj) && JSON.parse(fs.readFileSync(pj, 'utf8')).version === spec.slice(at + 1)) return;
	console.log(`installing ${spec} into ${d}`);
	fs.mkdirSync(d, {recursive: true});
	if (!fs.existsSync(path.join(d, 'package.json')))
		fs.writeFileSync(path.join(d, 'package.json'), '{"private":true}\n');
	execFileSync('npm', ['install', '--no-audit', '--no-fund', spec], {cwd: d, stdio: 'inherit'});
}

const claudeBin = path.join(
	cacheRoot,
	`claude-${versions['claude-code']}`,
	'node_modules/@anthropic-ai/claude-code/bin/claude.exe',
);
const codexPkg = path.join(cacheRoot, `codex-${versions.codex}`, 'node_modules/@openai/codex');
const codexBin = path.join(
	cacheRoot,
	`codex-${versions.codex}`,
	'node_modules/@openai/codex-linux-x64/vendor/x86_64-unknown-linux-musl/bin/codex',
);

function installAgents() {
	if (agentIds.includes('claude-code')) {
		install(`claude-${versions['claude-code']}`, `@anthropic-ai/claude-code@${versions['claude-code']}`);
		try {
			execFileSync(claudeBin, ['--version'], {
				stdio: 'ignore',
				env: {HOME: os.tmpdir(), PATH: process.env.PATH},
			});
		} catch {
			// npm may skip install scripts: install.cjs links the platform binary into bin/claude.exe
			execFileSync(process.execPath, ['install.cjs'], {
				cwd: path.dirname(path.dirname(claudeBin)),
				stdio: 'inherit',
			});
		}
	}
	if (agentIds.includes('codex')) {
		install(`codex-${versions.codex}`, `@openai/codex@${versions.codex}`);
		if (!fs.existsSync(codexBin))
			execFileSync(
				'npm',
				[
					'install',
					'--no-audit',
					'--no-fund',
					'--no-save',
					`@openai/codex-linux-x64@npm:@openai/codex@${versions.codex}-linux-x64`,
				],
				{cwd: path.join(cacheRoot, `codex-${versions.codex}`), stdio: 'inherit'},
			);
	}
}

// A clean environment: nothing of the calling shell (no API keys, no client variables) leaks in.
const baseEnv = (home) => ({
	PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'),
	HOME: home,
	LANG: 'C.UTF-8',
	TERM: 'dumb',
	TZ: 'UTC',
	NO_COLOR: '1',
});

// --server-args "--max-bytes 40000": more flags for `lector mcp`.
const extraServerArgs = opt('server-args', '').split(' ').filter(Boolean);
const serverArgs = (corpus) => [cli, 'mcp', '--cwd', corpus, ...extraServerArgs];

const agents = {
	'claude-code': {
		bin: claudeBin,
		toolName: 'mcp__lector__read',
		fake: startFakeAnthropic,
		// --tool-search: Claude Code's default, where MCP tools are declared only after a ToolSearch call.
		fakeOptions: {search: {name: 'ToolSearch', input: {query: 'select:mcp__lector__read', max_results: 1}}},
		version: (home) => execFileSync(claudeBin, ['--version'], {env: baseEnv(home), encoding: 'utf8'}).trim(),
		// The config Claude Code takes: --mcp-config accepts the JSON itself.
		config: (corpus) => ({
			mcpServers: {lector: {type: 'stdio', command: process.execPath, args: serverArgs(corpus)}},
		}),
		spawn: (home, url, corpus) => ({
			file: claudeBin,
			args: [
				'-p',
				'Read the files I will ask for with lector.',
				'--output-format',
				'stream-json',
				'--verbose',
				'--session-id',
				randomUUID(),
				'--mcp-config',
				JSON.stringify(agents['claude-code'].config(corpus)),
				'--strict-mcp-config',
				'--allowedTools',
				'mcp__lector__read',
			],
			env: {
				...baseEnv(home),
				ANTHROPIC_BASE_URL: url,
				ANTHROPIC_API_KEY: 'sk-ant-fake-key-for-local-test',
				// Tool search (on by default) defers MCP tools behind a ToolSearch call: the request would declare
				// no mcp__lector__read until the model searched for it. Off, the tool is declared at once.
				...(!argv.includes('--tool-search') && {ENABLE_TOOL_SEARCH: 'false'}),
				CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
				DISABLE_TELEMETRY: '1',
				DISABLE_ERROR_REPORTING: '1',
				DISABLE_AUTOUPDATER: '1',
				DISABLE_BUG_COMMAND: '1',
				CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
			},
		}),
		// What the fake was sent back: the tool_result block; its prompt-caching marker is not the tool's output.
		result: (r) => {
			const {cache_control: _cache, ...block} = r.tool_result;
			return block;
		},
	},
	codex: {
		bin: codexBin,
		// Codex names MCP tools mcp__<server>__<tool>; the fake takes whichever the release declares.
		toolName: ['mcp__lector__read', 'read'],
		fake: startFakeOpenAI,
		// Codex 0.171 defers MCP tools behind its tool_search tool: the fake model searches first, and the
		// tools found come back in a namespace (mcp__lector) that its function_call names.
		fakeOptions: {searchQuery: 'lector read file'},
		version: (home) =>
			execFileSync(codexBin, ['--version'], {
				env: codexEnv(home),
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}).trim(),
		config: (corpus, url) =>
			[
				'model = "gpt-5.5"',
				'model_provider = "fake"',
				'check_for_update_on_startup = false',
				'',
				'[model_providers.fake]',
				'name = "Fake (127.0.0.1)"',
				`base_url = "${url}/v1"`,
				'env_key = "FAKE_OPENAI_API_KEY"',
				'wire_api = "responses"',
				'',
				'[mcp_servers.lector]',
				`command = ${JSON.stringify(process.execPath)}`,
				`args = ${JSON.stringify(serverArgs(corpus))}`,
				'',
				'[analytics]',
				'enabled = false',
				'',
			].join('\n'),
		spawn: (home, url, corpus) => {
			fs.mkdirSync(path.join(home, '.codex'), {recursive: true});
			fs.writeFileSync(path.join(home, '.codex', 'config.toml'), agents.codex.config(corpus, url));
			return {
				file: codexBin,
				args: [
					'exec',
					'--json',
					'--color',
					'never',
					'--skip-git-repo-check',
					'--dangerously-bypass-approvals-and-sandbox',
					'Read the files I will ask for with lector.',
				],
				env: codexEnv(home),
			};
		},
		result: (r) => r.tool_result,
	},
};

function codexEnv(home) {
	return {
		...baseEnv(home),
		CODEX_HOME: path.join(home, '.codex'),
		FAKE_OPENAI_API_KEY: 'sk-fake-key-for-local-test',
		CODEX_MANAGED_PACKAGE_ROOT: codexPkg,
		CODEX_MANAGED_BY_NPM: '1',
	};
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function sanitizer(pairs) {
	// Claude Code also writes a path as a slug (its projects folder: every non-alphanumeric a '-').
	const slug = (p) => p.replace(/[^a-zA-Z0-9]/g, '-');
	const rules = pairs.flatMap(([from, to]) => [
		[new RegExp(escapeRe(from), 'g'), to],
		[new RegExp(escapeRe(slug(from)), 'g'), slug(to)],
	]);
	// Claude Code names its messaging socket after its pid under the system temp dir.
	rules.push([/\/tmp\/cc-socks\/\d+\.sock/g, '/home/dev/cc-socks/<pid>.sock']);
	return (text) => rules.reduce((s, [re, to]) => s.replace(re, to), text);
}

async function runAgent(id) {
	const agent = agents[id];
	const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `lector-mcp-e2e-${id}-`));
	try {
		const corpus = path.join(scratch, 'corpus');
		const home = path.join(scratch, 'home');
		fs.cpSync(corpusSource, corpus, {recursive: true});
		fs.mkdirSync(home, {recursive: true});
		const sanitize = sanitizer([
			[corpus, '/home/dev/corpus'],
			[home, '/home/dev/home'],
			[scratch, '/home/dev/scratch'],
			[cacheRoot, '/home/dev/peers'],
			[project, '/home/dev/lector'],
			[process.execPath, '/usr/bin/node'],
			[os.homedir(), '/home/dev'],
		]);
		const scripted = calls.map((c) => ({input: c.args}));
		const srv = await agent.fake({
			toolName: agent.toolName,
			calls: scripted,
			...agent.fakeOptions,
			dumpDir: path.join(scratch, 'requests'),
		});
		const {file, args, env} = agent.spawn(home, srv.url, corpus);
		const started = Date.now();
		const child = spawn(file, args, {cwd: corpus, env, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (d) => {
			stdout += d;
		});
		child.stderr.on('data', (d) => {
			if (stderr.length < 200_000) stderr += d;
		});
		let timedOut = false;
		const killer = setTimeout(() => {
			timedOut = true;
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {}
		}, timeoutMs);
		const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c)));
		clearTimeout(killer);
		try {
			process.kill(-child.pid, 'SIGKILL'); // the MCP server and anything else of its group
		} catch {}
		await srv.close();
		const wallMs = Date.now() - started;

		const records = srv.state.issued.map((iss, i) => {
			const r = srv.state.results[iss.id];
			return {
				call: calls[i].id,
				what: calls[i].what,
				tool_use_id: iss.id,
				input: iss.input,
				received: Boolean(r),
				tool_result: r ? agent.result(r) : null,
				other_blocks_in_same_user_message: r ? r.other_blocks_in_same_user_message : [],
				later_messages_in_same_request: r ? r.later_messages_in_same_request : [],
			};
		});
		const toolDefinition = srv.state.readToolDefinition;
		const out = path.join(fixtures, id);
		fs.rmSync(out, {recursive: true, force: true});
		fs.mkdirSync(out, {recursive: true});
		const write = (name, value) =>
			fs.writeFileSync(path.join(out, name), `${sanitize(JSON.stringify(value, null, 2))}\n`);
		write('tool_results.json', records);
		write('tool_definition.json', toolDefinition);
		write('meta.json', {
			agent: id,
			version: agent.version(home),
			node: process.version,
			recorded_at: new Date().toISOString(),
			exit_code: code,
			timed_out: timedOut,
			wall_ms: wallMs,
			results_received: records.filter((r) => r.received).length,
			results_expected: calls.length,
			command: [file, ...args],
			mcp_config: id === 'codex' ? agent.config(corpus, 'http://127.0.0.1:<port>') : agent.config(corpus),
			requests: srv.state.requests.map((r) => ({kind: r.kind, path: r.path, issued: r.issued})),
		});
		if (stderr.trim()) fs.writeFileSync(path.join(out, 'stderr.txt'), sanitize(stderr));
		fs.writeFileSync(path.join(out, 'stdout.jsonl'), sanitize(stdout));
		const got = records.filter((r) => r.received).length;
		console.log(
			`${id.padEnd(12)} ${timedOut ? 'TIMEOUT' : `exit ${code}`}  ${got}/${calls.length} results  ${wallMs} ms`,
		);
		return got === calls.length && !timedOut;
	} finally {
		if (!argv.includes('--keep')) fs.rmSync(scratch, {recursive: true, force: true});
		else console.log(`kept ${scratch}`);
	}
}

if (!fs.existsSync(cli)) {
	console.error('dist/cli.js is missing: run `npm run build` first.');
	process.exit(2);
}
if (argv.includes('--install')) installAgents();
let ok = true;
for (const id of agentIds) {
	const agent = agents[id];
	if (!agent) {
		console.error(`unknown agent ${id} (known: ${Object.keys(agents).join(', ')})`);
		process.exit(2);
	}
	if (!fs.existsSync(agent.bin)) {
		console.error(`${id}: not installed at ${agent.bin} (add --install to install it from the npm registry)`);
		ok = false;
		continue;
	}
	ok = (await runAgent(id)) && ok;
}
process.exit(ok ? 0 : 1);
