/**
lector's own session log (see lector-log.ts): a `lector-session` header, then one `event` entry per
line holding a TranscriptEvent as it was dispatched live, and a `model-switch` line after each
`/model`. Events are validated field by field, since a log may come from a newer lector or be
damaged.
*/
import type {NoticeLevel, ToolResult, TranscriptEvent} from '../transcript/types.js';
import {toContentBlocks} from './content.js';
import {asArgs, bool, isRecord, type JsonRecord, num, rec, str} from './json.js';
import {modelSwitchOf} from './lector-log.js';
import {readDetailsFromJson} from './read-details-json.js';
import {
	type AdapterContext,
	type AdapterOutput,
	closeOpenCalls,
	nothing,
	type SessionAdapter,
	type SessionMeta,
} from './types.js';

const levels = new Set<string>(['info', 'warning', 'error']);

function isLevel(value: string | undefined): value is NoticeLevel {
	return value !== undefined && levels.has(value);
}

function toResult(value: JsonRecord | undefined): ToolResult | undefined {
	if (value === undefined) {
		return undefined;
	}

	return {
		content: toContentBlocks(value['content']),
		// Read details are checked field by field; other tools' details are kept as logged (panels treat them as unknown).
		...(value['details'] === undefined || value['details'] === null
			? {}
			: {details: readDetailsFromJson(value['details']) ?? value['details']}),
		isError: bool(value, 'isError') ?? false,
	};
}

/** A TranscriptEvent from unknown JSON, or a reason it is not one. */
export function toTranscriptEvent(value: unknown): TranscriptEvent | string {
	if (!isRecord(value)) {
		return 'event is not an object';
	}

	const type = str(value, 'type');
	const id = str(value, 'id');
	switch (type) {
		case 'user-text':
		case 'assistant-text': {
			const text = str(value, 'text');
			return id === undefined || text === undefined ? `${type} without id or text` : {type, id, text};
		}

		case 'assistant-delta': {
			const delta = str(value, 'delta');
			return id === undefined || delta === undefined
				? 'assistant-delta without id or delta'
				: {type, id, delta};
		}

		case 'tool-start': {
			const name = str(value, 'name');
			if (id === undefined || name === undefined) {
				return 'tool-start without id or name';
			}

			const parentId = str(value, 'parentId');
			return {type, id, name, args: asArgs(value['args']), ...(parentId === undefined ? {} : {parentId})};
		}

		case 'tool-end': {
			const result = toResult(rec(value, 'result'));
			if (id === undefined || result === undefined) {
				return 'tool-end without id or result';
			}

			const name = str(value, 'name');
			const parentId = str(value, 'parentId');
			return {
				type,
				id,
				result,
				...(name === undefined ? {} : {name}),
				...(isRecord(value['args']) ? {args: value['args']} : {}),
				...(parentId === undefined ? {} : {parentId}),
			};
		}

		case 'notice': {
			const level = str(value, 'level');
			const text = str(value, 'text');
			return id === undefined || text === undefined || !isLevel(level)
				? 'notice without id, level or text'
				: {type, id, level, text};
		}

		case 'reset': {
			return {type};
		}

		default: {
			return `event type "${type ?? '(none)'}"`;
		}
	}
}

/** Reads lector's session log. */
export function createLectorAdapter(context: AdapterContext): SessionAdapter {
	const {stats} = context;
	let meta: SessionMeta = {format: 'lector', agent: 'lector'};
	const open = new Set<string>();
	return {
		format: 'lector',
		push(value, line): AdapterOutput {
			if (!isRecord(value)) {
				stats.note('malformed', 'line is not a JSON object', line);
				return nothing;
			}

			const type = str(value, 'type');
			if (type === 'lector-session') {
				meta = {
					...meta,
					id: str(value, 'id'),
					cwd: str(value, 'cwd'),
					startedAt: str(value, 'startedAt'),
					model: str(value, 'model') ?? meta.model,
					version: String(num(value, 'version') ?? 1),
				};
				return nothing;
			}

			if (type === 'model-switch') {
				// The switch's notice is the event that shows it; this line makes it the header's model.
				const switched = modelSwitchOf(value);
				if (switched) {
					meta = {...meta, model: switched.model};
				} else {
					stats.note('malformed', 'model-switch without provider or model', line);
				}

				return nothing;
			}

			if (type !== 'event') {
				stats.note('unknown', `entry type "${type ?? '(none)'}"`, line);
				return nothing;
			}

			const event = toTranscriptEvent(value['event']);
			if (typeof event === 'string') {
				stats.note('unknown', event, line);
				return nothing;
			}

			if (event.type === 'tool-start') {
				open.add(event.id);
			} else if (event.type === 'tool-end') {
				open.delete(event.id);
			} else if (event.type === 'reset') {
				open.clear();
			}

			return {events: [event]};
		},
		end(): AdapterOutput {
			return {events: closeOpenCalls(open, stats)};
		},
		meta: () => meta,
	};
}
