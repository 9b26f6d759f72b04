/**
Replaying a whole log file: stream its lines through a SessionReplayer and hand events out in
batches as they are parsed, so a caller can paint the first screen long before a large file ends.
*/
import type {ToolResult, TranscriptEvent} from '../transcript/types.js';
import {expandSubagents} from './claude-code/subagent-replay.js';
import {withDisplayPaths} from './display-path.js';
import {readLineBatches} from './line-reader.js';
import {SessionReplayer} from './replayer.js';
import type {ReplayStats} from './stats.js';
import type {AdapterOutput, SessionFormat, SessionMeta} from './types.js';

/** Options for reading one log. */
export type ReplayFileOptions = {
	readonly maxLineBytes?: number;
	readonly signal?: AbortSignal;
	/**
	Called with each batch of new events, in order. A `reset` event starts the transcript over. The
	next batch waits for the promise it returns, if any (a printer waiting for a slow pipe).
	*/
	readonly onEvents?: (events: readonly TranscriptEvent[]) => void | Promise<void>;
	/** Called once, as soon as the format is known, with the session facts so far (for a header). */
	readonly onMeta?: (meta: SessionMeta) => void;
	/** Force a format instead of detecting it. */
	readonly format?: SessionFormat;
	/** Where results the format's adapter holds on to are kept (a vault on disk); in memory when absent. */
	readonly keepResult?: (result: ToolResult) => ToolResult;
};

/** What a finished replay knows about the log. */
export type ReplayOutcome = {
	readonly format: SessionFormat | undefined;
	readonly meta: SessionMeta | undefined;
	readonly stats: ReplayStats;
};

/** Events of one adapter output with its subagents spliced in after them. */
export async function withSubagents(
	output: AdapterOutput,
	replayer: SessionReplayer,
	maxLineBytes: number | undefined,
): Promise<readonly TranscriptEvent[]> {
	if (output.subagents === undefined || output.subagents.length === 0) {
		return output.events;
	}

	const nested = await expandSubagents(output.subagents, replayer.stats, maxLineBytes);
	return [...output.events, ...withDisplayPaths(nested, replayer.meta()?.cwd)];
}

/** Stream a log file to `onEvents`; resolves when the file has been read to its end. */
export async function replayFile(filePath: string, options: ReplayFileOptions = {}): Promise<ReplayOutcome> {
	const replayer = new SessionReplayer({filePath, format: options.format, keepResult: options.keepResult});
	const emit = async (events: readonly TranscriptEvent[]) => {
		if (events.length > 0) {
			await options.onEvents?.(events);
		}
	};

	let metaPending = true;
	for await (const batch of readLineBatches(filePath, options)) {
		const events: TranscriptEvent[] = [];
		for (const record of batch) {
			const output = replayer.feed(record);
			// Most lines have no subagents: no await for them, so a large log is not a microtask per line.
			events.push(
				...(output.subagents?.length
					? await withSubagents(output, replayer, options.maxLineBytes)
					: output.events),
			);
		}

		const meta = metaPending ? replayer.meta() : undefined;
		if (meta !== undefined) {
			metaPending = false;
			options.onMeta?.(meta);
		}

		await emit(events);
	}

	await emit(await withSubagents(replayer.end(), replayer, options.maxLineBytes));
	return {format: replayer.format, meta: replayer.meta(), stats: replayer.stats.snapshot()};
}

/** A whole log, loaded: the events of the branch shown (everything after the last reset). */
export type LoadedSession = ReplayOutcome & {readonly events: readonly TranscriptEvent[]};

/** Read a whole log into memory; for `--json`, `--print` and tests. */
export async function loadSession(
	filePath: string,
	options: Omit<ReplayFileOptions, 'onEvents'> = {},
): Promise<LoadedSession> {
	let events: TranscriptEvent[] = [];
	const outcome = await replayFile(filePath, {
		...options,
		onEvents(batch) {
			for (const event of batch) {
				if (event.type === 'reset') {
					events = [];
				} else {
					events.push(event);
				}
			}
		},
	});
	return {...outcome, events};
}
