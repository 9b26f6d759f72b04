/**
`lector watch` as a process off a terminal (the printed stream): the waiting notice, a session's
items as they are written, the switch to a newer session, and a clean exit on SIGINT. Spawns
dist/cli.js (npm run build first); every session folder is under a temp home.
*/
import {type ChildProcess, execFile, spawn} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {workspaceSessionsFolder} from '../../../source/sessions/lector/store.js';
import {piFolderName} from '../../../source/sessions/session-list.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli} from '../../helpers/tmux.js';
import {root} from '../../helpers/transcripts.js';

const base = makeTempDir('lector-watch-cli-');
const demo = readFileSync(path.join(root, 'fixtures', 'demo-session.jsonl'), 'utf8');
const pi = readFileSync(
	path.join(root, 'fixtures', 'agents', 'pi', '0.73.1', 'agents_md', 'transcript.jsonl'),
	'utf8',
);

function space(name: string) {
	const home = path.join(base, name, 'home');
	const cwd = path.join(base, name, 'project');
	mkdirSync(cwd, {recursive: true});
	const env = {
		...process.env,
		HOME: home,
		XDG_STATE_HOME: path.join(home, 'state'),
		XDG_CONFIG_HOME: path.join(home, 'config'),
		CLAUDE_CONFIG_DIR: path.join(home, 'claude'),
		CODEX_HOME: path.join(home, 'codex'),
		NO_COLOR: '1',
		COLUMNS: '100',
	};
	return {home, cwd, env, lectorFolder: workspaceSessionsFolder(cwd, env, home)};
}

const children = new Set<ChildProcess>();
afterEach(() => {
	for (const child of children) {
		child.kill('SIGKILL');
	}

	children.clear();
});

async function run(
	args: string[],
	env: NodeJS.ProcessEnv,
): Promise<{code: number; out: string; err: string}> {
	return new Promise((resolve) => {
		execFile('node', [cli, ...args], {env, timeout: 10_000}, (error, out, err) => {
			resolve({code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, out, err});
		});
	});
}

/** Resolves once the output so far matches, failing after 10 s with what it was. */
async function until(output: () => string, predicate: (text: string) => boolean): Promise<string> {
	const deadline = Date.now() + 10_000;
	while (!predicate(output())) {
		if (Date.now() > deadline) {
			throw new Error(`output never matched:\n${output()}`);
		}

		await new Promise((resolve) => {
			setTimeout(resolve, 20);
		});
	}

	return output();
}

describe.skipIf(!existsSync(cli))('lector watch (process; skipped without npm run build)', () => {
	test('--help prints the usage, with the watch options, and exits 0', async () => {
		const {env} = space('help');
		const result = await run(['watch', '--help'], env);
		expect(result.code).toBe(0);
		expect(result.out).toContain('$ lector watch');
		expect(result.out).toContain('--agent LIST');
	});

	test('wrong calls are usage errors (exit 2), said in one line', async () => {
		const {env, cwd} = space('usage');
		const log = await run(['watch', 'some.jsonl', '--cwd', cwd], env);
		expect(log.code).toBe(2);
		expect(log.err).toContain('lector watch takes no log');
		const agent = await run(['watch', '--agent', 'gemini', '--cwd', cwd], env);
		expect(agent.code).toBe(2);
		expect(agent.err).toContain('--agent gemini is not an agent lector watches');
		const folder = await run(['watch', '--cwd', path.join(cwd, 'missing')], env);
		expect(folder.code).toBe(2);
		expect(folder.err).toContain('is not a folder');
		const flag = await run(['watch', '--follow'], env);
		expect(flag.code).toBe(2);
		expect(flag.err).toContain('--follow is a flag of lector replay, not of lector watch');
	});

	test('off a terminal: waits, prints a session as it is written, switches to a newer one, exits 0 on SIGINT', async () => {
		const {env, cwd, home, lectorFolder} = space('print');
		const child = spawn('node', [cli, 'watch', '--cwd', cwd], {env, stdio: ['ignore', 'pipe', 'pipe']});
		children.add(child);
		let out = '';
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
			out += chunk;
		});
		const exited = new Promise<number | null>((resolve) => {
			child.on('exit', (code) => {
				resolve(code);
			});
		});

		const waiting = await until(
			() => out,
			(text) => text.includes('Watching:'),
		);
		expect(waiting).toContain(`lector watch: waiting for a session in ${cwd}`);
		expect(waiting).toMatch(/ {2}Claude Code {2}\S*claude\/projects\//);

		mkdirSync(lectorFolder, {recursive: true});
		writeFileSync(path.join(lectorFolder, '2026-01-01_a.jsonl'), demo);
		const lector = await until(
			() => out,
			(text) => text.includes('AGENTS.md'),
		);
		expect(lector).toContain('lector watch: a new lector session started');

		const piFolder = path.join(home, '.pi', 'agent', 'sessions', piFolderName(cwd));
		mkdirSync(piFolder, {recursive: true});
		writeFileSync(path.join(piFolder, 'pi.jsonl'), pi);
		const switched = await until(
			() => out,
			(text) => text.includes('a new pi session started'),
		);
		expect(switched).toContain('before: lector, ');

		child.kill('SIGINT');
		expect(await exited).toBe(0);
	});
});
