/**
Codex rollouts: lines `{timestamp, type, payload}` with types session_meta, turn_context,
response_item, event_msg and compacted. Response items are the conversation (messages, function
calls and their outputs joined by call_id); event_msg lines repeat them for the UI and are skipped.
Shell commands that read one file become `read` calls with the range they asked for.
*/
import {loggedDetails} from '../../transcript/details.js';
import type {ToolResult, TranscriptEvent} from '../../transcript/types.js';
import {blocksText, toContentBlocks} from '../content.js';
import {legacyCodexItems} from '../detect.js';
import {asArgs, isRecord, type JsonRecord, parseJson, rec, str} from '../json.js';
import {
	type AdapterContext,
	type AdapterOutput,
	closeOpenCalls,
	nothing,
	type SessionAdapter,
	type SessionMeta,
} from '../types.js';
import {unwrapShellOutput} from './output.js';
import {codexReadDetails} from './read.js';
import {parseShellRead, type ShellRead} from './shell-read.js';

type Call = {
	readonly name: string;
	readonly args: Readonly<Record<string, unknown>>;
	readonly read: ShellRead | undefined;
	readonly cwd: string | undefined;
};

/** User messages Codex injects itself: environment, instructions, AGENTS.md. */
const injected =
	/^\s*(?:<environment_context>|<user_instructions>|<permissions instructions>|<INSTRUCTIONS>|# AGENTS\.md instructions)/;

/** The command of a shell-like call, as words or as one string, or undefined for other tools. */
function shellCommand(name: string, args: JsonRecord): readonly string[] | string | undefined {
	const command = args['command'] ?? args['cmd'];
	if (Array.isArray(command) && command.every((word) => typeof word === 'string')) {
		return command.filter((word): word is string => typeof word === 'string');
	}

	return typeof command === 'string' && /shell|exec/.test(name) ? command : undefined;
}

function commandText(command: readonly string[] | string): string {
	if (typeof command === 'string') {
		return command;
	}

	const [program, flag, script] = command;
	// `bash -lc "<script>"` reads best as the script alone.
	return command.length === 3 &&
		program !== undefined &&
		/(?:^|\/)(?:ba|z|da)?sh$/.test(program) &&
		flag?.startsWith('-') &&
		script !== undefined
		? script
		: command.join(' ');
}

/** Reads Codex rollout files. */
export function createCodexAdapter(context: AdapterContext): SessionAdapter {
	const {stats} = context;
	const calls = new Map<string, Call>();
	const open = new Set<string>();
	const done = new Set<string>();
	let meta: SessionMeta = {format: 'codex', agent: 'Codex'};

	const startCall = (callId: string, name: string, rawArgs: JsonRecord, line: number): TranscriptEvent[] => {
		if (calls.has(callId)) {
			// Forked rollouts repeat the parent's history; show each call once.
			stats.note('skipped', 'repeated call_id (forked history)', line);
			return [];
		}

		const command = shellCommand(name, rawArgs);
		const workdir = str(rawArgs, 'workdir') ?? str(rawArgs, 'working_directory');
		const read = command === undefined ? undefined : parseShellRead(command);
		const text = command === undefined ? undefined : commandText(command);
		let args: Readonly<Record<string, unknown>> = rawArgs;
		if (read !== undefined) {
			const range =
				read.selection.mode === 'tail'
					? {tail: read.selection.count}
					: {
							offset: read.selection.offset,
							...(read.selection.limit === undefined ? {} : {limit: read.selection.limit}),
						};
			args = {path: read.path, ...range, command: text};
		} else if (text !== undefined) {
			args = {command: text, ...(workdir === undefined ? {} : {workdir})};
		}

		const call: Call = {name: read === undefined ? name : 'read', args, read, cwd: workdir ?? meta.cwd};
		calls.set(callId, call);
		open.add(callId);
		return [
			{
				type: 'tool-start',
				id: callId,
				name: call.name,
				args,
				...(read === undefined ? {} : {tag: 'codex-read'}),
			},
		];
	};

	const endCall = (callId: string, output: unknown, line: number): TranscriptEvent[] => {
		if (done.has(callId)) {
			stats.note('skipped', 'repeated output (forked history)', line);
			return [];
		}

		done.add(callId);
		open.delete(callId);
		const call = calls.get(callId);
		if (call === undefined) {
			stats.note('unmatched', 'output without its call', line);
		}

		let result: ToolResult;
		if (typeof output === 'string') {
			// Shell outputs and apply_patch outputs share the wrapped shapes; plain text comes back whole.
			const shell = unwrapShellOutput(output);
			const failed = shell.exitCode !== undefined && shell.exitCode !== 0;
			const read = call?.read;
			const details =
				read === undefined
					? loggedDetails('codex', {exitCode: shell.exitCode})
					: codexReadDetails(read, shell, call?.cwd);
			result = {
				content: [{type: 'text', text: read === undefined ? shell.text : output}],
				details,
				isError: failed,
			};
		} else {
			const record = isRecord(output) ? output : undefined;
			const content = record === undefined ? toContentBlocks(output) : toContentBlocks(record['content']);
			result = {content, isError: record?.['success'] === false};
		}

		return [
			{
				type: 'tool-end',
				id: callId,
				result,
				...(call === undefined ? {} : {name: call.name, args: call.args}),
			},
		];
	};

	const message = (payload: JsonRecord, line: number): TranscriptEvent[] => {
		const role = str(payload, 'role');
		const text = blocksText(toContentBlocks(payload['content']));
		if (role !== 'user' && role !== 'assistant') {
			stats.note('skipped', `${role ?? 'unknown'} message`, line);
			return [];
		}

		if (role === 'user' && injected.test(text)) {
			stats.note('skipped', 'context Codex injected into a user message', line);
			return [];
		}

		return text.trim() === ''
			? []
			: [{type: role === 'user' ? 'user-text' : 'assistant-text', id: `codex-${line}`, text}];
	};

	const responseItem = (payload: JsonRecord, line: number): TranscriptEvent[] => {
		const type = str(payload, 'type');
		const callId = str(payload, 'call_id') ?? str(payload, 'id') ?? `codex-call-${line}`;
		switch (type) {
			case 'message': {
				return message(payload, line);
			}

			case 'function_call': {
				const raw = str(payload, 'arguments') ?? '';
				const parsed = parseJson(raw);
				const args = parsed.ok && isRecord(parsed.value) ? parsed.value : {arguments: raw};
				return startCall(callId, str(payload, 'name') ?? 'tool', args, line);
			}

			case 'local_shell_call': {
				return startCall(callId, 'shell', asArgs(rec(payload, 'action')), line);
			}

			case 'custom_tool_call': {
				return startCall(callId, str(payload, 'name') ?? 'tool', {input: str(payload, 'input') ?? ''}, line);
			}

			case 'function_call_output':
			case 'custom_tool_call_output': {
				return endCall(callId, payload['output'], line);
			}

			case 'web_search_call': {
				const id = `codex-search-${line}`;
				return [
					{type: 'tool-start', id, name: 'web_search', args: asArgs(rec(payload, 'action'))},
					{type: 'tool-end', id, result: {content: [], isError: str(payload, 'status') === 'failed'}},
				];
			}

			case 'reasoning':
			case 'ghost_snapshot': {
				stats.note('skipped', `${type} item`, line);
				return [];
			}

			case 'compaction':
			case 'compaction_summary': {
				return [{type: 'notice', id: `codex-${line}`, level: 'info', text: 'Conversation compacted.'}];
			}

			default: {
				stats.note('unknown', `response item "${type ?? '(none)'}"`, line);
				return [];
			}
		}
	};

	const eventMessage = (payload: JsonRecord, line: number): TranscriptEvent[] => {
		const type = str(payload, 'type');
		if (type === 'turn_aborted') {
			return [
				{
					type: 'notice',
					id: `codex-${line}`,
					level: 'warning',
					text: `turn aborted${str(payload, 'reason') === undefined ? '' : `: ${str(payload, 'reason')}`}`,
				},
			];
		}

		if (type === 'error') {
			return [
				{type: 'notice', id: `codex-${line}`, level: 'error', text: str(payload, 'message') ?? 'error'},
			];
		}

		stats.note('skipped', `event_msg "${type ?? '(none)'}" (repeats response items)`, line);
		return [];
	};

	/**
	Rollouts from before `session_meta` (0.2x): a bare header `{id, timestamp, instructions}`, state lines,
	and response items written without their `response_item` wrapper.
	*/
	const legacyLine = (value: JsonRecord, type: string | undefined, line: number): AdapterOutput => {
		if (str(value, 'record_type') !== undefined) {
			stats.note('skipped', 'state line (rollout before session_meta)', line);
			return nothing;
		}

		if (type === undefined && 'id' in value && 'timestamp' in value) {
			meta = {...meta, id: meta.id ?? str(value, 'id'), startedAt: meta.startedAt ?? str(value, 'timestamp')};
			return nothing;
		}

		if (type !== undefined && legacyCodexItems.has(type)) {
			return {events: responseItem(value, line)};
		}

		stats.note('malformed', 'line without a payload object', line);
		return nothing;
	};

	return {
		format: 'codex',
		push(value, line): AdapterOutput {
			const type = isRecord(value) ? str(value, 'type') : undefined;
			const payload = isRecord(value) ? rec(value, 'payload') : undefined;
			if (isRecord(value) && payload === undefined) {
				return legacyLine(value, type, line);
			}

			if (!isRecord(value) || payload === undefined) {
				stats.note('malformed', 'line without a payload object', line);
				return nothing;
			}

			meta = {...meta, startedAt: meta.startedAt ?? str(value, 'timestamp')};
			switch (type) {
				case 'session_meta': {
					if (meta.id !== undefined) {
						stats.note('skipped', 'second session_meta (forked history)', line);
						return nothing;
					}

					meta = {
						...meta,
						id: str(payload, 'id'),
						cwd: str(payload, 'cwd') ?? meta.cwd,
						version: str(payload, 'cli_version'),
						startedAt: str(payload, 'timestamp') ?? meta.startedAt,
					};
					return nothing;
				}

				case 'turn_context': {
					meta = {...meta, model: str(payload, 'model') ?? meta.model, cwd: meta.cwd ?? str(payload, 'cwd')};
					return nothing;
				}

				case 'response_item': {
					return {events: responseItem(payload, line)};
				}

				case 'event_msg': {
					return {events: eventMessage(payload, line)};
				}

				case 'compacted': {
					return {
						events: [{type: 'notice', id: `codex-${line}`, level: 'info', text: 'Conversation compacted.'}],
					};
				}

				case 'world_state':
				case 'token_usage_record': {
					// 0.1xx bookkeeping: hashes of the instructions and tools, token counts per response.
					stats.note('skipped', `${type} line`, line);
					return nothing;
				}

				default: {
					stats.note('unknown', `line type "${type ?? '(none)'}"`, line);
					return nothing;
				}
			}
		},
		end(): AdapterOutput {
			return {events: closeOpenCalls(open, stats)};
		},
		meta: () => meta,
	};
}
