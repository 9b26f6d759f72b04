#!/usr/bin/env node
import {execFileSync, spawn} from 'node:child_process';
import crypto from 'node:crypto';
// One command for lector's matrix of real agent logs: installs each pinned release of Claude Code, pi and
// Codex from the npm registry (into LECTOR_PEERS_CACHE, default ~/.cache/lector-peers), writes the corpus,
// runs every case against the fake model on 127.0.0.1, and commits-ready copies the logs into
// fixtures/agents/<agent>/<release>/<case>/ with a manifest.json per release holding, per read, the call's
// input, what the tool sent, and the truth computed from the corpus file (lib/truth.mjs).
//
//   npm run record:peers                                   # the default matrix below
//   npm run record:peers -- --claude 2.1.332 --pi none --codex 0.171.0,0.94.0 --cases small_ts
//
// --claude/--pi/--codex take comma-separated releases ("none" skips the agent); --cases filters case ids;
// --big adds the 200 MB log cases; --jobs N runs N releases at once (default 2); --collect-only rebuilds the
// fixtures and manifests from the raw results of the last run (no agent is run).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {readTruth, shellTruth} from './lib/truth.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(here, '..', '..');
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
	const i = argv.indexOf(`--${name}`);
	return i >= 0 ? argv[i + 1] : dflt;
};
const list = (s) => (s === 'none' ? [] : s.split(',').filter(Boolean));
const matrix = {
	'claude-code': list(opt('claude', '1.0.128,2.0.77,2.1.10,2.1.100,2.1.200,2.1.332')),
	pi: list(opt('pi', '0.30.2,0.50.7,0.63.2,0.73.1')),
	codex: list(opt('codex', '0.27.0,0.44.0,0.58.0,0.94.0,0.171.0')),
};
const packages = {
	'claude-code': '@anthropic-ai/claude-code',
	pi: '@mariozechner/pi-coding-agent',
	codex: '@openai/codex',
};
const cacheDir = {'claude-code': 'claude', pi: 'pi', codex: 'codex'};
const envVar = {'claude-code': 'CLAUDE_VERSION', pi: 'PI_VERSION', codex: 'CODEX_VERSION'};
const cacheRoot =
	process.env.LECTOR_PEERS_CACHE ?? path.join(process.env.HOME ?? '/tmp', '.cache', 'lector-peers');
const corpus = path.join(cacheRoot, 'work', 'corpus');
const fixtures = path.resolve(opt('out', path.join(project, 'fixtures', 'agents')));
const jobs = Number(opt('jobs', '2'));

function install(dir, spec) {
	const d = path.join(cacheRoot, dir);
	const [name, version] = [spec.slice(0, spec.lastIndexOf('@')), spec.slice(spec.lastIndexOf('@') + 1)];
	const pj = path.join(d, 'node_modules', name, 'package.json');
	if (fs.existsSync(pj) && JSON.parse(fs.readFileSync(pj, 'utf8')).version === version) return;
	console.log(`installing ${spec} into ${d}`);
	fs.mkdirSync(d, {recursive: true});
	if (!fs.existsSync(path.join(d, 'package.json')))
		fs.writeFileSync(path.join(d, 'package.json'), '{"private":true}\n');
	execFileSync('npm', ['install', '--no-audit', '--no-fund', spec], {cwd: d, stdio: 'inherit'});
}

// Claude Code's native releases: npm may leave the platform binary uninstalled (no install scripts); its
// install.cjs links it into bin/claude.exe.
function fixClaude(version) {
	const pkg = path.join(cacheRoot, `claude-${version}`, 'node_modules/@anthropic-ai/claude-code');
	if (fs.existsSync(path.join(pkg, 'cli.js'))) return;
	try {
		execFileSync(path.join(pkg, 'bin/claude.exe'), ['--version'], {stdio: 'ignore'});
	} catch {
		execFileSync(process.execPath, ['install.cjs'], {cwd: pkg, stdio: 'inherit'});
	}
}

// Codex 0.8x+: the binary is in the optional platform package npm:@openai/codex@<v>-linux-x64.
function fixCodex(version) {
	const d = path.join(cacheRoot, `codex-${version}`);
	const mods = path.join(d, 'node_modules/@openai');
	// 0.2x: bin/codex-<triple>; 0.3x-0.9x: vendor/<triple>/codex/codex; later: a platform package.
	const vendored =
		fs.existsSync(path.join(mods, 'codex', 'vendor', 'x86_64-unknown-linux-musl')) ||
		fs.existsSync(path.join(mods, 'codex', 'bin', 'codex-x86_64-unknown-linux-musl'));
	if (vendored || fs.existsSync(path.join(mods, 'codex-linux-x64'))) return;
	execFileSync(
		'npm',
		[
			'install',
			'--no-audit',
			'--no-fund',
			'--no-save',
			`@openai/codex-linux-x64@npm:@openai/codex@${version}-linux-x64`,
		],
		{cwd: d, stdio: 'inherit'},
	);
}

function run(file, args, env) {
	return new Promise((resolve) => {
		const child = spawn(file, args, {
			cwd: here,
			env: {...process.env, ...env, LECTOR_PEERS_CACHE: cacheRoot},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let out = '';
		child.stdout.on('data', (d) => {
			out += d;
		});
		child.stderr.on('data', (d) => {
			out += d;
		});
		child.on('exit', (code) => resolve({code, out}));
	});
}

// Machine paths become neutral ones: the corpus /home/dev/corpus, the throwaway homes /home/dev/runs/...,
// anything else under the cache /home/dev/peers, the user's home /home/dev.
const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const slug = (p) => p.replace(/[^a-zA-Z0-9]/g, '-');
const home = process.env.HOME ?? '/root';
const rules = [
	[corpus, '/home/dev/corpus'],
	[path.join(cacheRoot, 'work', 'runs'), '/home/dev/runs'],
	[cacheRoot, '/home/dev/peers'],
	[project, '/home/dev/lector'],
	[home, '/home/dev'],
].flatMap(([from, to]) => [
	[new RegExp(escapeRe(from), 'g'), to],
	[new RegExp(escapeRe(slug(from)), 'g'), slug(to)],
]);
export function sanitize(text) {
	let s = text;
	for (const [re, to] of rules) s = s.replace(re, to);
	return s;
}

// What the tool sent, kept in the manifest: whole when short, else its length, digest, head and tail.
function sent(content) {
	const s = typeof content === 'string' ? content : JSON.stringify(content);
	if (s.length <= 4000) return content;
	return {
		length: s.length,
		sha256: crypto.createHash('sha256').update(s).digest('hex').slice(0, 16),
		head: s.slice(0, 1500),
		tail: s.slice(-1500),
	};
}

function collect(agent, version, resultsDir) {
	const relDir = path.join(fixtures, agent, version);
	fs.rmSync(relDir, {recursive: true, force: true});
	const cases = [];
	for (const id of fs.readdirSync(resultsDir).sort()) {
		const caseDir = path.join(resultsDir, id);
		if (!fs.statSync(caseDir).isDirectory()) continue;
		const meta = JSON.parse(fs.readFileSync(path.join(caseDir, 'meta.json'), 'utf8'));
		const records = JSON.parse(fs.readFileSync(path.join(caseDir, 'tool_results.json'), 'utf8'));
		const out = path.join(relDir, id);
		const files = [];
		for (const t of meta.transcripts) {
			if (fs.statSync(path.join(caseDir, t.copied_as)).size === 0) continue; // nothing to replay
			const dest = path.join(out, t.copied_as);
			fs.mkdirSync(path.dirname(dest), {recursive: true});
			fs.writeFileSync(dest, sanitize(fs.readFileSync(path.join(caseDir, t.copied_as), 'utf8')));
			files.push(t.copied_as);
		}
		const reads = records.map((r) => {
			const isRead = agent === 'codex' || r.tool === undefined || r.tool === 'Read' || r.tool === 'read';
			const truth = !isRead ? null : agent === 'codex' ? shellTruth(corpus, r) : readTruth(agent, corpus, r);
			return JSON.parse(
				sanitize(
					JSON.stringify({
						step: r.step,
						tool_use_id: r.tool_use_id,
						tool: r.tool,
						...(r.subagent && {subagent: true}),
						input: r.input,
						received: r.received,
						sent: r.tool_result ? sent(r.tool_result.content) : null,
						is_error: r.tool_result?.is_error ?? null,
						...(r.later_messages_in_same_request?.length && {
							later_messages: r.later_messages_in_same_request.map((m) => sent(m.content ?? m)),
						}),
						truth,
					}),
				),
			);
		});
		cases.push({
			case: id,
			what: meta.what,
			exit_code: meta.exit_code,
			timed_out: meta.timed_out,
			files,
			reads,
		});
	}
	const manifest = {
		agent,
		release: version,
		package: packages[agent],
		node: process.version,
		recorded_at: new Date().toISOString(),
		corpus: '/home/dev/corpus',
		cases,
	};
	fs.mkdirSync(relDir, {recursive: true});
	fs.writeFileSync(path.join(relDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
	return cases;
}

async function recordRelease(agent, version) {
	const resultsDir = path.join(cacheRoot, 'results', `${agent}-${version}`);
	const args = ['run-peers.mjs', '--agents', agent, '--out', resultsDir, '--corpus', corpus];
	if (opt('cases')) args.push('--cases', opt('cases'));
	if (argv.includes('--big')) args.push('--big');
	// --collect-only: the manifests and fixtures again from the raw results of an earlier run (after a change
	// to the truth code), without running the agents.
	const r = argv.includes('--collect-only')
		? {code: 0, out: ''}
		: await run(process.execPath, args, {[envVar[agent]]: version});
	fs.mkdirSync(path.join(cacheRoot, 'logs'), {recursive: true});
	if (!argv.includes('--collect-only'))
		fs.writeFileSync(path.join(cacheRoot, 'logs', `${agent}-${version}.txt`), r.out);
	const agentDir = path.join(resultsDir, agent);
	if (!fs.existsSync(agentDir)) {
		console.log(`${agent} ${version}: no results (exit ${r.code})\n${r.out.slice(-800)}`);
		return;
	}
	const cases = collect(agent, version, agentDir);
	const reads = cases.flatMap((c) => c.reads.filter((x) => x.truth));
	console.log(
		`${agent} ${version}: ${cases.length} cases, ${reads.length} reads, ${reads.filter((x) => !x.received).length} without a result`,
	);
}

for (const [agent, versions] of Object.entries(matrix)) {
	if (argv.includes('--collect-only')) break;
	for (const v of versions) {
		install(`${cacheDir[agent]}-${v}`, `${packages[agent]}@${v}`);
		if (agent === 'claude-code') fixClaude(v);
		if (agent === 'codex') fixCodex(v);
	}
}
install('tokenizer', '@anthropic-ai/tokenizer@0.0.4');
execFileSync(
	process.execPath,
	[path.join(here, 'gen-corpus.mjs'), corpus, ...(argv.includes('--big') ? ['--big'] : [])],
	{stdio: 'ignore'},
);
const queue = Object.entries(matrix).flatMap(([agent, versions]) => versions.map((v) => [agent, v]));
await Promise.all(
	Array.from({length: jobs}, async () => {
		while (queue.length) {
			const [a, v] = queue.shift();
			await recordRelease(a, v);
		}
	}),
);
