/**
Following a log as an agent appends to it: the file is kept open, new bytes are read as they
arrive, and only complete lines are parsed (a line being written stays buffered until its line
end). A file that does not exist yet is waited for; a file that shrinks, or another file put in its
place (an editor's save, rm and create), is read again from the start after a `reset`.
*/
import {type FileHandle, open, stat} from 'node:fs/promises';
import {setTimeout as delay} from 'node:timers/promises';
import type {TranscriptEvent} from '../transcript/types.js';
import {LineSplitter} from './line-reader.js';
import {type ReplayOutcome, withSubagents} from './replay-file.js';
import {SessionReplayer} from './replayer.js';
import type {SessionFormat} from './types.js';

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
	readonly format?: SessionFormat;
};

const chunkBytes = 256 * 1024;

async function handleIdentity(handle: FileHandle): Promise<FileIdentity> {
	const {dev, ino, birthtimeMs} = await handle.stat();
	return {dev, ino, birthtimeMs};
}

async function sleep(ms: number, signal: AbortSignal): Promise<void> {
	try {
		await delay(ms, undefined, {signal});
	} catch {
		// Aborted: the caller's loop checks the signal.
	}
}

/** Which file a path names: a replaced file (rm and create, or a temp file moved onto it) is another. */
type FileIdentity = {readonly dev: number; readonly ino: number; readonly birthtimeMs: number};

type PathState = {readonly size: number; readonly identity: FileIdentity} | undefined;

async function statPath(filePath: string): Promise<PathState> {
	try {
		const {size, dev, ino, birthtimeMs} = await stat(filePath);
		return {size, identity: {dev, ino, birthtimeMs}};
	} catch {
		return undefined;
	}
}

function sameFile(a: FileIdentity, b: FileIdentity): boolean {
	return a.dev === b.dev && a.ino === b.ino && a.birthtimeMs === b.birthtimeMs;
}

/** Wait until the path names a file; undefined when aborted first. */
async function waitForFile(
	filePath: string,
	signal: AbortSignal,
	pollMs: number,
): Promise<FileHandle | undefined> {
	while (!signal.aborted) {
		try {
			return await open(filePath, 'r');
		} catch {
			await sleep(pollMs, signal);
		}
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
	let replayer = new SessionReplayer({filePath, format: options.format});
	const outcome = (): ReplayOutcome => ({
		format: replayer.format,
		meta: replayer.meta(),
		stats: replayer.stats.snapshot(),
	});
	let handle = await waitForFile(filePath, signal, pollMs);
	if (handle === undefined) {
		return outcome();
	}

	try {
		let identity = await handleIdentity(handle);
		let splitter = new LineSplitter(options.maxLineBytes);
		let position = 0;
		let vanished = false;
		const buffer = Buffer.alloc(chunkBytes);
		const startOver = () => {
			position = 0;
			splitter = new LineSplitter(options.maxLineBytes);
			replayer = new SessionReplayer({filePath, format: options.format});
			options.onEvents([{type: 'reset'}]);
			options.onUpdate?.(outcome());
		};

		options.onUpdate?.(outcome());
		while (!signal.aborted) {
			const {bytesRead} = await handle.read(buffer, 0, chunkBytes, position);
			if (bytesRead === 0) {
				const now = await statPath(filePath);
				if (now === undefined) {
					// Gone for now (rm before the new file is written): look again later.
					vanished = true;
					await sleep(pollMs, signal);
					continue;
				}

				// Back after vanishing counts as replaced even when the new file got the old inode number.
				if (vanished || !sameFile(now.identity, identity)) {
					// Replaced: what the old file still holds is no longer the log. Read the new one.
					const next = await waitForFile(filePath, signal, pollMs);
					if (next === undefined) {
						break;
					}

					await handle.close();
					handle = next;
					identity = await handleIdentity(handle);
					vanished = false;
					startOver();
					continue;
				}

				if (now.size < position) {
					// Truncated in place: start over.
					startOver();
					continue;
				}

				await sleep(pollMs, signal);
				continue;
			}

			position += bytesRead;
			const events: TranscriptEvent[] = [];
			const records = splitter.push(buffer.subarray(0, bytesRead));
			for (const record of records) {
				events.push(...(await withSubagents(replayer.feed(record), replayer, options.maxLineBytes)));
			}

			if (events.length > 0) {
				options.onEvents(events);
			}

			// Also after lines that gave no event (malformed, unknown): the counts changed.
			if (events.length > 0 || records.length > 0) {
				options.onUpdate?.(outcome());
			}
		}
	} finally {
		await handle.close();
	}

	return outcome();
}
