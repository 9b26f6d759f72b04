/**
The real binary in a real terminal: `lector` (the shell) in tmux against the fake model server, and
`npm start`'s command (the demo shell, no model, no network). Keys are sent with send-keys, the screen
is read back with capture-pane. Needs dist/cli.js (npm test builds before vitest).
*/
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {startFakeModelServer} from '../helpers/fake-model-server.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {root} from '../helpers/transcripts.js';

function hasTmux(): boolean {
	try {
		execFileSync('tmux', ['-V'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
}

const cli = path.join(root, 'dist', 'cli.js');
const skipReason = hasTmux()
	? existsSync(cli)
		? undefined
		: 'dist/cli.js is missing: run npm run build'
	: 'tmux is not installed';
const suffix = skipReason ? ` (skipped: ${skipReason})` : '';
let session = '';
let count = 0;

function tmux(...args: string[]): string {
	return execFileSync('tmux', args, {encoding: 'utf8'});
}

/** Start `command` in a fresh 100x30 tmux session; the shell runs inside `sh -c`. */
function start(command: string): void {
	count++;
	session = `lector-shell-${process.pid}-${count}`;
	tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', command);
}

async function screenWhere(predicate: (screen: string) => boolean): Promise<string> {
	let screen = '';
	for (let attempt = 0; attempt < 150; attempt++) {
		screen = tmux('capture-pane', '-p', '-t', session);
		if (predicate(screen)) {
			return screen;
		}

		// Polling a separate process: the only way to know the screen changed.
		// eslint-disable-next-line no-await-in-loop
		await new Promise((resolve) => {
			setTimeout(resolve, 50);
		});
	}

	throw new Error(`screen never matched:\n${screen}`);
}

afterEach(() => {
	if (session !== '') {
		try {
			tmux('kill-session', '-t', session);
		} catch {}

		session = '';
	}
});

/** No model from the person's own environment or config, and the log in a temp folder. */
function cleanEnv(state: string): string {
	const unset = [
		'ANTHROPIC_API_KEY',
		'ANTHROPIC_BASE_URL',
		'ANTHROPIC_MODEL',
		'OPENAI_API_KEY',
		'OPENAI_BASE_URL',
		'LECTOR_PROVIDER',
		'LECTOR_MODEL',
		'LECTOR_BASE_URL',
		'LECTOR_API_KEY',
	].map((name) => `-u ${name}`);
	// CI=0: Ink renders only the final frame when it thinks it runs in CI.
	return `env ${unset.join(' ')} CI=0 XDG_CONFIG_HOME=${JSON.stringify(path.join(state, 'config'))} XDG_STATE_HOME=${JSON.stringify(state)}`;
}

test.skipIf(skipReason !== undefined)(
	`lector in tmux against the fake server: prompt, read panel, ctrl+o${suffix}`,
	async () => {
		const temporary = makeTempDir('lector-shell-tmux-');
		const workspace = path.join(temporary, 'workspace');
		mkdirSync(workspace);
		const notes = Array.from({length: 12}, (_, index) => `line ${index + 1} of the notes`).join('\n');
		writeFileSync(path.join(workspace, 'notes.txt'), `${notes}\n`);
		const server = await startFakeModelServer('openai', [
			{
				type: 'reply',
				text: ['Reading it.'],
				toolCalls: [{id: 'call_1', name: 'read', input: {path: 'notes.txt'}}],
			},
			{type: 'reply', text: ['Twelve lines of notes.']},
		]);
		try {
			const model = `LECTOR_PROVIDER=openai LECTOR_BASE_URL=${server.origin}/v1 LECTOR_API_KEY=x LECTOR_MODEL=fake`;
			start(
				`${cleanEnv(temporary)} ${model} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)}; echo "exit=$?"; sleep 30`,
			);
			await screenWhere((screen) => screen.includes('openai · fake'));
			tmux('send-keys', '-t', session, '-l', 'What is in notes.txt?');
			tmux('send-keys', '-t', session, 'Enter');
			const collapsed = await screenWhere((screen) => screen.includes('Twelve lines of notes.'));
			expect(collapsed).toContain('read notes.txt:1-12  12 lines');
			expect(collapsed).toContain('… 7 more lines (ctrl+o to expand)');
			expect(collapsed).not.toContain('line 12 of the notes');

			tmux('send-keys', '-t', session, 'C-o');
			const expanded = await screenWhere((screen) => screen.includes('12 │ line 12 of the notes'));
			expect(expanded).not.toContain('more lines (ctrl+o to expand)');
			// Never a frame as tall as the terminal: the last row stays free.
			expect(expanded.split('\n').length).toBeLessThanOrEqual(31);

			tmux('send-keys', '-t', session, 'C-c');
			await screenWhere((screen) => screen.includes('Press ctrl+c again to quit.'));
			tmux('send-keys', '-t', session, 'C-c');
			const after = await screenWhere((screen) => screen.includes('exit=0'));
			expect(after).toContain('this session is saved in');
			const sessions = path.join(temporary, 'lector', 'sessions');
			const [folder] = readdirSync(sessions);
			const [log] = readdirSync(path.join(sessions, folder ?? ''));
			const text = readFileSync(path.join(sessions, folder ?? '', log ?? ''), 'utf8');
			expect(text).toContain('"What is in notes.txt?"');
			expect(text).toContain('"type":"tool-end"');
		} finally {
			await server.close();
		}
	},
);

test.skipIf(skipReason !== undefined)(
	`npm start's command: the demo shell with no model and no network${suffix}`,
	async () => {
		const temporary = makeTempDir('lector-demo-tmux-');
		start(
			`cd ${JSON.stringify(root)} && ${cleanEnv(temporary)} node dist/cli.js --cwd fixtures/demo --demo fixtures/demo-session.jsonl; echo "exit=$?"; sleep 30`,
		);
		const demo = await screenWhere((screen) => screen.includes('read server.py:1-60  60 of 243 lines'));
		expect(demo).toContain('[skill] release-notes');
		expect(demo).toContain('… 55 more lines (ctrl+o to expand)');

		tmux('send-keys', '-t', session, '-l', 'read greeting.ts');
		tmux('send-keys', '-t', session, 'Enter');
		// The demo already holds a read of greeting.ts: wait for the new one, focused (▌) at the end.
		await screenWhere((screen) => screen.includes('▌ read greeting.ts:1-22  22 lines'));
		tmux('send-keys', '-t', session, 'C-o');
		// Expanded in place: its header keeps its row, and line 6 (past the 5-line preview) shows.
		await screenWhere((screen) => screen.includes('6 │     readonly excited: boolean;'));

		tmux('send-keys', '-t', session, 'C-c');
		tmux('send-keys', '-t', session, 'C-c');
		await screenWhere((screen) => screen.includes('exit=0'));
	},
);
