/**
Following a workspace rather than one log (`lector watch`): the newest live session of any agent
there is followed, and a newer one taken up as soon as it starts. Which session to show is decided
by SessionChooser from the listings alone (no timers, no terminal), so the rule is tested on its own;
watchWorkspace runs the listing, the chooser and one followFile at a time.
*/
import {setTimeout as delay} from 'node:timers/promises';
import type {ToolResult, TranscriptEvent} from '../transcript/types.js';
import {followFile} from './follow.js';
import type {StoreEnvironment} from './lector/store.js';
import type {ReplayOutcome} from './replay-file.js';
import {listSessions, type SessionEntry, sessionFolders} from './session-list.js';
import type {SessionFormat} from './types.js';
import {ChangeWaker} from './wake.js';

/**
Why a session was taken up: `newest`, the most recent when watching began; `started`, a session that
did not exist before; `active`, a known one written to again (resumed) while the one shown was quiet.
*/
export type SwitchReason = 'newest' | 'started' | 'active';

/** The session to show from now on, and why. */
export type SessionPick = {
	readonly entry: SessionEntry;
	readonly reason: SwitchReason;
};

/** How the chooser weighs sessions, in milliseconds. */
export type ChooserOptions = {
	/** When watching began, a session last written this long before is no longer live: not shown. */
	readonly liveMs?: number;
	/** Another known session written to takes over once the one shown has been quiet this long. */
	readonly quietMs?: number;
};

/** A session is live when written in the last 15 minutes: an agent waiting for its person, at most. */
export const defaultLiveMs = 15 * 60 * 1000;
/** Long enough for a model's slowest answer, so two busy agents do not take turns on the screen. */
export const defaultQuietMs = 15 * 1000;

const version = (entry: SessionEntry) => `${entry.size}:${entry.mtimeMs}`;

const newestFirst = (a: SessionEntry, b: SessionEntry) => b.mtimeMs - a.mtimeMs;

/**
Picks the session to show from successive listings of the workspace. The first listing gives the
newest session when it is live. After that, a session file that was not there before (a session
started) is taken up at once, even while the one shown is busy: that is the point of watching. A
session already known that is written to again (an agent resuming it) is taken up only once the one
shown has been quiet for `quietMs`, or when none is shown.
*/
export class SessionChooser {
	private readonly known = new Map<string, string>();
	private readonly liveMs: number;
	private readonly quietMs: number;
	private shown: SessionEntry | undefined;
	private shownChangedAt = 0;
	private started = false;

	constructor(options: ChooserOptions = {}) {
		this.liveMs = options.liveMs ?? defaultLiveMs;
		this.quietMs = options.quietMs ?? defaultQuietMs;
	}

	/** The session shown, if any. */
	get current(): SessionEntry | undefined {
		return this.shown;
	}

	/** Given the workspace's sessions now (any order), the session to switch to, or undefined to stay. */
	next(entries: readonly SessionEntry[], now: number): SessionPick | undefined {
		const sorted = [...entries].sort(newestFirst);
		const shown = sorted.find((entry) => entry.filePath === this.shown?.filePath);
		if (shown !== undefined && this.known.get(shown.filePath) !== version(shown)) {
			this.shownChangedAt = now;
		}

		const pick = this.started ? this.later(sorted, now) : this.first(sorted, now);
		this.started = true;
		for (const entry of sorted) {
			this.known.set(entry.filePath, version(entry));
		}

		if (pick !== undefined) {
			this.shown = pick.entry;
			this.shownChangedAt = now;
		}

		return pick;
	}

	private first(sorted: readonly SessionEntry[], now: number): SessionPick | undefined {
		const newest = sorted[0];
		return newest !== undefined && now - newest.mtimeMs <= this.liveMs
			? {entry: newest, reason: 'newest'}
			: undefined;
	}

	private later(sorted: readonly SessionEntry[], now: number): SessionPick | undefined {
		const fresh = sorted.find((entry) => !this.known.has(entry.filePath));
		if (fresh !== undefined) {
			return {entry: fresh, reason: 'started'};
		}

		const shownPath = this.shown?.filePath;
		const shownQuiet = shownPath === undefined || now - this.shownChangedAt >= this.quietMs;
		if (!shownQuiet) {
			return undefined;
		}

		const written = sorted.find(
			(entry) => entry.filePath !== shownPath && this.known.get(entry.filePath) !== version(entry),
		);
		return written === undefined ? undefined : {entry: written, reason: 'active'};
	}
}

/** What watchWorkspace watches and tells. */
export type WatchWorkspaceOptions = ChooserOptions & {
	readonly cwd: string;
	readonly home: string;
	readonly env: StoreEnvironment;
	/** Only these agents' sessions (all four when absent). */
	readonly formats?: readonly SessionFormat[];
	/** Stops watching; the promise then resolves. */
	readonly signal: AbortSignal;
	/** A session was taken up: the events that follow are its own, from its first line. */
	readonly onSwitch: (pick: SessionPick) => void;
	readonly onEvents: (events: readonly TranscriptEvent[]) => void;
	readonly onUpdate?: (outcome: ReplayOutcome) => void;
	/** Where results the followed log's adapter holds on to are kept (replay-file.ts). */
	readonly keepResult?: (result: ToolResult) => ToolResult;
	/** The first listing found no live session: the watch waits for one. */
	readonly onWaiting?: () => void;
	/** Longest time between two listings of the session folders (a change in them lists at once). */
	readonly scanMs?: number;
	/** Shortest time between two listings: an agent appending to its log changes its folder too. */
	readonly minScanGapMs?: number;
	/** Longest time between two looks at the followed log (a change in it is read at once). */
	readonly followPollMs?: number;
	readonly now?: () => number;
};

type Following = {
	readonly filePath: string;
	readonly controller: AbortController;
	readonly done: Promise<unknown>;
	readonly waker: ChangeWaker;
};

async function pause(ms: number, signal: AbortSignal): Promise<void> {
	try {
		await delay(ms, undefined, {signal});
	} catch {
		// Aborted: the loop checks the signal.
	}
}

/** The folders whose changes may mean a new session: each agent's, and today's Codex folders. */
function foldersToWatch(options: WatchWorkspaceOptions, now: Date): string[] {
	return sessionFolders(options).flatMap(({format, folder}) => {
		if (format !== 'codex') {
			return [folder];
		}

		// Codex files each rollout under the day it started: today's folder gets the new ones.
		const day = (date: Date) =>
			[
				String(date.getFullYear()),
				String(date.getMonth() + 1).padStart(2, '0'),
				String(date.getDate()).padStart(2, '0'),
			].join('/');
		return [folder, `${folder}/${day(now)}`];
	});
}

/** Watch the workspace until the signal aborts, following one session at a time. */
export async function watchWorkspace(options: WatchWorkspaceOptions): Promise<void> {
	const {signal} = options;
	const now = options.now ?? Date.now;
	const scanMs = options.scanMs ?? 500;
	const minScanGapMs = options.minScanGapMs ?? 100;
	const chooser = new SessionChooser(options);
	let following: Following | undefined;
	const folders = new ChangeWaker([], {
		wakeFor: (event, changed) => event === 'rename' || changed !== following?.filePath,
	});
	const codexCwds = new Map<string, string>();
	let generation = 0;

	const stopFollowing = async () => {
		if (following !== undefined) {
			following.controller.abort();
			following.waker.close();
			await following.done;
			following = undefined;
		}
	};

	const follow = (pick: SessionPick) => {
		generation++;
		const mine = generation;
		const controller = new AbortController();
		const waker = new ChangeWaker([pick.entry.filePath]);
		const done = followFile(pick.entry.filePath, {
			signal: controller.signal,
			format: pick.entry.format,
			pollMs: options.followPollMs ?? 100,
			waiter: waker,
			...(options.keepResult === undefined ? {} : {keepResult: options.keepResult}),
			onEvents(events) {
				// A follower being stopped may still deliver its last chunk: not the new session's.
				if (mine === generation) {
					options.onEvents(events);
				}
			},
			onUpdate(outcome) {
				if (mine === generation) {
					options.onUpdate?.(outcome);
				}
			},
		}).catch(() => {
			// The log became unreadable (permissions, a folder in its place): the next pick takes over.
		});
		following = {filePath: pick.entry.filePath, controller, done, waker};
	};

	try {
		let lastScan = 0;
		while (!signal.aborted) {
			const since = now() - lastScan;
			if (since < minScanGapMs) {
				await pause(minScanGapMs - since, signal);
			}

			const first = lastScan === 0;
			lastScan = now();
			folders.add(...foldersToWatch(options, new Date(lastScan)));
			const entries = await listSessions({...options, codexCwds});
			const pick = chooser.next(entries, now());
			if (first && pick === undefined) {
				options.onWaiting?.();
			}

			if (pick !== undefined && !signal.aborted) {
				await stopFollowing();
				options.onSwitch(pick);
				follow(pick);
			}

			await folders.wait(scanMs, signal);
		}
	} finally {
		folders.close();
		await stopFollowing();
	}
}
