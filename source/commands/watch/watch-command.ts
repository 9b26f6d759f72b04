/**
`lector watch` (and `lector replay --follow` without a log): the companion. Run beside an agent, it
follows the newest live session of any agent in the workspace (lector's shell and `lector mcp`,
pi, Claude Code, Codex) and switches to a newer one as soon as it starts. Interactive on a terminal;
otherwise each item is printed once complete, with a line at each switch.
*/
import {statSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import type {ReplayOutcome} from '../../sessions/replay-file.js';
import {sessionFolders} from '../../sessions/session-list.js';
import type {SessionFormat} from '../../sessions/types.js';
import {type SessionPick, watchWorkspace} from '../../sessions/watch-workspace.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {ToolResult, TranscriptEvent} from '../../transcript/types.js';
import {tildify} from '../../ui/session-header.js';
import {boundHeapGrowth} from '../heap-growth.js';
import {UsageError} from '../usage-error.js';
import {agentList, switchNotice, waitingNotice} from './watch-text.js';

export type WatchFlags = {
	readonly cwd?: string | undefined;
	/** Comma-separated agents to watch (`claude,pi`); all four when absent. */
	readonly agent?: string | undefined;
	readonly expanded: boolean;
	readonly print: boolean;
};

const allFormats: readonly SessionFormat[] = ['lector', 'pi', 'claude-code', 'codex'];

const formatsByName: Readonly<Record<string, SessionFormat>> = {
	lector: 'lector',
	pi: 'pi',
	claude: 'claude-code',
	'claude-code': 'claude-code',
	codex: 'codex',
};

/** `--agent claude,pi` as formats; a name lector does not know is a usage error listing those it does. */
export function parseAgents(value: string | undefined): readonly SessionFormat[] {
	if (value === undefined) {
		return allFormats;
	}

	const formats = value.split(',').map((name) => {
		const format = formatsByName[name.trim().toLowerCase()];
		if (format === undefined) {
			throw new UsageError(
				`--agent ${sanitizeLine(name.trim())} is not an agent lector watches: give lector, pi, claude or codex (several with commas).`,
			);
		}

		return format;
	});
	return allFormats.filter((format) => formats.includes(format));
}

function workspaceFolder(given: string | undefined): string {
	const folder = path.resolve(given ?? process.cwd());
	let isFolder = false;
	try {
		isFolder = statSync(folder).isDirectory();
	} catch {
		// Missing: said below.
	}

	if (!isFolder) {
		throw new UsageError(
			`--cwd ${sanitizeLine(folder)} is not a folder: give the workspace the agent runs in.`,
		);
	}

	return folder;
}

/** Runs `lector watch`; resolves to the exit code once the person quits (or ctrl+c off a terminal). */
export async function runWatch(input: readonly string[], flags: WatchFlags): Promise<number> {
	if (input.length > 0) {
		throw new UsageError(
			`lector watch takes no log (it finds the sessions itself); got: ${input.join(' ')}. Use lector replay <log> --follow for one log.`,
		);
	}

	boundHeapGrowth();

	const formats = parseAgents(flags.agent);
	const cwd = workspaceFolder(flags.cwd);
	const {env} = process;
	const home = env['HOME'] || os.homedir();
	const workspace = tildify(cwd, home);
	const agents = agentList(formats);
	const folders = sessionFolders({cwd, home, env, formats});
	const interactive = !flags.print && process.stdout.isTTY === true && process.stdin.isTTY === true;
	const controller = new AbortController();
	const stop = () => {
		controller.abort();
	};

	let previous: SessionPick | undefined;
	const opening = (pick: SessionPick, since: number) => switchNotice(pick, previous, workspace, since, home);
	const watch = (handlers: {
		onSwitch: (pick: SessionPick, since: number) => void;
		onEvents: (events: readonly TranscriptEvent[]) => void;
		onUpdate?: (outcome: ReplayOutcome) => void;
		onWaiting?: () => void;
		keepResult?: (result: ToolResult) => ToolResult;
	}) =>
		watchWorkspace({
			cwd,
			home,
			env,
			formats,
			signal: controller.signal,
			onSwitch(pick) {
				handlers.onSwitch(pick, Date.now());
				previous = pick;
			},
			onEvents: handlers.onEvents,
			...(handlers.onUpdate === undefined ? {} : {onUpdate: handlers.onUpdate}),
			...(handlers.onWaiting === undefined ? {} : {onWaiting: handlers.onWaiting}),
			...(handlers.keepResult === undefined ? {} : {keepResult: handlers.keepResult}),
		});

	if (interactive) {
		const {EventQueue} = await import('../replay/event-queue.js');
		const {noSession, showWatch} = await import('./watch-view.js');
		type Facts = import('./watch-view.js').WatchFacts;
		const {ResultVault} = await import('../../transcript/result-vault.js');
		const vault = ResultVault.open();
		const queue = new EventQueue<Facts>(vault);
		let facts: Facts = noSession;
		const setFacts = (next: Facts) => {
			facts = next;
			queue.setFacts(next);
		};

		queue.setFacts(noSession);
		const watching = watch({
			onWaiting() {
				queue.push([waitingNotice(workspace, folders, home)]);
			},
			onSwitch(pick, since) {
				queue.push([{type: 'reset'}, opening(pick, since)]);
				setFacts({pick, meta: undefined, stats: undefined, since});
			},
			onEvents(events) {
				queue.push(events);
			},
			onUpdate(outcome) {
				setFacts({...facts, meta: outcome.meta, stats: outcome.stats});
			},
			keepResult(result) {
				return vault.keep(result);
			},
		});
		await showWatch(queue, {expanded: flags.expanded, workspace, agents, home}, stop);
		stop();
		await watching;
		vault.close();
		return 0;
	}

	// Off a terminal: ctrl+c (or SIGTERM from a supervisor) ends the watch, and the exit is clean.
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
	try {
		const {createItemPrinter} = await import('../replay/print-stream.js');
		let print = createItemPrinter(flags.expanded);
		await watch({
			onWaiting() {
				process.stdout.write(`${waitingNotice(workspace, folders, home).text}\n\n`);
			},
			onSwitch(pick, since) {
				// Each session is a transcript of its own: ids from the last one must not update its items.
				print = createItemPrinter(flags.expanded);
				process.stdout.write(`${opening(pick, since).text}\n\n`);
			},
			onEvents(events) {
				print(events);
			},
		});
		return 0;
	} finally {
		process.off('SIGINT', stop);
		process.off('SIGTERM', stop);
	}
}
