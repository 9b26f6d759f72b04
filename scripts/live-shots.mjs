/*
Screenshots of the running CLI: the agent shell (npm start's demo) and `lector watch` beside a real
`lector mcp` driven by the SDK's client, each in a tmux pane of fixed size, captured with its colours.
Every process runs with scripts/fixed-clock.mjs preloaded and TZ=UTC; the workspace and state folders
have fixed names (HOME is their parent, so they show as ~/...), and the checkout's path is neutralised.
*/
import {execFileSync} from 'node:child_process';
import {cpSync, mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

const rows = 30;

function tmux(...args) {
	return execFileSync('tmux', args, {encoding: 'utf8'});
}

function sleep(ms) {
	return new Promise((resolve) => {
		setTimeout(resolve, ms);
	});
}

/** The pane's text once `done` holds for it, then settled: the same capture twice in a row. */
async function capture(session, done) {
	const deadline = Date.now() + 20_000;
	let last = '';
	for (;;) {
		const plain = tmux('capture-pane', '-t', session, '-p');
		if (done(plain) && plain === last) {
			return tmux('capture-pane', '-t', session, '-p', '-e');
		}

		if (Date.now() > deadline) {
			throw new Error(`screenshots: ${session} never showed what was expected; it shows:\n${plain}`);
		}

		last = plain;
		await sleep(400);
	}
}

function lines(captured) {
	const all = captured.replace(/\n+$/, '').split('\n');
	return all;
}

/** Runs `args` of lector's CLI in a fresh tmux pane; returns the session name. */
function start(session, root, columns, args, env) {
	const node = [
		process.execPath,
		'--import',
		path.join(root, 'scripts', 'fixed-clock.mjs'),
		path.join(root, 'dist', 'cli.js'),
	];
	const environment = Object.entries({TZ: 'UTC', COLORTERM: 'truecolor', ...env}).flatMap(([key, value]) => [
		'-e',
		`${key}=${value}`,
	]);
	stop(session);
	tmux(
		'new-session',
		'-d',
		'-s',
		session,
		'-x',
		String(columns),
		'-y',
		String(rows),
		...environment,
		...node,
		...args,
	);
	return session;
}

function stop(session) {
	try {
		execFileSync('tmux', ['kill-session', '-t', session], {stdio: 'ignore'});
	} catch {
		// No such session: nothing to stop.
	}
}

/** `save(name, lines, title)` is the generator's; `neutral` rewrites machine paths in a line. */
export async function liveShots({root, columns, save, neutral}) {
	// Not os.tmpdir(): the folder's name is part of what the watch view shows.
	const base = '/tmp/lector-screenshots';
	rmSync(base, {recursive: true, force: true});
	const workspace = path.join(base, 'demo');
	const state = path.join(base, 'state');
	mkdirSync(state, {recursive: true});
	cpSync(path.join(root, 'fixtures', 'demo'), workspace, {recursive: true});
	const shown = (line) =>
		neutral(line)
			.replaceAll(state, '~/.local/state')
			.replaceAll(workspace, '~/demo')
			// The sessions folder is named for the workspace's path: only its last part is kept.
			.replaceAll('sessions/tmp-lector-screenshots-', 'sessions/');
	const env = {XDG_STATE_HOME: state, HOME: base};

	const shell = start(
		'lector-shot-shell',
		root,
		columns,
		['--cwd', workspace, '--demo', path.join(root, 'fixtures', 'demo-session.jsonl')],
		env,
	);
	try {
		const frame = await capture(shell, (text) => text.includes('Ask about the code'));
		await save(
			'shell',
			lines(frame).map(shown),
			'The agent shell (npm start): read panels, a folded SKILL.md, the answer, the prompt',
		);
	} finally {
		stop(shell);
	}

	const watch = start('lector-shot-watch', root, columns, ['watch', '--cwd', workspace], env);
	try {
		await capture(watch, (text) => text.trim() !== '');
		const transport = new StdioClientTransport({
			command: process.execPath,
			args: [
				'--import',
				path.join(root, 'scripts', 'fixed-clock.mjs'),
				path.join(root, 'dist', 'cli.js'),
				'mcp',
				'--cwd',
				workspace,
			],
			env: {...process.env, TZ: 'UTC', ...env},
		});
		const client = new Client({name: 'an agent', version: '1.0.0'});
		await client.connect(transport);
		await client.callTool({name: 'read', arguments: {path: 'greeting.ts'}});
		await client.callTool({name: 'grep', arguments: {pattern: 'greet'}});
		await client.callTool({name: 'read', arguments: {path: 'server.py', limit: 40}});
		const frame = await capture(watch, (text) => text.includes('4/4'));
		await client.close();
		await save(
			'watch',
			lines(frame).map(shown),
			'lector watch beside an agent that uses lector mcp: each read as a panel, live',
		);
	} finally {
		stop(watch);
		rmSync(base, {recursive: true, force: true});
	}
}
