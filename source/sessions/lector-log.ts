import {closeSync, mkdirSync, openSync, writeSync} from 'node:fs';
import path from 'node:path';
import type {TranscriptEvent} from '../transcript/types.js';

/** The version written in the header line; readers accept this and older versions. */
export const lectorLogVersion = 1;

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

/**
Every later line: one complete transcript event. Streaming deltas are not logged; the assistant's
whole text is logged once it is complete, and a tool call is logged at its start and at its end, so a
crash loses nothing already shown.
*/
export type LectorLogEntry = {
	readonly type: 'event';
	/** ISO 8601. */
	readonly at: string;
	readonly event: TranscriptEvent;
};

/** Appends a session log one line per entry, each written out as soon as it is complete. */
export class LectorLogWriter {
	readonly filePath: string;
	private descriptor: number | undefined;

	constructor(filePath: string, header: LectorLogHeader | undefined) {
		this.filePath = filePath;
		mkdirSync(path.dirname(filePath), {recursive: true});
		this.descriptor = openSync(filePath, 'a');
		if (header) {
			this.writeLine(header);
		}
	}

	append(event: TranscriptEvent, at = new Date()): void {
		if (event.type === 'assistant-delta') {
			return;
		}

		const entry: LectorLogEntry = {type: 'event', at: at.toISOString(), event};
		this.writeLine(entry);
	}

	close(): void {
		if (this.descriptor !== undefined) {
			closeSync(this.descriptor);
			this.descriptor = undefined;
		}
	}

	private writeLine(value: LectorLogHeader | LectorLogEntry): void {
		if (this.descriptor === undefined) {
			throw new Error(`The session log ${this.filePath} is closed.`);
		}

		// One write per line: a reader following the file never sees half an entry from us.
		writeSync(this.descriptor, `${JSON.stringify(value)}\n`);
	}
}
