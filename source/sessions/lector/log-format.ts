/**
lector's own session log, version 2: line 1 is a `lector-session` header, every later line one
complete transcript event (`event` entries). Streaming deltas are not logged: an assistant's text is
logged once it is complete, and a tool call at its start and at its end, so a crash loses nothing
already shown. Version 1 logs (every log before the typed events) are read through migrate.ts.
*/
import type {TranscriptEvent} from '../../transcript/types.js';

/** The version written in the header line; readers accept this and older versions. */
export const lectorLogVersion = 2;

/** Line 1 of a lector session log. */
export type LectorLogHeader = {
	readonly type: 'lector-session';
	readonly version: number;
	readonly id: string;
	/** The workspace the session read from. */
	readonly cwd: string;
	/** ISO 8601. */
	readonly startedAt: string;
	readonly provider?: string;
	readonly model?: string;
};

/** Every later line: one complete transcript event. */
export type LectorLogEntry = {
	readonly type: 'event';
	/** ISO 8601. */
	readonly at: string;
	readonly event: TranscriptEvent;
};
