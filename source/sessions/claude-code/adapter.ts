/**
Claude Code transcripts: one JSON object per line with a `type` (user, assistant, system, summary,
attachment, ...), linked by uuid/parentUuid. Assistant lines hold text, thinking and tool_use
blocks (often one block per line); tool results come back as tool_result blocks in later user
lines, joined by tool_use_id, usually with a structured `toolUseResult` beside them. Subagents nest
under the Task call that started them, to any depth: their files are spliced in after that call
(subagent-replay.ts), and older logs' inline sidechain lines are linked to it (sidechains.ts).
*/
import {loggedDetails} from '../../transcript/details.js';
import type {ToolResult, TranscriptEvent} from '../../transcript/types.js';
import {toContentBlocks} from '../content.js';
import {arr, asArgs, bool, isRecord, type JsonRecord, rec, str} from '../json.js';
import type {StatsCollector} from '../stats.js';
import {
	type AdapterContext,
	type AdapterOutput,
	closeOpenCalls,
	nothing,
	type SessionAdapter,
	type SessionMeta,
	type SubagentRequest,
} from '../types.js';
import {RecentReads} from './notices.js';
import {claudeCodeReadDetails} from './read.js';
import {SidechainLinks} from './sidechains.js';
import {type SubagentIndex, scanSubagents, unclaimedSubagents} from './subagents.js';
import {userTextEvent} from './text.js';

/** Options beyond the shared context. */
export type ClaudeCodeOptions = {
	/** Set when reading a subagent file: its calls nest under this call, and its text is left out. */
	readonly parentId?: string | undefined;
	/**
	The session's subagent files, shared by the subagent files read for it, so that a subagent's own
	Task calls find their files and no file is shown twice. Scanned from the log's folder when absent.
	*/
	readonly subagents?: SubagentIndex | undefined;
};

/**
Line types that carry nothing for the transcript: Claude Code's bookkeeping (2.1.3xx writes a dozen kinds
per turn: requests, their shapes and blobs, costs, the tools used, the last prompt, latches). They are
known metadata, counted as skipped, not as unknown.
*/
const quietTypes = new Set([
	'attachment',
	'file-history-snapshot',
	'progress',
	'queue-operation',
	'custom-title',
	'agent-name',
	'last-prompt',
	'mode',
	'api-request',
	'api-request-shape',
	'api-request-blob',
	'atis-latch',
	'cost-state',
	'tools-used',
]);

type Call = {readonly name: string; readonly args: Readonly<Record<string, unknown>>};

type State = {
	readonly stats: StatsCollector;
	/** The call this line's calls nest under: the file's, or for a sidechain line its Task call. */
	readonly parentId: string | undefined;
	readonly calls: Map<string, Call>;
	/** Calls without a result yet, with the call each nests under. */
	readonly open: Map<string, string | undefined>;
	/** Read results by the line that carried them, for a notice logged on a later line. */
	readonly reads: RecentReads;
	cwd: string | undefined;
};

function withParent<T extends TranscriptEvent>(event: T, parentId: string | undefined): T {
	return parentId === undefined ? event : {...event, parentId};
}

function assistantEvents(
	line: JsonRecord,
	message: JsonRecord,
	state: State,
	lineNumber: number,
): TranscriptEvent[] {
	const events: TranscriptEvent[] = [];
	const base = str(line, 'uuid') ?? `cc-line-${lineNumber}`;
	for (const [index, block] of arr(message, 'content').entries()) {
		const type = isRecord(block) ? str(block, 'type') : undefined;
		if (!isRecord(block) || type === undefined) {
			state.stats.note('malformed', 'assistant block without a type', lineNumber);
		} else if (type === 'text') {
			const text = str(block, 'text') ?? '';
			if (state.parentId !== undefined) {
				state.stats.note('skipped', 'subagent text (its result shows in the Task call)', lineNumber);
			} else if (text.trim() !== '') {
				events.push({type: 'assistant-text', id: `${base}:${index}`, text});
			}
		} else if (type === 'tool_use' || type === 'server_tool_use') {
			const id = str(block, 'id') ?? `${base}:${index}`;
			const call: Call = {name: str(block, 'name') ?? 'tool', args: asArgs(block['input'])};
			state.calls.set(id, call);
			state.open.set(id, state.parentId);
			const tag = call.name === 'Read' ? {tag: 'claude-code-read' as const} : {};
			events.push(
				withParent({type: 'tool-start', id, name: call.name, args: call.args, ...tag}, state.parentId),
			);
		} else if (type === 'thinking' || type === 'redacted_thinking') {
			state.stats.note('skipped', 'thinking block', lineNumber);
		} else {
			state.stats.note('unknown', `assistant block "${type}"`, lineNumber);
		}
	}

	return events;
}

function toolResultEvent(
	block: JsonRecord,
	line: JsonRecord,
	state: State,
	lineNumber: number,
): TranscriptEvent | undefined {
	const id = str(block, 'tool_use_id');
	if (id === undefined) {
		state.stats.note('malformed', 'tool_result without tool_use_id', lineNumber);
		return undefined;
	}

	const call = state.calls.get(id);
	if (call === undefined) {
		state.stats.note('unmatched', 'tool_result without its tool_use', lineNumber);
	}

	// The result nests where its call started, whichever line carries it.
	const parentId = state.open.has(id) ? state.open.get(id) : state.parentId;
	state.open.delete(id);
	const base: ToolResult = {
		content: toContentBlocks(block['content']),
		isError: bool(block, 'is_error') ?? false,
	};
	const structured = line['toolUseResult'];
	const details =
		call?.name === 'Read'
			? claudeCodeReadDetails(call.args, base, structured, state.cwd)
			: loggedDetails('claude-code', structured);
	const result: ToolResult = details === undefined ? base : {...base, details};
	const event = withParent(
		{type: 'tool-end', id, result, ...(call === undefined ? {} : {name: call.name, args: call.args})},
		parentId,
	);
	if (event.type === 'tool-end' && call?.name === 'Read') {
		state.reads.remember(str(line, 'uuid'), event);
	}

	return event;
}

function userEvents(
	line: JsonRecord,
	message: JsonRecord,
	state: State,
	lineNumber: number,
): TranscriptEvent[] {
	const id = str(line, 'uuid') ?? `cc-line-${lineNumber}`;
	if (bool(line, 'isCompactSummary') === true) {
		return [
			{
				type: 'notice',
				id,
				level: 'info',
				text: 'The conversation was compacted; the model continued from a summary.',
			},
		];
	}

	const content = message['content'];
	if (typeof content === 'string') {
		return userText(id, content, state, lineNumber);
	}

	const events: TranscriptEvent[] = [];
	const hasResults = arr(message, 'content').some(
		(block) => isRecord(block) && str(block, 'type') === 'tool_result',
	);
	for (const [index, block] of arr(message, 'content').entries()) {
		const type = isRecord(block) ? str(block, 'type') : undefined;
		if (isRecord(block) && type === 'tool_result') {
			const event = toolResultEvent(block, line, state, lineNumber);
			if (event !== undefined) {
				events.push(event);
			}
		} else if (isRecord(block) && type === 'text' && !hasResults) {
			events.push(...userText(`${id}:${index}`, str(block, 'text') ?? '', state, lineNumber));
		} else if (type === 'image' && !hasResults) {
			events.push({type: 'user-text', id: `${id}:${index}`, text: '[image]'});
		} else {
			state.stats.note('skipped', `user ${type ?? 'block'} beside tool results`, lineNumber);
		}
	}

	return events;
}

function userText(id: string, text: string, state: State, lineNumber: number): TranscriptEvent[] {
	if (state.parentId !== undefined) {
		state.stats.note('skipped', 'subagent prompt (shown in the Task call)', lineNumber);
		return [];
	}

	const event = userTextEvent(id, text);
	if (typeof event === 'string') {
		state.stats.note('skipped', event, lineNumber);
		return [];
	}

	return [event];
}

function systemEvents(line: JsonRecord, state: State, lineNumber: number): TranscriptEvent[] {
	const id = str(line, 'uuid') ?? `cc-line-${lineNumber}`;
	if (state.parentId !== undefined) {
		state.stats.note('skipped', 'subagent system line', lineNumber);
		return [];
	}

	if (str(line, 'subtype') === 'compact_boundary') {
		return [{type: 'notice', id, level: 'info', text: 'Conversation compacted.'}];
	}

	const text = str(line, 'content');
	if (text === undefined || text.trim() === '') {
		state.stats.note(
			'skipped',
			`system line${str(line, 'subtype') === undefined ? '' : ` "${str(line, 'subtype')}"`}`,
			lineNumber,
		);
		return [];
	}

	const level = str(line, 'level');
	return [{type: 'notice', id, level: level === 'error' || level === 'warning' ? level : 'info', text}];
}

/** Reads Claude Code transcripts (and, nested, their subagent files). */
export function createClaudeCodeAdapter(
	context: AdapterContext,
	options: ClaudeCodeOptions = {},
): SessionAdapter {
	const state: State = {
		stats: context.stats,
		parentId: options.parentId,
		calls: new Map(),
		open: new Map(),
		reads: new RecentReads(),
		cwd: undefined,
	};
	const nested = options.parentId !== undefined;
	const subagents = options.subagents ?? scanSubagents(nested ? undefined : context.filePath);
	// Only a main file carries sidechain lines to link; a subagent file is all sidechain.
	const sidechains = nested ? undefined : new SidechainLinks();
	let meta: SessionMeta = {format: 'claude-code', agent: 'Claude Code'};

	const request = (parentId: string, file: string | undefined): SubagentRequest[] => {
		if (file === undefined || subagents.used.has(file)) {
			return [];
		}

		subagents.used.add(file);
		return [{parentId, filePath: file, index: subagents}];
	};

	const subagentsFor = (events: readonly TranscriptEvent[], line: JsonRecord): SubagentRequest[] => {
		const out: SubagentRequest[] = [];
		for (const event of events) {
			if (event.type === 'tool-start') {
				out.push(...request(event.id, subagents.byToolUseId.get(event.id)));
			} else if (event.type === 'tool-end') {
				const agentId = str(rec(line, 'toolUseResult'), 'agentId');
				const file =
					agentId === undefined
						? undefined
						: (subagents.byAgentId.get(agentId) ?? subagents.beside.get(agentId));
				out.push(...request(event.id, file));
			}
		}

		return out;
	};

	return {
		format: 'claude-code',
		push(value, lineNumber): AdapterOutput {
			if (!isRecord(value)) {
				context.stats.note('malformed', 'line is not a JSON object', lineNumber);
				return nothing;
			}

			const type = str(value, 'type');
			state.cwd = str(value, 'cwd') ?? state.cwd;
			meta = {
				...meta,
				cwd: state.cwd,
				id: meta.id ?? str(value, 'sessionId'),
				startedAt: meta.startedAt ?? str(value, 'timestamp'),
				version: str(value, 'version') ?? meta.version,
			};
			const sidechain = sidechains !== undefined && bool(value, 'isSidechain') === true;
			const task = sidechain ? sidechains.link(value) : undefined;
			if (sidechain && task === undefined) {
				context.stats.note(
					'skipped',
					'sidechain line in the main file not linked to a Task call (older subagent format)',
					lineNumber,
				);
				return nothing;
			}

			// A linked sidechain line is read as a line of that Task's subagent file would be.
			const lineState: State = task === undefined ? state : {...state, parentId: task};
			const message = rec(value, 'message');
			let events: TranscriptEvent[] = [];
			if (type === 'assistant' && message !== undefined) {
				const model = str(message, 'model');
				const shown = model !== undefined && !model.startsWith('<') && !sidechain;
				meta = shown ? {...meta, model} : meta;
				sidechains?.noteAssistantLine(value);
				events = assistantEvents(value, message, lineState, lineNumber);
			} else if (type === 'user' && message !== undefined) {
				if (bool(value, 'isMeta') === true) {
					context.stats.note('skipped', 'meta message', lineNumber);
				} else {
					events = userEvents(value, message, lineState, lineNumber);
				}
			} else if (type === 'system') {
				events = systemEvents(value, lineState, lineNumber);
			} else if (type === 'summary') {
				meta = {...meta, title: meta.title ?? str(value, 'summary')};
				context.stats.note('skipped', 'summary line', lineNumber);
			} else if (type === 'attachment') {
				// The notice the model got about a read's cut: the read's panel is drawn again with it.
				const noticed = state.reads.withNotice(value);
				if (noticed === undefined) {
					context.stats.note('skipped', 'attachment line', lineNumber);
				} else {
					events = [noticed];
				}
			} else if (type !== undefined && quietTypes.has(type)) {
				context.stats.note('skipped', `${type} line`, lineNumber);
			} else {
				const missing = type === 'user' || type === 'assistant';
				context.stats.note(
					missing ? 'malformed' : 'unknown',
					missing ? `${type} line without a message` : `line type "${type ?? '(none)'}"`,
					lineNumber,
				);
			}

			const found = subagentsFor(events, value);
			return found.length === 0 ? {events} : {events, subagents: found};
		},
		end(): AdapterOutput {
			const byParent = new Map<string | undefined, Set<string>>();
			for (const [id, parentId] of state.open) {
				byParent.set(parentId, (byParent.get(parentId) ?? new Set()).add(id));
			}

			state.open.clear();
			const events = [...byParent].flatMap(([parentId, ids]) => closeOpenCalls(ids, context.stats, parentId));
			if (nested) {
				// Files no call claimed are the main file's to show, once all its subagents were read.
				return {events};
			}

			const leftover = unclaimedSubagents(subagents);
			return {
				events,
				subagents: leftover.map((filePath) => ({parentId: undefined, filePath, index: subagents})),
			};
		},
		meta: () => meta,
	};
}
