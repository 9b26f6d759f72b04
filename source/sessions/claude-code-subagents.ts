/**
Claude Code subagent transcripts: `<session id>/subagents/agent-<agent id>.jsonl` beside the
session file, each with an `agent-<agent id>.meta.json` naming the Task call (`toolUseId`) that
started it. They never appear in the parent file, so they are found here and spliced in under
their call; the call's `toolUseResult.agentId` is the fallback join when the meta file is missing.
*/
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {isRecord, parseJson, str} from './json.js';

/** Subagent files of one session, by the call that started them and by agent id. */
export type SubagentIndex = {
	readonly byToolUseId: ReadonlyMap<string, string>;
	readonly byAgentId: ReadonlyMap<string, string>;
	/** Files already spliced in. */
	readonly used: Set<string>;
};

const agentFile = /^agent-(.+)\.jsonl$/;

/** The folder holding a session's subagent files. */
export function subagentFolder(sessionFile: string): string {
	return path.join(path.dirname(sessionFile), path.basename(sessionFile, '.jsonl'), 'subagents');
}

function readMetaToolUseId(file: string): string | undefined {
	try {
		const parsed = parseJson(readFileSync(file, 'utf8'));
		if (!parsed.ok || !isRecord(parsed.value)) {
			return undefined;
		}

		return (
			str(parsed.value, 'toolUseId') ??
			str(parsed.value, 'tool_use_id') ??
			str(parsed.value, 'parentToolUseId')
		);
	} catch {
		return undefined;
	}
}

/** Index the subagent files beside a session file; empty when there are none. */
export function scanSubagents(sessionFile: string | undefined): SubagentIndex {
	const byToolUseId = new Map<string, string>();
	const byAgentId = new Map<string, string>();
	const index: SubagentIndex = {byToolUseId, byAgentId, used: new Set()};
	if (sessionFile === undefined) {
		return index;
	}

	const folder = subagentFolder(sessionFile);
	let names: string[];
	try {
		names = readdirSync(folder).sort();
	} catch {
		return index;
	}

	for (const name of names) {
		const match = agentFile.exec(name);
		const agentId = match?.[1];
		if (agentId === undefined) {
			continue;
		}

		const file = path.join(folder, name);
		byAgentId.set(agentId, file);
		const toolUseId = readMetaToolUseId(path.join(folder, `agent-${agentId}.meta.json`));
		if (toolUseId !== undefined) {
			byToolUseId.set(toolUseId, file);
		}
	}

	return index;
}
