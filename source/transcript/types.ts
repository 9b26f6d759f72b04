/**
The transcript: what the person watches. Live agent runs, the shell and replayed session logs all
produce the same TranscriptEvents, and one reducer turns them into TranscriptItems.
*/
import type {ContentBlock} from '../read/types.js';

/** What a tool returned: the blocks the model got, the tool's structured details, and the error flag. */
export type ToolResult = {
	readonly content: readonly ContentBlock[];
	/** Structured details (for `read`, a ReadDetails); unknown for tools lector did not run itself. */
	readonly details?: unknown;
	readonly isError: boolean;
};

export type ToolStatus = 'running' | 'done';

/** One tool call and, once it finished, its result. */
export type ToolCallItem = {
	readonly type: 'tool';
	readonly id: string;
	readonly name: string;
	readonly args: Readonly<Record<string, unknown>>;
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

/** Everything that can happen to a transcript. */
export type TranscriptEvent =
	| {readonly type: 'user-text'; readonly id: string; readonly text: string}
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
	| {readonly type: 'reset'};
