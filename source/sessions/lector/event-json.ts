/**
TranscriptEvents from lector's log (version 2 lines; version 1 lines are migrated first). A log may
come from a newer lector or be damaged: every event is validated field by field, and one that is not
valid reads as a reason, never as a half-filled event.
*/
import type {ToolTag} from '../../transcript/details.js';
import type {ModelRef, NoticeLevel, ToolResult, TranscriptEvent} from '../../transcript/types.js';
import {toContentBlocks} from '../content.js';
import {asArgs, bool, isRecord, type JsonRecord, num, rec, str} from '../json.js';
import {toolDetailsFromJson} from './tool-details-json.js';

const levels = new Set<string>(['info', 'warning', 'error']);
const tags = new Set<string>(['read', 'ls', 'find', 'grep', 'claude-code-read', 'codex-read', 'pi-read']);

function isLevel(value: string | undefined): value is NoticeLevel {
	return value !== undefined && levels.has(value);
}

function isTag(value: string | undefined): value is Exclude<ToolTag, 'logged'> {
	return value !== undefined && tags.has(value);
}

function toResult(value: JsonRecord | undefined): ToolResult | undefined {
	if (value === undefined) {
		return undefined;
	}

	const details = toolDetailsFromJson(value['details']);
	return {
		content: toContentBlocks(value['content']),
		...(details === undefined ? {} : {details}),
		isError: bool(value, 'isError') ?? false,
	};
}

function modelOf(value: JsonRecord | undefined): ModelRef | undefined {
	const provider = str(value, 'provider')?.trim();
	const model = str(value, 'model')?.trim();
	return provider && model ? {provider, model} : undefined;
}

function toolStart(value: JsonRecord, id: string | undefined): TranscriptEvent | string {
	const name = str(value, 'name');
	if (id === undefined || name === undefined) {
		return 'tool-start without id or name';
	}

	const parentId = str(value, 'parentId');
	const tag = str(value, 'tag');
	return {
		type: 'tool-start',
		id,
		name,
		args: asArgs(value['args']),
		...(parentId === undefined ? {} : {parentId}),
		...(isTag(tag) ? {tag} : {}),
		...(bool(value, 'direct') === true ? {direct: true} : {}),
	};
}

function toolEnd(value: JsonRecord, id: string | undefined): TranscriptEvent | string {
	const result = toResult(rec(value, 'result'));
	if (id === undefined || result === undefined) {
		return 'tool-end without id or result';
	}

	const name = str(value, 'name');
	const parentId = str(value, 'parentId');
	return {
		type: 'tool-end',
		id,
		result,
		...(name === undefined ? {} : {name}),
		...(isRecord(value['args']) ? {args: value['args']} : {}),
		...(parentId === undefined ? {} : {parentId}),
	};
}

function retry(value: JsonRecord, id: string | undefined): TranscriptEvent | string {
	const text = str(value, 'text');
	const attempt = num(value, 'attempt');
	const maxRetries = num(value, 'maxRetries');
	const delayMs = num(value, 'delayMs');
	return id === undefined ||
		text === undefined ||
		attempt === undefined ||
		maxRetries === undefined ||
		delayMs === undefined
		? 'retry without id, text, attempt, maxRetries or delayMs'
		: {type: 'retry', id, text, attempt, maxRetries, delayMs};
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
		case 'assistant-text':
		case 'direct-command': {
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
			return toolStart(value, id);
		}

		case 'tool-end': {
			return toolEnd(value, id);
		}

		case 'notice': {
			const level = str(value, 'level');
			const text = str(value, 'text');
			return id === undefined || text === undefined || !isLevel(level)
				? 'notice without id, level or text'
				: {type, id, level, text};
		}

		case 'compaction': {
			const summary = str(value, 'summary');
			return id === undefined || summary === undefined
				? 'compaction without id or summary'
				: {type, id, summary};
		}

		case 'model-switch': {
			const to = modelOf(rec(value, 'to'));
			const text = str(value, 'text');
			return id === undefined || to === undefined || text === undefined
				? 'model-switch without id, model or text'
				: {type, id, to, text};
		}

		case 'retry': {
			return retry(value, id);
		}

		case 'notice-cleared': {
			return id === undefined ? 'notice-cleared without id' : {type, id};
		}

		case 'reset': {
			return {type};
		}

		default: {
			return `event type "${type ?? '(none)'}"`;
		}
	}
}
