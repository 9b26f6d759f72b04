/**
`lector replay [log]`: show an agent's session log in the transcript view. Without a log, list the
current folder's recent sessions of every agent and open the one picked. Modes: interactive (the
default on a terminal), `--print` (render once), `--json` (the normalised events), `--follow`
(keep reading as the agent appends).
*/

import {statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {FollowError, followFile} from '../../sessions/follow.js';
import {loadSession, type ReplayOutcome, replayFile} from '../../sessions/replay-file.js';
import {type ReplayStats, statsDetails, statsLine} from '../../sessions/stats.js';
import type {SessionMeta} from '../../sessions/types.js';
import {stringifyForTerminal} from '../../text/safe-json.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {ResultVault} from '../../transcript/result-vault.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {sessionFacts, tildify} from '../../ui/session-header.js';
import {createPrinter} from '../../ui/show.js';
import {boundHeapGrowth} from '../heap-growth.js';
import {UsageError} from '../usage-error.js';
import {EventQueue} from './event-queue.js';
import {pickSession} from './session-picker.js';

export type ReplayFlags = {
	readonly print: boolean;
	readonly expanded: boolean;
	readonly json: boolean;
	readonly verbose: boolean;
	readonly follow: boolean;
};

type NoticeEvent = Extract<TranscriptEvent, {type: 'notice'}>;

const headerId = 'replay:header';
const statsId = 'replay:stats';

/**
`pi · gpt-5 · ~/project · 2025-03-01 10:00 · "title"`: the session header as a notice item, for
`--print` (the interactive view draws it as fixed rows instead).
*/
export function headerEvent(
	meta: SessionMeta | undefined,
	filePath: string,
	home = os.homedir(),
): NoticeEvent {
	const title = meta?.title === undefined ? '' : ` · "${meta.title}"`;
	return {
		type: 'notice',
		id: headerId,
		level: 'info',
		text: `${sessionFacts(meta, home)}${title}\n${tildify(filePath, home)}`,
	};
}

/** The stats as a notice at the end of the transcript (with reasons under --verbose). */
function statsEvent(stats: ReplayStats, verbose: boolean): TranscriptEvent {
	const text = [statsLine(stats), ...(verbose ? statsDetails(stats) : [])].join('\n');
	const problems =
		stats.counts.malformed + stats.counts.truncated + stats.counts.unknown + stats.counts.oversized;
	return {type: 'notice', id: statsId, level: problems > 0 ? 'warning' : 'info', text};
}

function writeStats(stats: ReplayStats, verbose: boolean): void {
	process.stderr.write(`lector: ${statsLine(stats)}\n`);
	if (verbose) {
		for (const line of statsDetails(stats)) {
			// Reasons can quote the log (an unknown type's name): untrusted text.
			process.stderr.write(`  ${sanitizeLine(line)}\n`);
		}
	}
}

/** Why a log whose format was not detected shows nothing: empty, blank, or in no format lector knows. */
export function undetectedReason(stats: ReplayStats, filePath: string): string {
	const shown = sanitizeLine(filePath);
	if (stats.bytes === 0) {
		return `${shown} is empty: there is nothing to replay.`;
	}

	if (stats.notes.length === 0 && stats.events === 0) {
		return `${shown} holds only blank lines: there is nothing to replay.`;
	}

	return `${shown} is not a session log lector knows (lector, pi, Claude Code, Codex rollout).`;
}

function undetected(outcome: ReplayOutcome, filePath: string): boolean {
	if (outcome.format !== undefined) {
		return false;
	}

	process.stderr.write(`lector: ${undetectedReason(outcome.stats, filePath)}\n`);
	return true;
}

type LogProblem = 'missing' | 'directory' | 'special';

/** Why a path cannot be replayed: checked by stat, since opening a FIFO or reading a device never ends. */
function logFileProblem(filePath: string): LogProblem | undefined {
	try {
		const stats = statSync(filePath);
		return stats.isFile() ? undefined : stats.isDirectory() ? 'directory' : 'special';
	} catch {
		return 'missing';
	}
}

function describeLogProblem(filePath: string, problem: LogProblem): string {
	const shown = sanitizeLine(filePath);
	switch (problem) {
		case 'missing': {
			return `${shown} does not exist (use --follow to wait for it).`;
		}

		case 'directory': {
			return `${shown} is a folder. Give a session log file, or run lector replay without a file to pick one of this folder's sessions.`;
		}

		case 'special': {
			return `${shown} is not a regular file (a pipe, socket or device), so it is not replayed. Save the log to a file first.`;
		}
	}
}

/** The JSON `--json` prints: session facts, counts, and the events of the branch shown. */
function jsonReport(outcome: ReplayOutcome, events: readonly TranscriptEvent[]): string {
	return `${stringifyForTerminal({format: outcome.format ?? null, meta: outcome.meta ?? null, stats: outcome.stats, events}, undefined, 2)}\n`;
}

/** Why following stopped, in a sentence: a FollowError says what the path names; anything else is I/O. */
function followFailure(error: unknown): string {
	if (error instanceof FollowError) {
		return error.message;
	}

	return `Following stopped: ${error instanceof Error ? error.message : String(error)}`;
}

async function followMode(filePath: string, flags: ReplayFlags, interactive: boolean): Promise<number> {
	const controller = new AbortController();
	const stop = () => {
		controller.abort();
	};

	// Interactively the view owns SIGINT (source/ui/full-screen.ts puts the terminal back first).
	if (!interactive) {
		process.once('SIGINT', stop);
	}

	try {
		if (interactive) {
			const {showLiveReplay} = await import('./replay-view.js');
			const vault = ResultVault.open();
			const queue = new EventQueue(vault);
			const following = followFile(filePath, {
				signal: controller.signal,
				onEvents(events) {
					queue.push(events);
				},
				keepResult(result) {
					return vault.keep(result);
				},
				onUpdate(outcome) {
					queue.setFacts({meta: outcome.meta, stats: outcome.stats});
				},
			}).then(
				() => 0,
				(error: unknown) => {
					// Said where the person looks; the view stays until they quit, then the terminal is restored.
					queue.push([{type: 'notice', id: 'follow-failed', level: 'error', text: followFailure(error)}]);
					return 1;
				},
			);
			try {
				await showLiveReplay(queue, {expanded: flags.expanded, filePath, follow: true}, stop);
				return await following;
			} finally {
				vault.close();
			}
		}

		// --json streams one event per line; --print streams each item's text once it is complete.
		const print = flags.json
			? undefined
			: (await import('./print-stream.js')).createItemPrinter(flags.expanded);
		return await followFile(filePath, {
			signal: controller.signal,
			onEvents(events) {
				if (print === undefined) {
					process.stdout.write(events.map((event) => `${stringifyForTerminal(event)}\n`).join(''));
					return;
				}

				print(events);
			},
		}).then(
			() => 0,
			(error: unknown) => {
				process.stderr.write(`lector: ${sanitizeLine(followFailure(error))}\n`);
				return 1;
			},
		);
	} finally {
		process.off('SIGINT', stop);
	}
}

/**
Longest wait, once the view's modules are loaded, for the log's first items: the first screen shows
them rather than saying the log is being read. A log that starts with something slow to parse (a
20 MB line) gets the "reading the log…" screen after this.
*/
const firstItemsWaitMs = 150;

/** Resolves when events are queued, the reading has ended, or `ms` have passed. */
async function firstItems(queue: EventQueue, reading: Promise<unknown>, ms: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, ms);
	});
	try {
		await Promise.race([queue.untilEvents(), reading, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

async function interactiveMode(filePath: string, flags: ReplayFlags): Promise<number> {
	// The view's modules (Ink, React) load while the log is read from its start.
	const view = import('./replay-view.js');
	// Large results wait on disk until a panel shows them: memory follows the screen, not the log.
	const vault = ResultVault.open();
	const queue = new EventQueue(vault);
	const controller = new AbortController();
	let done = false;
	// Until the log is read, the header says it is being read, and keys wait for the first items.
	queue.setFacts({meta: undefined, stats: undefined, loading: true});
	const reading = replayFile(filePath, {
		signal: controller.signal,
		onEvents(events) {
			queue.push(events);
		},
		// pi's tree of entries holds each result for branch switches: on disk, not in memory.
		keepResult(result) {
			return vault.keep(result);
		},
		onMeta(meta) {
			queue.setFacts({meta, stats: undefined, loading: true});
		},
	})
		.then((outcome) => {
			// The counts go to the status line; --verbose also lists the reasons, as the last item.
			queue.setFacts({meta: outcome.meta, stats: outcome.stats});
			if (outcome.format === undefined) {
				const text = undetectedReason(outcome.stats, filePath);
				queue.push([{type: 'notice', id: 'replay:undetected', level: 'warning', text}]);
			}

			if (flags.verbose) {
				queue.push([statsEvent(outcome.stats, true)]);
			}

			done = true;
		})
		.catch(() => {
			// Aborted because the person quit before the log was read. Keys held for the first items go on.
			const facts = queue.currentFacts();
			queue.setFacts({meta: facts?.meta, stats: facts?.stats, loading: false});
		});
	const {showLiveReplay} = await view;
	await firstItems(queue, reading, firstItemsWaitMs);
	await showLiveReplay(queue, {expanded: flags.expanded, filePath, follow: false}, () => {
		if (!done) {
			controller.abort();
		}
	});
	await reading;
	vault.close();
	return 0;
}

/** Runs `lector replay`; resolves to the exit code. */
export async function runReplay(input: readonly string[], flags: ReplayFlags): Promise<number> {
	if (input.length > 1) {
		throw new UsageError(`lector replay takes one log; also got: ${input.slice(1).join(' ')}.`);
	}

	boundHeapGrowth();

	const interactive =
		!flags.print && !flags.json && process.stdout.isTTY === true && process.stdin.isTTY === true;
	const given = input[0];
	if (given === undefined && flags.follow) {
		// Following without a log: the newest session of any agent here, switching as new ones start.
		if (flags.json) {
			throw new UsageError('--json with --follow needs a log: lector replay <log> --follow --json.');
		}

		const {runWatch} = await import('../watch/watch-command.js');
		return runWatch([], {expanded: flags.expanded, print: flags.print});
	}

	const picked = given === undefined ? await pickSession(interactive) : {filePath: path.resolve(given)};
	if (!('filePath' in picked)) {
		return picked.exitCode;
	}

	const {filePath} = picked;
	const problem = logFileProblem(filePath);
	if (problem !== undefined && !(flags.follow && problem === 'missing')) {
		process.stderr.write(`lector: ${describeLogProblem(filePath, problem)}\n`);
		return 1;
	}

	if (flags.follow) {
		return followMode(filePath, flags, interactive);
	}

	if (interactive) {
		return interactiveMode(filePath, flags);
	}

	if (flags.json) {
		const session = await loadSession(filePath);
		if (undetected(session, filePath)) {
			return 1;
		}

		process.stdout.write(jsonReport(session, session.events));
		writeStats(session.stats, flags.verbose);
		return 0;
	}

	// Printed as it is read, in memory that does not grow with the log (see print-replay.ts).
	const {printLog, scanLog} = await import('./print-replay.js');
	const scanned = await scanLog(filePath);
	if (undetected(scanned, filePath)) {
		return 1;
	}

	const print = await createPrinter({expanded: flags.expanded});
	await printLog(filePath, scanned.resets, [headerEvent(scanned.meta, filePath)], print);
	writeStats(scanned.stats, flags.verbose);
	return 0;
}
