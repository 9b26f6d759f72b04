/**
pi entries to transcript events, one entry at a time (the tree is handled in adapter.ts).
Messages carry roles user, assistant (text, thinking and toolCall blocks), toolResult, and pi's
own bashExecution, custom (hookMessage before v3), branchSummary and compactionSummary.
*/

import type {ContentBlock} from '../../read/types.js';
import {loggedDetails} from '../../transcript/details.js';
import type {ToolResult, TranscriptEvent} from '../../transcript/types.js';
import {blocksText, toContentBlocks} from '../content.js';
import {arr, asArgs, bool, isRecord, type JsonRecord, num, rec, str} from '../json.js';
import type {StatsCollector} from '../stats.js';
import {piReadDetails} from './read.js';

/** What the entry mapper needs to remember across entries. */
export type PiState = {
	readonly stats: StatsCollector;
	cwd: string | undefined;
	model: string | undefined;
	title: string | undefined;
	/** Every call seen, so a result can be shown with its call's arguments. */
	readonly calls: Map<string, {name: string; args: Readonly<Record<string, unknown>>}>;
};

function firstLine(text: string): string {
	const line = text.split('\n').find((part) => part.trim() !== '') ?? '';
	return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

function imageNote(blocks: readonly ContentBlock[]): string {
	const images = blocks.filter((block) => block.type === 'image').length;
	return images === 0 ? '' : `${images === 1 ? '' : `${images} `}[image${images === 1 ? '' : 's'}]`;
}

function userEvents(id: string, message: JsonRecord): TranscriptEvent[] {
	const blocks = toContentBlocks(message['content']);
	const text = [blocksText(blocks), imageNote(blocks)].filter((part) => part !== '').join('\n');
	return [{type: 'user-text', id, text}];
}

function assistantEvents(id: string, message: JsonRecord, state: PiState, line: number): TranscriptEvent[] {
	const events: TranscriptEvent[] = [];
	state.model = str(message, 'model') ?? state.model;
	for (const [index, block] of arr(message, 'content').entries()) {
		if (!isRecord(block)) {
			state.stats.note('malformed', 'assistant block is not an object', line);
			continue;
		}

		const type = str(block, 'type');
		if (type === 'text') {
			const text = str(block, 'text') ?? '';
			if (text.trim() !== '') {
				events.push({type: 'assistant-text', id: `${id}:${index}`, text});
			}
		} else if (type === 'toolCall') {
			const callId = str(block, 'id') ?? `${id}:${index}`;
			const name = str(block, 'name') ?? 'tool';
			const args = asArgs(block['arguments']);
			state.calls.set(callId, {name, args});
			events.push({type: 'tool-start', id: callId, name, args, ...(name === 'read' ? {tag: 'pi-read'} : {})});
		} else if (type === 'thinking') {
			state.stats.note('skipped', 'thinking block', line);
		} else {
			state.stats.note('unknown', `assistant block "${type ?? '(none)'}"`, line);
		}
	}

	const stop = str(message, 'stopReason');
	const error = str(message, 'errorMessage');
	if (stop === 'error' || error !== undefined) {
		events.push({type: 'notice', id: `${id}:error`, level: 'error', text: error ?? 'the model call failed'});
	} else if (stop === 'aborted') {
		events.push({type: 'notice', id: `${id}:aborted`, level: 'warning', text: 'aborted'});
	}

	return events;
}

function toolResultEvents(id: string, message: JsonRecord, state: PiState): TranscriptEvent[] {
	const callId = str(message, 'toolCallId') ?? id;
	const call = state.calls.get(callId);
	const name = call?.name ?? str(message, 'toolName') ?? 'tool';
	const rawDetails = message['details'];
	const base: ToolResult = {
		content: toContentBlocks(message['content']),
		isError: bool(message, 'isError') ?? false,
	};
	const details =
		name === 'read'
			? piReadDetails(call?.args ?? {}, base, isRecord(rawDetails) ? rawDetails : undefined, state.cwd)
			: loggedDetails('pi', rawDetails);
	const result: ToolResult = details === undefined ? base : {...base, details};
	return [{type: 'tool-end', id: callId, name, ...(call === undefined ? {} : {args: call.args}), result}];
}

function bashEvents(id: string, message: JsonRecord): TranscriptEvent[] {
	const exitCode = num(message, 'exitCode');
	const cancelled = bool(message, 'cancelled') === true;
	return [
		{type: 'tool-start', id, name: 'bash', args: {command: str(message, 'command') ?? '', by: 'user'}},
		{
			type: 'tool-end',
			id,
			result: {
				content: [{type: 'text', text: str(message, 'output') ?? ''}],
				isError: cancelled || (exitCode !== undefined && exitCode !== 0),
			},
		},
	];
}

/** Events for one `message` entry. */
export function messageEvents(
	id: string,
	message: JsonRecord,
	state: PiState,
	line: number,
): TranscriptEvent[] {
	const role = str(message, 'role');
	switch (role) {
		case 'user': {
			return userEvents(id, message);
		}

		case 'assistant': {
			return assistantEvents(id, message, state, line);
		}

		case 'toolResult': {
			return toolResultEvents(id, message, state);
		}

		case 'bashExecution': {
			return bashEvents(id, message);
		}

		case 'custom':
		case 'hookMessage': {
			if (bool(message, 'display') === false) {
				state.stats.note('skipped', `hidden ${role} message`, line);
				return [];
			}

			const text = blocksText(toContentBlocks(message['content']));
			return [
				{type: 'notice', id, level: 'info', text: `[${str(message, 'customType') ?? 'custom'}] ${text}`},
			];
		}

		case 'branchSummary':
		case 'compactionSummary': {
			const what = role === 'branchSummary' ? 'branch summary' : 'compaction summary';
			return [
				{type: 'notice', id, level: 'info', text: `${what}: ${firstLine(str(message, 'summary') ?? '')}`},
			];
		}

		default: {
			state.stats.note('unknown', `message role "${role ?? '(none)'}"`, line);
			return [];
		}
	}
}

/** Events for any entry but the header. */
export function entryEvents(id: string, entry: JsonRecord, state: PiState, line: number): TranscriptEvent[] {
	const type = str(entry, 'type');
	switch (type) {
		case 'message': {
			const message = rec(entry, 'message');
			if (message === undefined) {
				state.stats.note('malformed', 'message entry without a message', line);
				return [];
			}

			return messageEvents(id, message, state, line);
		}

		case 'model_change': {
			const model = str(entry, 'modelId');
			state.model = model ?? state.model;
			const provider = str(entry, 'provider');
			return [
				{
					type: 'notice',
					id,
					level: 'info',
					text: `model: ${provider === undefined ? '' : `${provider}/`}${model ?? '?'}`,
				},
			];
		}

		case 'compaction': {
			const tokens = num(entry, 'tokensBefore');
			const before = tokens === undefined ? '' : ` (${tokens} tokens before)`;
			return [
				{
					type: 'notice',
					id,
					level: 'info',
					text: `compacted${before}: ${firstLine(str(entry, 'summary') ?? '')}`,
				},
			];
		}

		case 'branch_summary': {
			return [
				{
					type: 'notice',
					id,
					level: 'info',
					text: `branch summary: ${firstLine(str(entry, 'summary') ?? '')}`,
				},
			];
		}

		case 'custom_message': {
			return messageEvents(id, {...entry, role: 'custom'}, state, line);
		}

		case 'session_info': {
			state.title = str(entry, 'name') ?? state.title;
			state.stats.note('skipped', 'session_info entry', line);
			return [];
		}

		case 'thinking_level_change':
		case 'custom':
		case 'label': {
			state.stats.note('skipped', `${type} entry`, line);
			return [];
		}

		default: {
			state.stats.note('unknown', `entry type "${type ?? '(none)'}"`, line);
			return [];
		}
	}
}
