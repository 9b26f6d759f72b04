/**
Writes the shell's session log, in lector's log format (sessions/lector/log-format.ts): the header,
then each transcript event as soon as it is complete. Replay and `--continue` read it back through
sessions/lector/.
*/
import {closeSync, mkdirSync, openSync, writeSync} from 'node:fs';
import path from 'node:path';
import type {LectorLogEntry, LectorLogHeader} from '../sessions/lector/log-format.js';
import type {TranscriptEvent} from '../transcript/types.js';

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
