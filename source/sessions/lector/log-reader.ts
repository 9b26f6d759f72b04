/**
The one reader of lector's session log, line by line: replay (through the adapter) and `--continue`
both use it. A version 1 log is migrated line by line (migrate.ts) before its events are parsed.
*/
import type {TranscriptEvent} from '../../transcript/types.js';
import {isRecord, type JsonRecord, num, str} from '../json.js';
import {toTranscriptEvent} from './event-json.js';
import type {LectorLogHeader} from './log-format.js';
import {createV1Migration, type V1Migration} from './migrate.js';

/** What one line of the log gave. */
export type LectorLine =
	| {readonly kind: 'header'; readonly header: LectorLogHeader}
	| {readonly kind: 'event'; readonly event: TranscriptEvent}
	| {readonly kind: 'bad'; readonly category: 'malformed' | 'unknown'; readonly reason: string};

/** The header a line holds, or undefined when it holds none (or lacks a field every header has). */
export function headerOf(value: unknown): LectorLogHeader | undefined {
	if (!isRecord(value) || str(value, 'type') !== 'lector-session') {
		return undefined;
	}

	const id = str(value, 'id');
	const cwd = str(value, 'cwd');
	const startedAt = str(value, 'startedAt');
	if (id === undefined || cwd === undefined || startedAt === undefined) {
		return undefined;
	}

	const provider = str(value, 'provider');
	const model = str(value, 'model');
	return {
		type: 'lector-session',
		version: num(value, 'version') ?? 1,
		id,
		cwd,
		startedAt,
		...(provider === undefined ? {} : {provider}),
		...(model === undefined ? {} : {model}),
	};
}

function entry(line: JsonRecord): LectorLine {
	const type = str(line, 'type');
	if (type === 'model-switch') {
		// A version 1 switch line the migration could not use.
		return {kind: 'bad', category: 'malformed', reason: 'model-switch without provider or model'};
	}

	if (type !== 'event') {
		return {kind: 'bad', category: 'unknown', reason: `entry type "${type ?? '(none)'}"`};
	}

	const event = toTranscriptEvent(line['event']);
	return typeof event === 'string'
		? {kind: 'bad', category: 'unknown', reason: event}
		: {kind: 'event', event};
}

/** Reads one log's parsed lines in order; it keeps the state a version 1 log needs across lines. */
export class LectorLogReader {
	private migration: V1Migration | undefined = createV1Migration();

	push(value: unknown): LectorLine[] {
		if (!isRecord(value)) {
			return [{kind: 'bad', category: 'malformed', reason: 'line is not a JSON object'}];
		}

		if (str(value, 'type') === 'lector-session') {
			const header = headerOf(value);
			if (header === undefined) {
				return [{kind: 'bad', category: 'malformed', reason: 'session header without id, cwd or startedAt'}];
			}

			// Logs without a header line are read as version 1, the version that could lose it.
			this.migration = header.version < 2 ? createV1Migration() : undefined;
			return [{kind: 'header', header}];
		}

		const lines = this.migration === undefined ? [value] : this.migration(value);
		return lines.map(entry);
	}
}
