/**
Following a log as an agent appends to it: the file is kept open, new bytes are read as they
arrive, and only complete lines are parsed (a line being written stays buffered until its line
end). A file that does not exist yet is waited for; a file that shrinks was replaced, and is read
again from the start after a `reset`.
*/
import {open, stat} from 'node:fs/promises';
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

async function sleep(ms: number, signal: AbortSignal): Promise<void> {
	try {
		await delay(ms, undefined, {signal});
	} catch {
		// Aborted: the caller's loop checks the signal.
	}
}

async function sizeOf(filePath: string): Promise<number | undefined> {
	try {
		return (await stat(filePath)).size;
	} catch {
		return undefined;
	}
}

/** Follow a log until the signal aborts; resolves with what was read. */
export async function followFile(filePath: string, options: FollowOptions): Promise<ReplayOutcome> {
	const {signal} = options;
	const pollMs = options.pollMs ?? 250;
	let replayer = new SessionReplayer({filePath, format: options.format});
	const outcome = (): ReplayOutcome => ({
		format: replayer.format,
		meta: replayer.meta(),
		stats: replayer.stats.snapshot(),
	});
	while (!signal.aborted && (await sizeOf(filePath)) === undefined) {
		await sleep(pollMs, signal);
	}

	if (signal.aborted) {
		return outcome();
	}

	const handle = await open(filePath, 'r');
	try {
		let splitter = new LineSplitter(options.maxLineBytes);
		let position = 0;
		const buffer = Buffer.alloc(chunkBytes);
		options.onUpdate?.(outcome());
		while (!signal.aborted) {
			const {bytesRead} = await handle.read(buffer, 0, chunkBytes, position);
			if (bytesRead === 0) {
				const size = await sizeOf(filePath);
				if (size !== undefined && size < position) {
					// Truncated or replaced: start over.
					position = 0;
					splitter = new LineSplitter(options.maxLineBytes);
					replayer = new SessionReplayer({filePath, format: options.format});
					options.onEvents([{type: 'reset'}]);
					continue;
				}

				await sleep(pollMs, signal);
				continue;
			}

			position += bytesRead;
			const events: TranscriptEvent[] = [];
			for (const record of splitter.push(buffer.subarray(0, bytesRead))) {
				events.push(...(await withSubagents(replayer.feed(record), replayer, options.maxLineBytes)));
			}

			if (events.length > 0) {
				options.onEvents(events);
				options.onUpdate?.(outcome());
			}
		}
	} finally {
		await handle.close();
	}

	return outcome();
}
