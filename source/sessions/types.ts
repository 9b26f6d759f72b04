/** Types shared by the session readers: formats, session facts, and the adapter contract. */
import type {ToolResult, TranscriptEvent} from '../transcript/types.js';
import type {SubagentIndex} from './claude-code/subagents.js';
import type {StatsCollector} from './stats.js';

/** The log formats lector can replay, detected from the content. */
export type SessionFormat = 'lector' | 'pi' | 'claude-code' | 'codex';

/** What the session header shows. Every field is optional: logs omit or lose any of them. */
export type SessionMeta = {
	readonly format: SessionFormat;
	/** The agent's name for people: `lector`, `pi`, `Claude Code`, `Codex`. */
	readonly agent: string;
	readonly id?: string | undefined;
	/** The last model the log names. */
	readonly model?: string | undefined;
	/** The folder the agent worked in. */
	readonly cwd?: string | undefined;
	/** ISO 8601 time the session started (or its first dated entry). */
	readonly startedAt?: string | undefined;
	/** The format's own version, when it states one. */
	readonly version?: string | undefined;
	/** A title, when the log names one (pi session_info, Claude Code summary). */
	readonly title?: string | undefined;
};

/** A subagent transcript to splice in under the call that started it (Claude Code). */
export type SubagentRequest = {
	/** The call the subagent's tool calls nest under; undefined when no call in the log started it. */
	readonly parentId: string | undefined;
	readonly filePath: string;
	/** The session's subagent files, so that this subagent's own Task calls find theirs. */
	readonly index?: SubagentIndex | undefined;
};

/** What one input line turned into. */
export type AdapterOutput = {
	readonly events: readonly TranscriptEvent[];
	readonly subagents?: readonly SubagentRequest[];
};

/**
One format's reader: fed parsed lines in order, it returns the events each line adds. Adapters are
total: any value, however malformed, yields events or a note in the stats, never an exception.
*/
export type SessionAdapter = {
	readonly format: SessionFormat;
	/** Feed one parsed JSON line. */
	push(value: unknown, lineNumber: number): AdapterOutput;
	/** The log is complete (not followed any more): close what is still open, e.g. calls without results. */
	end(): AdapterOutput;
	/** The session facts known so far. */
	meta(): SessionMeta;
};

/** Everything an adapter needs besides the lines. */
export type AdapterContext = {
	readonly stats: StatsCollector;
	/** The log file, for formats that keep companion files beside it. */
	readonly filePath?: string | undefined;
	/**
	Where a result the adapter holds on to is kept (a vault on disk, see result-vault.ts): pi's tree of
	entries, kept for branch switches, would otherwise hold every result of the session in memory.
	*/
	readonly keepResult?: ((result: ToolResult) => ToolResult) | undefined;
};

/** An empty output, shared. */
export const nothing: AdapterOutput = {events: []};

/** What a call that never got a result shows once the log is complete. */
export const missingResult: ToolResult = {
	content: [{type: 'text', text: 'No result was logged for this call.'}],
	isError: true,
};

/**
End every call still open when a log is complete: each is counted and gets a result saying none
was logged, so it does not spin forever. Clears the set.
*/
export function closeOpenCalls(
	open: Set<string>,
	stats: StatsCollector,
	parentId?: string,
): TranscriptEvent[] {
	const events: TranscriptEvent[] = [];
	for (const id of open) {
		stats.note('unmatched', 'tool call without a result');
		events.push({type: 'tool-end', id, result: missingResult, ...(parentId === undefined ? {} : {parentId})});
	}

	open.clear();
	return events;
}
