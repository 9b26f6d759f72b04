/**
`lector replay` without a log: list the folder's recent sessions and, on a terminal, ask which to
open. The question is asked with readline's events rather than `question()`, whose promise rejects
with an AbortError on Ctrl+C and Ctrl+D: those are answers here (cancel, nothing picked), not crashes.
*/
import os from 'node:os';
import process from 'node:process';
import {createInterface, type Interface} from 'node:readline';
import {listSessions, type SessionEntry} from '../../sessions/session-list.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {tildify} from '../../ui/session-header.js';

/** The exit code after Ctrl+C at the prompt: 128 + SIGINT, as a shell reports an interrupted command. */
export const interruptedExit = 130;

/**
What the picker decided: a log to open, or an exit code (0 when nothing was picked: no sessions, the
list printed for a script, or Ctrl+D at the prompt; 130 after Ctrl+C).
*/
export type PickResult = {readonly filePath: string} | {readonly exitCode: number};

/** One answer to the prompt. */
export type Answer =
	| {readonly kind: 'line'; readonly text: string}
	| {readonly kind: 'interrupt'}
	| {readonly kind: 'end'};

/**
The prompt's answers in order. Listening from the start, not per question: keys typed ahead (a paste,
`abc⏎9⏎` in one read) give several lines at once, and none may be lost between two questions.
*/
function answers(prompt: Interface): (query: string) => Promise<Answer> {
	const queued: Answer[] = [];
	let waiting: ((answer: Answer) => void) | undefined;
	const arrive = (answer: Answer) => {
		if (waiting === undefined) {
			queued.push(answer);
		} else {
			const resolve = waiting;
			waiting = undefined;
			resolve(answer);
		}
	};

	prompt.on('line', (text: string) => {
		arrive({kind: 'line', text});
	});
	// A SIGINT listener keeps readline from closing itself on Ctrl+C (its question() would reject).
	prompt.on('SIGINT', () => {
		arrive({kind: 'interrupt'});
	});
	// Ctrl+D on an empty line, or the end of the input.
	prompt.on('close', () => {
		arrive({kind: 'end'});
	});
	return async (query) => {
		const next = queued.shift();
		if (next !== undefined) {
			return next;
		}

		prompt.setPrompt(query);
		prompt.prompt();
		return new Promise((resolve) => {
			waiting = resolve;
		});
	};
}

/**
The session an answer picks (0-based), or the message saying why it picks none. Empty means the
first (the newest), as the prompt's `[1]` says.
*/
export function parseChoice(text: string, count: number): number | string {
	const answer = text.trim();
	if (answer === '') {
		return 0;
	}

	const number = Number(answer);
	if (/^\d+$/.test(answer) && number >= 1 && number <= count) {
		return number - 1;
	}

	const range = count === 1 ? '1' : `a number from 1 to ${count}`;
	return `"${sanitizeLine(answer)}" is not one of the sessions: type ${range} (enter opens 1), or ctrl+c to cancel.`;
}

function describe(entry: SessionEntry, index: number, home: string): string {
	const when = new Date(entry.mtimeMs).toISOString().slice(0, 16).replace('T', ' ');
	const size =
		entry.size < 1024 * 1024
			? `${Math.ceil(entry.size / 1024)} KB`
			: `${(entry.size / 1024 / 1024).toFixed(1)} MB`;
	return `${String(index + 1).padStart(3)}  ${entry.format.padEnd(11)} ${when}  ${size.padStart(8)}  ${sanitizeLine(tildify(entry.filePath, home))}`;
}

/** Ask until the answer names a session; a wrong answer is explained and the question asked again. */
async function choose(sessions: readonly SessionEntry[]): Promise<PickResult> {
	const prompt = createInterface({input: process.stdin, output: process.stdout});
	const ask = answers(prompt);
	try {
		for (;;) {
			const answer = await ask('Open which? [1] ');
			if (answer.kind === 'interrupt') {
				// readline echoes ^C on the prompt's line: end it, so the shell's prompt starts on its own.
				process.stdout.write('\n');
				return {exitCode: interruptedExit};
			}

			if (answer.kind === 'end') {
				process.stdout.write('\n');
				return {exitCode: 0};
			}

			const choice = parseChoice(answer.text, sessions.length);
			const picked = typeof choice === 'number' ? sessions[choice] : undefined;
			if (picked !== undefined) {
				return {filePath: picked.filePath};
			}

			process.stderr.write(`lector: ${String(choice)}\n`);
		}
	} finally {
		prompt.close();
	}
}

/** List the folder's sessions; on a terminal (and without --print or --json), ask which to open. */
export async function pickSession(interactive: boolean): Promise<PickResult> {
	const home = process.env['HOME'] || os.homedir();
	const sessions = (await listSessions({cwd: process.cwd(), home, env: process.env})).slice(0, 30);
	if (sessions.length === 0) {
		process.stderr.write(`lector: no sessions of lector, pi, Claude Code or Codex for ${process.cwd()}.\n`);
		return {exitCode: 0};
	}

	const listing = sessions.map((entry, index) => describe(entry, index, home)).join('\n');
	if (!interactive) {
		process.stdout.write(`${listing}\n`);
		return {exitCode: 0};
	}

	process.stdout.write(`Recent sessions for ${tildify(process.cwd(), home)}, newest first:\n${listing}\n`);
	return choose(sessions);
}
