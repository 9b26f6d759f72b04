/**
The transcript: what the person watches. Live agent runs, the shell and replayed session logs all
produce the same TranscriptEvents, and one reducer turns them into TranscriptItems.
*/
import type {ContentBlock} from '../read/types.js';
import type {ToolDetails, ToolTag} from './details.js';

/** What a tool returned: the blocks the model got, the tool's structured details, and the error flag. */
export type ToolResult = {
	readonly content: readonly ContentBlock[];
	/** Structured details, tagged by the tool that made them; absent when the log holds none. */
	readonly details?: ToolDetails | undefined;
	readonly isError: boolean;
};

export type ToolStatus = 'running' | 'done';

/** One tool call and, once it finished, its result. */
export type ToolCallItem = {
	readonly type: 'tool';
	readonly id: string;
	readonly name: string;
	readonly args: Readonly<Record<string, unknown>>;
	/** What the call is known to be before its result's details say (the panel while it runs). */
	readonly tag?: ToolTag;
	readonly status: ToolStatus;
	readonly result: ToolResult | undefined;
	/** The call this one ran under (a Claude Code subagent's calls nest under its Task call). */
	readonly parentId?: string;
	/** The path to show while the call runs (its tool-start's `displayPath`). */
	readonly displayPath?: string;
	/**
	Levels this call is nested, set with `parentId`: its parent's depth plus 1 (1 when the parent is
	not in the transcript), at most `maxNestDepth`. Derived by the reducer, never taken from events.
	*/
	readonly depth?: number;
};

export type UserTextItem = {readonly type: 'user'; readonly id: string; readonly text: string};
export type AssistantTextItem = {readonly type: 'assistant'; readonly id: string; readonly text: string};
export type NoticeLevel = 'info' | 'warning' | 'error';
export type NoticeItem = {
	readonly type: 'notice';
	readonly id: string;
	readonly level: NoticeLevel;
	readonly text: string;
};

/** Everything the transcript can show. */
export type TranscriptItem = UserTextItem | AssistantTextItem | ToolCallItem | NoticeItem;

/** A model in a session: its provider's name and the model's. */
export type ModelRef = {readonly provider: string; readonly model: string};

/** Everything that can happen to a transcript. */
export type TranscriptEvent =
	| {readonly type: 'user-text'; readonly id: string; readonly text: string}
	/**
	A command the person typed and lector ran itself (no model configured: `read x`, `ls`): shown like
	their text, never part of a model's conversation. Its tool calls are tool-starts marked `direct`.
	*/
	| {readonly type: 'direct-command'; readonly id: string; readonly text: string}
	| {readonly type: 'assistant-text'; readonly id: string; readonly text: string}
	/** Streaming text: appended to the assistant item with this id (created when missing). */
	| {readonly type: 'assistant-delta'; readonly id: string; readonly delta: string}
	| {
			readonly type: 'tool-start';
			readonly id: string;
			readonly name: string;
			readonly args: Readonly<Record<string, unknown>>;
			/** The call this one ran under, e.g. a subagent's Task call. */
			readonly parentId?: string;
			/**
			How to show the call's path while it runs: what its finished read panel will show (relative to
			the session's folder). Set by replay, which knows the folder; absent live.
			*/
			readonly displayPath?: string;
			/** What the call is known to be before its result comes (`read`, `claude-code-read`...). */
			readonly tag?: ToolTag;
			/** Run by the person's direct command, not by a model: not part of a model's conversation. */
			readonly direct?: boolean;
	  }
	/** Ends a call; a result for an unknown id adds the call (replayed logs can lose the start). */
	| {
			readonly type: 'tool-end';
			readonly id: string;
			readonly result: ToolResult;
			readonly name?: string;
			readonly args?: Readonly<Record<string, unknown>>;
			readonly parentId?: string;
	  }
	| {readonly type: 'notice'; readonly id: string; readonly level: NoticeLevel; readonly text: string}
	/** The conversation so far was replaced by this summary of it (the model reads files afresh). */
	| {readonly type: 'compaction'; readonly id: string; readonly summary: string}
	/** The model in use from here on; `text` is the notice the person sees. */
	| {readonly type: 'model-switch'; readonly id: string; readonly to: ModelRef; readonly text: string}
	/**
	A model request failed and is tried again after `delayMs`: attempt `attempt` of `maxRetries`.
	Events with the same id update one notice; `text` is what it says.
	*/
	| {
			readonly type: 'retry';
			readonly id: string;
			readonly attempt: number;
			readonly maxRetries: number;
			readonly delayMs: number;
			readonly text: string;
	  }
	/**
	A notice that no longer holds goes away: the retry notice with this id once the request went through.
	An id with no item is nothing to remove.
	*/
	| {readonly type: 'notice-cleared'; readonly id: string}
	| {readonly type: 'reset'};
