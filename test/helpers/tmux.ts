/**
The built binary in a real terminal: tmux sessions started detached, keys sent with send-keys and the
screen read back with capture-pane. Shared by the tmux tests, which skip (saying why) when tmux or
dist/cli.js is missing.
*/
import {execFileSync} from 'node:child_process';
import {randomUUID} from 'node:crypto';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {afterAll, afterEach, test} from 'vitest';
import {root} from './transcripts.js';

/** The built CLI the tests run (npm test builds before vitest). */
export const cli = path.join(root, 'dist', 'cli.js');

/** How long one wait for the screen may take, in milliseconds: generous for a loaded 2-core machine. */
const screenDeadlineMs = 15_000;
/** Milliseconds between two captures of the pane. */
const pollMs = 100;
/**
A tmux test's timeout in milliseconds: several screen waits in a row, each of which may take long on a
loaded machine; a single wait that never matches still fails after `screenDeadlineMs`.
*/
const tmuxTestTimeoutMs = 90_000;

function hasTmux(): boolean {
	try {
		execFileSync('tmux', ['-V'], {stdio: 'ignore'});
		return true;
	} catch {
		return false;
	}
}

/** Why the tmux tests cannot run here, or undefined when they can. */
export const tmuxSkipReason = hasTmux()
	? existsSync(cli)
		? undefined
		: 'dist/cli.js is missing: run npm run build'
	: 'tmux is not installed';

function tmux(...args: string[]): string {
	return execFileSync('tmux', args, {encoding: 'utf8'});
}

/** Sessions this test file started and has not killed yet. */
const live = new Set<string>();

function kill(name: string): void {
	live.delete(name);
	try {
		tmux('kill-session', '-t', name);
	} catch {}
}

// Each test's sessions go when it ends, passed or failed; afterAll catches any started outside a test.
afterEach(() => {
	for (const name of live) {
		kill(name);
	}
});
afterAll(() => {
	for (const name of live) {
		kill(name);
	}
});

/** A running tmux session. */
export type TmuxSession = {
	readonly name: string;
	/** Send key names as tmux spells them (`C-o`, `Enter`, `q`). */
	keys(...keys: string[]): void;
	/** Type `text` literally (send-keys -l), so words such as `Enter` in it are not key names. */
	type(text: string): void;
	/**
	Paste `text` as a terminal does (paste-buffer -p): wrapped in bracketed-paste markers when the app
	turned the mode on, bare otherwise; line breaks go as carriage returns.
	*/
	paste(text: string): void;
	/** The screen once `predicate` holds for it; polls capture-pane and fails after a bounded wait. */
	screenWhere(predicate: (screen: string) => boolean): Promise<string>;
};

/**
Start `command` (run by `sh -c`) in a fresh detached 100x30 session. The pane then prints `exit=<code>`
and stays open long enough for a test to wait for that line; the session is killed after the test.
*/
export function startTmux(command: string, prefix = 'lector-test'): TmuxSession {
	// Unique across test files, workers and concurrent runs of the suite.
	const name = `${prefix}-${process.pid}-${randomUUID().slice(0, 8)}`;
	const keepOpenSeconds = (2 * screenDeadlineMs) / 1000;
	const args = ['new-session', '-d', '-s', name, '-x', '100', '-y', '30'];
	// Test files share tmux's default server, which exits with its last session: a session started
	// in that instant by another file gets "server exited unexpectedly". Starting again then finds or
	// starts a server; any other failure is thrown at once.
	for (let attempt = 1; ; attempt++) {
		try {
			tmux(...args, `${command}; echo "exit=$?"; sleep ${keepOpenSeconds}`);
			break;
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			if (attempt >= 3 || !/server exited unexpectedly|lost server/.test(message)) {
				throw error;
			}
		}
	}

	live.add(name);
	return {
		name,
		keys(...keys) {
			tmux('send-keys', '-t', name, ...keys);
		},
		type(text) {
			tmux('send-keys', '-t', name, '-l', text);
		},
		paste(text) {
			tmux('set-buffer', '-b', name, '--', text);
			tmux('paste-buffer', '-p', '-d', '-b', name, '-t', name);
		},
		async screenWhere(predicate) {
			const deadline = Date.now() + screenDeadlineMs;
			let screen = '';
			for (;;) {
				screen = tmux('capture-pane', '-p', '-t', name);
				if (predicate(screen)) {
					return screen;
				}

				if (Date.now() >= deadline) {
					throw new Error(`screen never matched within ${screenDeadlineMs} ms:\n${screen}`);
				}

				// Polling a separate process: the only way to know the screen changed.
				// eslint-disable-next-line no-await-in-loop
				await new Promise((resolve) => {
					setTimeout(resolve, pollMs);
				});
			}
		},
	};
}

/** A test that needs tmux and the build: skipped, with the reason in its name, when either is missing. */
export function tmuxTest(name: string, body: () => Promise<void>): void {
	const suffix = tmuxSkipReason === undefined ? '' : ` (skipped: ${tmuxSkipReason})`;
	test.skipIf(tmuxSkipReason !== undefined)(`${name}${suffix}`, body, tmuxTestTimeoutMs);
}
