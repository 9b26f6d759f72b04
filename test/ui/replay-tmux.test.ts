/**
`lector replay` in a real terminal: the header, the start at the top, `]` to the next prompt and a
`/` search, read back with capture-pane. Needs `npm run build` first (npm test builds first).
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
const session = `lector-replay-test-${process.pid}`;

function tmux(...args: string[]): string {
	return execFileSync('tmux', args, {encoding: 'utf8'});
}

async function screenWhere(predicate: (screen: string) => boolean): Promise<string> {
	let screen = '';
	for (let attempt = 0; attempt < 200; attempt++) {
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

const focused = (screen: string) => screen.split('\n').filter((line) => line.startsWith('▌'));

afterAll(() => {
	if (skipReason === undefined) {
		try {
			tmux('kill-session', '-t', session);
		} catch {}
	}
});

test.skipIf(skipReason !== undefined)(
	`lector replay in tmux: header, ] to the next prompt, / search${skipReason ? ` (skipped: ${skipReason})` : ''}`,
	async () => {
		// CI=0: Ink renders only the final frame when it thinks it runs in CI.
		const command = `cd ${JSON.stringify(root)} && CI=0 XDG_CONFIG_HOME=/nonexistent node dist/cli.js replay fixtures/sessions/pi/v3-branches.jsonl; echo "exit=$?"; sleep 30`;
		tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', command);
		const first = await screenWhere((screen) => screen.includes('1 malformed'));
		const lines = first.split('\n');
		expect(lines[0]?.trimEnd()).toBe(' pi · gpt-5 · /home/ada/project · 2025-03-01 10:00');
		expect(lines[1]).toContain('"Config loader, plan B" · ');
		expect(lines[2]).toBe('▌ › Read the config loader');

		tmux('send-keys', '-t', session, ']');
		const jumped = await screenWhere((screen) => focused(screen)[0] === '▌ › Use plan B instead');
		expect(jumped.split('\n')[2]).toBe('▌ › Use plan B instead');

		tmux('send-keys', '-t', session, '/');
		await screenWhere((screen) => screen.includes('enter search · escape cancel'));
		tmux('send-keys', '-t', session, 'MISSING');
		await screenWhere((screen) => screen.includes('/MISSING'));
		tmux('send-keys', '-t', session, 'Enter');
		const found = await screenWhere((screen) => screen.includes('match 1 of 1'));
		expect(focused(found)[0]).toBe('▌ read src/missing.ts');
		expect(found.split('\n')[0]).toContain('pi · gpt-5');

		tmux('send-keys', '-t', session, 'q');
		await screenWhere((screen) => screen.includes('exit=0'));
	},
);
