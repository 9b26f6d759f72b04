/**
Which agent wrote a log, from its content: the first lines that say so decide, whatever the file
is called. Codex's `codex exec --json` stream is a different thing from its rollout files and is
not taken for one (a known trap: tools that confuse them read nothing).
*/
import {isRecord, rec, str} from './json.js';
import type {SessionFormat} from './types.js';

const codexTypes = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);
const piEntryTypes = new Set([
	'model_change',
	'thinking_level_change',
	'compaction',
	'branch_summary',
	'custom',
	'custom_message',
	'label',
	'session_info',
]);
const claudeCodeTypes = new Set(['summary', 'file-history-snapshot', 'queue-operation']);

/** Response items as Codex rollouts before `session_meta` (0.2x) wrote them, unwrapped. */
export const legacyCodexItems = new Set([
	'message',
	'function_call',
	'function_call_output',
	'local_shell_call',
	'reasoning',
	'custom_tool_call',
	'custom_tool_call_output',
]);

/**
A line of a Codex rollout from before `session_meta` existed: a bare first line `{id, timestamp,
instructions}`, `{"record_type":"state"}` lines, and response items not wrapped in `response_item`.
*/
function isLegacyCodexLine(value: Record<string, unknown>, type: string | undefined): boolean {
	if (str(value, 'record_type') !== undefined) {
		return true;
	}

	if (type === undefined) {
		return 'instructions' in value && 'id' in value && 'timestamp' in value;
	}

	// pi's messages wrap theirs in `message`; a bare Codex item has its role or call id at the top.
	return legacyCodexItems.has(type) && !('message' in value) && ('role' in value || 'call_id' in value);
}

/** The format one parsed line proves, or undefined when it could belong to several (or none). */
export function detectLine(value: unknown): SessionFormat | undefined {
	if (!isRecord(value)) {
		return undefined;
	}

	const type = str(value, 'type');
	if (type === 'lector-session' || (type === 'event' && isRecord(value['event']))) {
		return 'lector';
	}

	if (type !== undefined && codexTypes.has(type) && isRecord(value['payload'])) {
		return 'codex';
	}

	if (isLegacyCodexLine(value, type)) {
		return 'codex';
	}

	const claudeKeys = 'uuid' in value || 'parentUuid' in value || 'sessionId' in value;
	if (claudeKeys || (type !== undefined && claudeCodeTypes.has(type))) {
		return 'claude-code';
	}

	if (type === 'session' && ('cwd' in value || 'version' in value)) {
		return 'pi';
	}

	if (type === 'message' && str(rec(value, 'message'), 'role') !== undefined) {
		return 'pi';
	}

	if (type !== undefined && piEntryTypes.has(type) && 'timestamp' in value) {
		return 'pi';
	}

	if ((type === 'user' || type === 'assistant') && isRecord(value['message'])) {
		return 'claude-code';
	}

	return undefined;
}
