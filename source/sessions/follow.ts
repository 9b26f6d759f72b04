/**
Following a log as an agent appends to it: the file is kept open, new bytes are read as they
arrive, and only complete lines are parsed (a line being written stays buffered until its line
end). A file that does not exist yet is waited for; a file that shrinks, or another file put in its
place (an editor's save, rm and create), is read again from the start after a `reset`.
*/
import {constants, type Stats} from 'node:fs';
import {type FileHandle, open, stat} from 'node:fs/promises';
import {setTimeout as delay} from 'node:timers/promises';
import type {ToolResult, TranscriptEvent} from '../transcript/types.js';
import {SubagentFollower, type SubagentFollowLimits} from './claude-code/subagent-follow.js';
import {scanSubagents} from './claude-code/subagents.js';
import {handleIdentity, sameFile, statPath} from './file-identity.js';
import {LineSplitter} from './line-reader.js';
import type {ReplayOutcome} from './replay-file.js';
import {SessionReplayer} from './replayer.js';
import type {SessionFormat} from './types.js';
import type {Waiter} from './wake.js';

/** Options for following one log. */
export type FollowOptions = {
	/** Stops following; the promise then resolves. */
	readonly signal: AbortSignal;
	readonly onEvents: (events: readonly TranscriptEvent[]) => void;
	/** Called once the file exists and again whenever the session facts may have changed. */
	readonly onUpdate?: (outcome: ReplayOutcome) => void;
	readonly maxLineBytes?: number;
	/** How often to look for new bytes, in milliseconds. */
	readonly pollMs?: number;
	/** Wakes the follower before the poll when the file changes (lector watch: a ChangeWaker on it). */
	readonly waiter?: Waiter;
	readonly format?: SessionFormat;
	/** Where results the format's adapter holds on to are kept (replay-file.ts). */
	readonly keepResult?: (result: ToolResult) => ToolResult;
	/** Claude Code: how many subagent files are followed at once, and for how long once done. */
	readonly subagents?: SubagentFollowLimits;
};

const chunkBytes = 256 * 1024;
/** How much of the file's start is kept to recognise a rewrite: a log's header line, or most of it. */
const headBytes = 1024;

/** True when the file's first bytes are no longer those read before. */
async function rewritten(handle: FileHandle, head: Buffer): Promise<boolean> {
	if (head.length === 0) {
		return false;
	}

	const now = Buffer.alloc(head.length);
	const {bytesRead} = await handle.read(now, 0, head.length, 0);
	return bytesRead < head.length || !now.equals(head);
}

async function sleep(ms: number, signal: AbortSignal): Promise<void> {
	try {
		await delay(ms, undefined, {signal});
	} catch {
		// Aborted: the caller's loop checks the signal.
	}
}

const sleeper: Waiter = {wait: sleep};

/** Following cannot go on: what the path names is not a log file. The message says what it is. */
export class FollowError extends Error {}

function kindOf(stats: Stats): string {
	if (stats.isDirectory()) return 'a directory';
	if (stats.isFIFO()) return 'a named pipe (FIFO)';
	if (stats.isSocket()) return 'a socket';
	if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
	return 'not a regular file';
}

function notALog(filePath: string, stats: Stats): FollowError {
	return new FollowError(
		`${filePath} is ${kindOf(stats)}, not a session log: lector follows a log file. Give the log's path.`,
	);
}

/**
Opens the path once it names a file; undefined when aborted first. What appears there may be anything:
a directory would fail every read, and opening a FIFO blocks until a writer comes (SIGINT would not stop
it), so the path is stat'ed first, opened without blocking, and the opened descriptor checked again.
*/

async function waitForFile(
	filePath: string,
	signal: AbortSignal,
	pollMs: number,
	waiter: Waiter,
): Promise<FileHandle | undefined> {
	while (!signal.aborted) {
		let stats: Stats;
		try {
			stats = await stat(filePath);
		} catch {
			await waiter.wait(pollMs, signal);
			continue;
		}

		if (!stats.isFile()) {
			throw notALog(filePath, stats);
		}

		let handle: FileHandle;
		try {
			handle = await open(filePath, constants.O_RDONLY | constants.O_NONBLOCK);
		} catch {
			await waiter.wait(pollMs, signal);
			continue;
		}

		const opened = await handle.stat();
		if (!opened.isFile()) {
			await handle.close();
			throw notALog(filePath, opened);
		}

		return handle;
	}

	return undefined;
}

/**
Follow a log until the signal aborts; resolves with what was read. Like `tail -F`, the path is
followed rather than the file first opened: when it is replaced (another inode, or gone and back) or
truncated, the view is reset and the new file read from its start.
*/
export async function followFile(filePath: string, options: FollowOptions): Promise<ReplayOutcome> {
	const {signal} = options;
	const pollMs = options.pollMs ?? 250;
	const waiter = options.waiter ?? sleeper;
	const replay = (): {replayer: SessionReplayer; subagents: SubagentFollower} => {
		const index = scanSubagents(filePath);
		const replayer = new SessionReplayer({
			filePath,
			format: options.format,
			subagents: index,
			keepResult: options.keepResult,
		});
		const subagents = new SubagentFollower({
			...options.subagents,
			sessionFile: filePath,
			index,
			stats: replayer.stats,
			cwd: () => replayer.meta()?.cwd,
			maxLineBytes: options.maxLineBytes,
		});
		return {replayer, subagents};
	};

	let {replayer, subagents} = replay();
	const outcome = (): ReplayOutcome => ({
		format: replayer.format,
		meta: replayer.meta(),
		stats: replayer.stats.snapshot(),
	});
	let handle = await waitForFile(filePath, signal, pollMs, waiter);
	if (handle === undefined) {
		return outcome();
	}

	try {
		let identity = await handleIdentity(handle);
		let splitter = new LineSplitter(options.maxLineBytes);
		let position = 0;
		let vanished = false;
		/** The file's first bytes as read: a rewrite in place (truncate and write again) changes them. */
		let head = Buffer.alloc(0);
		/** New bytes after a wait may be the rest of a rewritten file: its start is checked before they count. */
		let afterWait = false;
		const buffer = Buffer.alloc(chunkBytes);
		let polledAt = 0;
		const startOver = async () => {
			position = 0;
			head = Buffer.alloc(0);
			splitter = new LineSplitter(options.maxLineBytes);
			await subagents.close();
			({replayer, subagents} = replay());
			options.onEvents([{type: 'reset'}]);
			options.onUpdate?.(outcome());
		};
		// Subagent files grow while the main file waits for their Task results: look at them every poll.
		const pollSubagents = async () => {
			polledAt = Date.now();
			if (replayer.format !== 'claude-code') {
				return;
			}

			const events = await subagents.poll();
			if (events.length > 0) {
				options.onEvents(events);
				options.onUpdate?.(outcome());
			}
		};

		options.onUpdate?.(outcome());
		while (!signal.aborted) {
			const {bytesRead} = await handle.read(buffer, 0, chunkBytes, position);
			if (bytesRead === 0) {
				const now = await statPath(filePath);
				if (now === undefined) {
					// Gone for now (rm before the new file is written): look again later.
					vanished = true;
					await waiter.wait(pollMs, signal);
					continue;
				}

				// Back after vanishing counts as replaced even when the new file got the old inode number.
				if (vanished || !sameFile(now.identity, identity)) {
					// Replaced: what the old file still holds is no longer the log. Read the new one.
					const next = await waitForFile(filePath, signal, pollMs, waiter);
					if (next === undefined) {
						break;
					}

					await handle.close();
					handle = next;
					identity = await handleIdentity(handle);
					vanished = false;
					await startOver();
					continue;
				}

				if (now.size < position || (await rewritten(handle, head))) {
					// Truncated, or rewritten in place to the same length or more within one poll: start over.
					await startOver();
					continue;
				}

				await pollSubagents();
				await waiter.wait(pollMs, signal);
				afterWait = true;
				continue;
			}

			if (afterWait) {
				afterWait = false;
				if (await rewritten(handle, head)) {
					await startOver();
					continue;
				}
			}

			if (head.length < headBytes && position < headBytes) {
				head = Buffer.concat([head, buffer.subarray(0, Math.min(bytesRead, headBytes - position))]);
			}

			position += bytesRead;
			const events: TranscriptEvent[] = [];
			const records = splitter.push(buffer.subarray(0, bytesRead));
			for (const record of records) {
				const output = replayer.feed(record);
				// The follower sees every call: any may be a Task whose subagent file is still to come.
				events.push(...(replayer.format === 'claude-code' ? await subagents.take(output) : output.events));
			}

			if (events.length > 0) {
				options.onEvents(events);
			}

			// Also after lines that gave no event (malformed, unknown): the counts changed.
			if (events.length > 0 || records.length > 0) {
				options.onUpdate?.(outcome());
			}

			if (Date.now() - polledAt >= pollMs) {
				await pollSubagents();
			}
		}
	} finally {
		await subagents.close();
		await handle.close();
	}

	return outcome();
}
