#!/usr/bin/env node
import {spawn} from 'node:child_process';
import crypto from 'node:crypto';
// Drives each peer agent through the scripted fake model, one fresh session (and fresh HOME) per case,
// and records what its read tool returned.
//
// Usage: node run-peers.mjs [--agents claude-code,pi,codex] [--cases id1,id2] [--timeout 60] [--max-rss-mb 8192]
//                           [--corpus DIR] [--out DIR] [--big]
// Releases: CLAUDE_VERSION, PI_VERSION, CODEX_VERSION (installed by record.mjs into LECTOR_PEERS_CACHE).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {makeAgents} from './lib/agents.mjs';
import {buildCases} from './lib/cases.mjs';
import {startFakeAnthropic} from './lib/fake-anthropic.mjs';
import {startFakeOpenAI} from './lib/fake-openai.mjs';

const _root = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
	const i = argv.indexOf(`--${name}`);
	return i >= 0 ? argv[i + 1] : dflt;
};
const cacheRoot =
	process.env.LECTOR_PEERS_CACHE ?? path.join(process.env.HOME ?? '/tmp', '.cache', 'lector-peers');
const corpus = path.resolve(opt('corpus', path.join(cacheRoot, 'work', 'corpus')));
const outRoot = path.resolve(opt('out', path.join(cacheRoot, 'results')));
const runsRoot = path.join(cacheRoot, 'work', 'runs');
const withBig = argv.includes('--big');
const defaultTimeoutS = Number(opt('timeout', '60'));
const maxRssMb = Number(opt('max-rss-mb', '8192')); // an agent process above this is killed (pi on /dev/zero grows without bound)

const manifest = JSON.parse(fs.readFileSync(path.join(corpus, 'manifest.json'), 'utf8'));
const allCases = buildCases(manifest);
const caseFilter = opt('cases', null)?.split(',');
// An agent may bring its own cases (Codex: shell commands instead of read calls); --cases filters each list.
const casesFor = (agent) => {
	const list = (agent.buildCases ? agent.buildCases(manifest) : allCases).filter(
		(c) => (!c.only || c.only.includes(agent.id)) && (!c.big || withBig),
	);
	return caseFilter ? list.filter((c) => caseFilter.includes(c.id)) : list;
};
const versions = {
	'claude-code': process.env.CLAUDE_VERSION ?? '2.1.332',
	pi: process.env.PI_VERSION ?? '0.73.1',
	codex: process.env.CODEX_VERSION ?? '0.171.0',
};
const agents = makeAgents(cacheRoot, versions);
const agentIds = opt('agents', null)?.split(',') ?? Object.keys(agents);

// Replace long base64 payloads (images, PDFs) with a note, and save the decoded bytes beside the JSON.
function elideBase64(value, dir, prefix, counter = {n: 0}) {
	if (Array.isArray(value)) return value.map((v) => elideBase64(v, dir, prefix, counter));
	if (value && typeof value === 'object') {
		const out = {};
		for (const [k, v] of Object.entries(value)) {
			if (k === 'data' && typeof v === 'string' && v.length > 4096) {
				const mt = value.media_type ?? value.mimeType ?? 'application/octet-stream';
				const ext =
					{
						'image/png': 'png',
						'image/jpeg': 'jpg',
						'image/webp': 'webp',
						'image/gif': 'gif',
						'application/pdf': 'pdf',
					}[mt] ?? 'bin';
				const bytes = Buffer.from(v, 'base64');
				const file = `${prefix}-blob${++counter.n}.${ext}`;
				fs.writeFileSync(path.join(dir, file), bytes);
				out[k] =
					`<base64 elided by harness: ${v.length} chars, ${bytes.length} bytes, sha256=${crypto.createHash('sha256').update(bytes).digest('hex').slice(0, 16)}, saved as ${file}>`;
			} else out[k] = elideBase64(v, dir, prefix, counter);
		}
		return out;
	}
	return value;
}

function readHwmKb(pid) {
	try {
		const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
		return m ? Number(m[1]) : null;
	} catch {
		return null;
	}
}

async function runOne(agent, c) {
	const runDir = path.join(runsRoot, `${agent.id}-${versions[agent.id]}`, c.id);
	const home = path.join(runDir, 'home');
	fs.rmSync(runDir, {recursive: true, force: true});
	fs.mkdirSync(home, {recursive: true});
	const outDir = path.join(outRoot, agent.id, c.id);
	fs.rmSync(outDir, {recursive: true, force: true});
	fs.mkdirSync(outDir, {recursive: true});

	const toCall = (k) => {
		if (k.command !== undefined) return {input: agent.mapInput({command: k.command})};
		const abs = path.isAbsolute(k.path) || k.relative ? k.path : path.join(corpus, k.path);
		return {input: agent.mapInput({abs, offset: k.offset, limit: k.limit})};
	};
	// A subagent case: the main loop first starts the subagent (a Task/Agent call), then issues its own calls.
	const calls = [...(c.subagent ? [{task: true, input: null}] : []), ...c.calls.map(toCall)];
	const subCalls = (c.subagent?.calls ?? []).map(toCall);
	const startFake = agent.api === 'openai-responses' ? startFakeOpenAI : startFakeAnthropic;
	const srv = await startFake({
		toolName: agent.toolName,
		calls,
		subCalls,
		makeArguments: agent.makeArguments,
		dumpDir: path.join(runDir, 'requests'),
	});
	agent.prepare(home, srv.url, c);
	const timeoutS = c.timeoutS ?? defaultTimeoutS;
	const first = agent.spawnArgs(home, srv.url);
	const sessionId = first.sessionId;
	// Compaction where the agent has no way to compact by itself: a second run of the same session.
	const runs = [
		first,
		...(c.compact && agent.compactRun ? [agent.spawnArgs(home, srv.url, agent.compactRun(sessionId))] : []),
	];
	const lines = [];
	let stderr = '';
	let peakKb = null;
	let timedOut = false;
	let killedForMemory = false;
	let code = null;
	let signal = null;
	let stdoutBytes = 0;
	const started = Date.now();
	for (const run of runs) {
		const r = await runProcess(run, timeoutS, lines, started);
		stderr += r.stderr;
		peakKb = Math.max(peakKb ?? 0, r.peakKb ?? 0) || null;
		timedOut ||= r.timedOut;
		killedForMemory ||= r.killedForMemory;
		({code, signal} = r);
		stdoutBytes += r.stdoutBytes;
	}
	const ended = Date.now();
	await srv.close();
	return finish({
		agent,
		c,
		srv,
		lines,
		stderr,
		peakKb,
		timedOut,
		killedForMemory,
		code,
		signal,
		stdoutBytes,
		started,
		ended,
		calls,
		subCalls,
		outDir,
		home,
		sessionId,
		timeoutS,
	});
}

async function runProcess({file, args, env}, timeoutS, lines, _started) {
	const child = spawn(file, args, {cwd: corpus, env, detached: true, stdio: ['ignore', 'pipe', 'pipe']});
	let buf = '';
	let stdoutBytes = 0;
	child.stdout.on('data', (d) => {
		const at = Date.now();
		stdoutBytes += d.length;
		buf += d.toString('utf8');
		for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
			const line = buf.slice(0, i);
			buf = buf.slice(i + 1);
			if (!line.trim()) continue;
			let obj = null;
			try {
				obj = JSON.parse(line);
			} catch {}
			lines.push({at, obj, line});
		}
	});
	let stderr = '';
	child.stderr.on('data', (d) => {
		if (stderr.length < 1_000_000) stderr += d.toString('utf8');
	});
	let peakKb = null;
	let timedOut = false;
	let killedForMemory = false;
	const poll = setInterval(() => {
		const v = readHwmKb(child.pid);
		if (v) peakKb = Math.max(peakKb ?? 0, v);
		if (v && v / 1024 > maxRssMb && !killedForMemory) {
			killedForMemory = true;
			try {
				process.kill(-child.pid, 'SIGKILL');
			} catch {}
		}
	}, 200);
	const killer = setTimeout(() => {
		timedOut = true;
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {}
	}, timeoutS * 1000);
	const {code, signal} = await new Promise((resolve) =>
		child.on('exit', (code, signal) => resolve({code, signal})),
	);
	clearTimeout(killer);
	clearInterval(poll);
	// make sure nothing of this run's process group survives (e.g. helpers it started)
	try {
		process.kill(-child.pid, 'SIGKILL');
	} catch {}
	await new Promise((r) => setTimeout(r, 150));
	if (buf.trim()) {
		let obj = null;
		try {
			obj = JSON.parse(buf);
		} catch {}
		lines.push({at: Date.now(), obj, line: buf});
	}
	return {code, signal, stderr, peakKb, timedOut, killedForMemory, stdoutBytes};
}

function finish({
	agent,
	c,
	srv,
	lines,
	stderr,
	peakKb,
	timedOut,
	killedForMemory,
	code,
	signal,
	stdoutBytes,
	started,
	ended,
	calls,
	subCalls,
	outDir,
	home,
	sessionId,
	timeoutS,
}) {
	// Tool results, in issue order, with both timings.
	const clientTimes = agent.toolTimes(lines);
	const records = srv.state.issued.map((iss, idx) => {
		const r = srv.state.results[iss.id];
		const ct = clientTimes[iss.id] ?? {};
		const rec = {
			step: idx + 1,
			tool_use_id: iss.id,
			tool: iss.tool,
			...(iss.subagent && {subagent: true}),
			input: iss.input,
			...(iss.arguments && {function_call_arguments: iss.arguments}), // what the fake sent (Codex: {cmd})
			received: Boolean(r),
			wall_ms_server: r ? r.wall_ms_server : null,
			wall_ms_client: ct.start && ct.end ? ct.end - ct.start : null,
			// count_tokens calls the agent made while the tool ran (Claude Code's Read does for big files); the
			// time this fake spent answering them is inside both wall times above.
			count_tokens_calls_during_tool: r
				? srv.state.countTokens.filter((x) => x.start >= iss.issued_at && x.end <= r.result_headers_at).length
				: 0,
			fake_count_tokens_ms: r
				? srv.state.countTokens
						.filter((x) => x.start >= iss.issued_at && x.end <= r.result_headers_at)
						.reduce((a, x) => a + x.end - x.start, 0)
				: 0,
			tool_result: r ? r.tool_result : null,
			other_blocks_in_same_user_message: r ? r.other_blocks_in_same_user_message : [],
			later_messages_in_same_request: r ? r.later_messages_in_same_request : [],
			position: r ? r.position : null,
		};
		return elideBase64(rec, outDir, `step${idx + 1}`);
	});
	fs.writeFileSync(path.join(outDir, 'tool_results.json'), `${JSON.stringify(records, null, 2)}\n`);
	fs.writeFileSync(path.join(outDir, 'requests.json'), `${JSON.stringify(srv.state.requests, null, 2)}\n`);
	const kept = lines
		.filter((l) => (l.obj ? agent.keepEvent(l.obj) : true))
		.map((l) =>
			JSON.stringify({
				t_ms: l.at - started,
				...(l.obj ? {event: agent.slimEvent ? agent.slimEvent(l.obj) : l.obj} : {raw: l.line}),
			}),
		);
	fs.writeFileSync(
		path.join(outDir, 'agent-stdout-events.jsonl'),
		kept.join('\n') + (kept.length ? '\n' : ''),
	);
	if (stderr.trim()) fs.writeFileSync(path.join(outDir, 'stderr.txt'), stderr);
	// The session log becomes transcript.jsonl; other files (Claude Code subagents: <session>/subagents/...,
	// older releases' agent-*.jsonl beside it) keep their place relative to it, with the session's folder renamed
	// to transcript/ so that lector finds them as it would beside the real log.
	const transcripts = agent.transcripts(home);
	const tRoot = agent.transcriptRoot ? agent.transcriptRoot(home) : null;
	const main =
		transcripts.find((t) => sessionId && path.basename(t) === `${sessionId}.jsonl`) ??
		(transcripts.filter((t) => t.endsWith('.jsonl')).length === 1
			? transcripts.find((t) => t.endsWith('.jsonl'))
			: null);
	const copied = [];
	for (const t of transcripts) {
		if (fs.statSync(t).size === 0) continue; // an empty session file (a resumed run that wrote nothing)
		let name;
		if (t === main) name = 'transcript.jsonl';
		else if (tRoot && main)
			name = path
				.relative(tRoot, t)
				.replace(new RegExp(`^${path.basename(main, '.jsonl')}(?=/)`), 'transcript');
		else name = path.basename(t); // another session file (a resumed session in some releases)
		fs.mkdirSync(path.dirname(path.join(outDir, name)), {recursive: true});
		fs.copyFileSync(t, path.join(outDir, name));
		copied.push({copied_as: name, original: path.relative(home, t).replace(/^/, '$HOME/')});
	}
	const agentDef = path.join(outRoot, agent.id, '_read_tool_definition.json');
	if (srv.state.readToolDefinition && !fs.existsSync(agentDef))
		fs.writeFileSync(agentDef, `${JSON.stringify(srv.state.readToolDefinition, null, 2)}\n`);
	const meta = {
		agent: agent.id,
		case: c.id,
		what: c.what,
		calls: calls.map((x) => x.input),
		...(subCalls.length && {subagent_calls: subCalls.map((x) => x.input)}),
		exit_code: code,
		signal,
		timed_out: timedOut,
		timeout_s: timeoutS,
		killed_for_memory: killedForMemory,
		max_rss_mb: maxRssMb,
		total_wall_ms: ended - started,
		peak_rss_mb: peakKb ? Math.round(peakKb / 1024) : null,
		results_received: records.filter((r) => r.received).length,
		results_expected: calls.length,
		tool_calls_issued: srv.state.issued.length,
		stdout_bytes: stdoutBytes,
		session_id: sessionId ?? agent.sessionIdFromEvents?.(lines) ?? null,
		transcripts: copied,
	};
	fs.writeFileSync(path.join(outDir, 'meta.json'), `${JSON.stringify(meta, null, 2)}\n`);
	return meta;
}

fs.mkdirSync(outRoot, {recursive: true});
const seen = {};
for (const id of agentIds) {
	const agent = agents[id];
	if (!agent) {
		console.error(`unknown agent ${id}`);
		process.exit(2);
	}
	if (!agent.available()) {
		console.error(`${id}: not installed (run ./run.sh, which installs into .cache/)`);
		continue;
	}
	try {
		seen[id] = agent.version();
	} catch (e) {
		seen[id] = `version check failed: ${e.message}`;
	}
	for (const c of casesFor(agent)) {
		process.stdout.write(`${id.padEnd(12)} ${c.id.padEnd(30)} `);
		const m = await runOne(agent, c);
		console.log(
			`${m.timed_out ? 'TIMEOUT' : m.killed_for_memory ? 'KILLED (RSS)' : `exit ${m.exit_code}`}  ${m.results_received}/${m.results_expected} results  ${m.total_wall_ms} ms  peak ${m.peak_rss_mb} MB`,
		);
	}
}
const vfile = path.join(outRoot, 'versions.json');
const prev = fs.existsSync(vfile) ? JSON.parse(fs.readFileSync(vfile, 'utf8')) : {};
fs.writeFileSync(
	vfile,
	`${JSON.stringify({...prev, ...seen, node: process.version, run_at: new Date().toISOString()}, null, 2)}\n`,
);
