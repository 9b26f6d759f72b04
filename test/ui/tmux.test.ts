/**
The real binary in a real terminal: `lector read` in tmux, Ctrl+O sent as a key, the screen read
back with capture-pane. Needs `npm run build` first (npm test builds before running vitest).
*/
import {execFileSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
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
const session = `lector-test-${process.pid}`;

function tmux(...args: string[]): string {
	return execFileSync('tmux', args, {encoding: 'utf8'});
}

async function screenWhere(predicate: (screen: string) => boolean): Promise<string> {
	let screen = '';
	for (let attempt = 0; attempt < 100; attempt++) {
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

afterAll(() => {
	if (skipReason === undefined) {
		try {
			tmux('kill-session', '-t', session);
		} catch {}
	}
});

test.skipIf(skipReason !== undefined)(
	`lector read in tmux: ctrl+o expands, q quits${skipReason ? ` (skipped: ${skipReason})` : ''}`,
	async () => {
		// CI=0: Ink renders only the final frame when it thinks it runs in CI.
		const command = `cd ${JSON.stringify(root)} && CI=0 XDG_CONFIG_HOME=/nonexistent node dist/cli.js read fixtures/ui/server.py --max-lines 80; echo "exit=$?"; sleep 30`;
		tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', command);
		const collapsed = await screenWhere((screen) => screen.includes('more lines (ctrl+o to expand)'));
		expect(collapsed).toContain('read fixtures/ui/server.py:1-80  80 of 243 lines');
		expect(collapsed).not.toContain('6 │ def handler_1');

		tmux('send-keys', '-t', session, 'C-o');
		const expanded = await screenWhere((screen) => screen.includes('6 │ def handler_1(request):'));
		const lines = expanded.split('\n');
		expect(lines[0]).toContain('read fixtures/ui/server.py:1-80');
		expect(lines[1]).toContain('1 │ """A tiny HTTP server');
		expect(expanded).not.toContain('more lines (ctrl+o to expand)');

		tmux('send-keys', '-t', session, 'q');
		const after = await screenWhere((screen) => screen.includes('exit=0'));
		// Back on the main screen: the panel was drawn on the alternate screen only.
		expect(after).not.toContain('def handler_1');
	},
);
