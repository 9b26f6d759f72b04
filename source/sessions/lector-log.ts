import {closeSync, mkdirSync, openSync, writeSync} from 'node:fs';
import path from 'node:path';
import type {TranscriptEvent} from '../transcript/types.js';
import {isRecord, str} from './json.js';

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

/**
A `/model` switch: the model in use from this line on. It follows the switch's notice (which shows it);
this line holds the same as data, for `--continue` and for the replayed header's model. Added within
version 1: readers before it count the line as unknown and go on.
*/
export type LectorLogModelSwitch = {
	readonly type: 'model-switch';
	/** ISO 8601. */
	readonly at: string;
	readonly provider: string;
	readonly model: string;
};

/** The model a `model-switch` line names. */
export type LoggedModel = {readonly provider: string; readonly model: string};

/** The model of a `model-switch` line, or undefined for any other line or one without both names. */
export function modelSwitchOf(value: unknown): LoggedModel | undefined {
	if (!isRecord(value) || str(value, 'type') !== 'model-switch') {
		return undefined;
	}

	const provider = str(value, 'provider')?.trim();
	const model = str(value, 'model')?.trim();
	return provider && model ? {provider, model} : undefined;
}

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

	/** Records a `/model` switch, after the notice that announced it. */
	appendModelSwitch(model: LoggedModel, at = new Date()): void {
		const line: LectorLogModelSwitch = {
			type: 'model-switch',
			at: at.toISOString(),
			provider: model.provider,
			model: model.model,
		};
		this.writeLine(line);
	}

	close(): void {
		if (this.descriptor !== undefined) {
			closeSync(this.descriptor);
			this.descriptor = undefined;
		}
	}

	private writeLine(value: LectorLogHeader | LectorLogEntry | LectorLogModelSwitch): void {
		if (this.descriptor === undefined) {
			throw new Error(`The session log ${this.filePath} is closed.`);
		}

		// One write per line: a reader following the file never sees half an entry from us.
		writeSync(this.descriptor, `${JSON.stringify(value)}\n`);
	}
}
