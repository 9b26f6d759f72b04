/**
Claude Code subagent transcripts: `<session id>/subagents/agent-<agent id>.jsonl` beside the
session file, each with an `agent-<agent id>.meta.json` naming the Task call (`toolUseId`) that
started it. They never appear in the parent file, so they are found here and spliced in under
their call; the call's `toolUseResult.agentId` is the fallback join when the meta file is missing.
*/
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {isRecord, parseJson, str} from '../json.js';

/**
Subagent files of one session, by the call that started them and by agent id. While a log is
followed the maps grow as files appear (`refreshSubagents`); nothing is ever removed.
*/
export type SubagentIndex = {
	readonly byToolUseId: Map<string, string>;
	readonly byAgentId: Map<string, string>;
	/**
	2.0.x: `agent-<agent id>.jsonl` files beside the session file, in the project folder that holds every
	session's. Only a Task result's `agentId` claims one; the rest (other sessions', `Warmup` sidechains)
	are never shown.
	*/
	readonly beside: Map<string, string>;
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

/** An empty index. */
export function emptySubagentIndex(): SubagentIndex {
	return {byToolUseId: new Map(), byAgentId: new Map(), beside: new Map(), used: new Set()};
}

/**
Add the subagent files in the session's folder that `index` does not know yet, and the meta files
of known files that had none. Returns the number of meta files present but not readable yet (a
writer may have created one and not written it): worth looking again even if the folder is unchanged.
*/
export function refreshSubagents(sessionFile: string, index: SubagentIndex): number {
	const folder = subagentFolder(sessionFile);
	let names: string[];
	try {
		names = readdirSync(folder).sort();
	} catch {
		return 0;
	}

	const present = new Set(names);
	const claimed = new Set(index.byToolUseId.values());
	let unreadable = 0;
	for (const name of names) {
		const agentId = agentFile.exec(name)?.[1];
		if (agentId === undefined) {
			continue;
		}

		const file = path.join(folder, name);
		index.byAgentId.set(agentId, file);
		const meta = `agent-${agentId}.meta.json`;
		if (claimed.has(file) || !present.has(meta)) {
			continue;
		}

		const toolUseId = readMetaToolUseId(path.join(folder, meta));
		if (toolUseId === undefined) {
			unreadable++;
		} else {
			index.byToolUseId.set(toolUseId, file);
		}
	}

	return unreadable;
}

/** 2.0.x's subagent files: `agent-<agent id>.jsonl` in the session file's own folder. */
function scanBeside(sessionFile: string, index: SubagentIndex): void {
	const folder = path.dirname(sessionFile);
	let names: string[];
	try {
		names = readdirSync(folder);
	} catch {
		return;
	}

	for (const name of names) {
		const agentId = agentFile.exec(name)?.[1];
		if (agentId !== undefined) {
			index.beside.set(agentId, path.join(folder, name));
		}
	}
}

/** Index the subagent files beside a session file; empty when there are none. */
export function scanSubagents(sessionFile: string | undefined): SubagentIndex {
	const index = emptySubagentIndex();
	if (sessionFile !== undefined) {
		refreshSubagents(sessionFile, index);
		scanBeside(sessionFile, index);
	}

	return index;
}

/**
Subagent files no call claimed, to show at the end under a panel of their own. Compaction runs as an agent
too (2.1.3xx: `agent-acompact-<id>.jsonl`): that is Claude Code summarising the session, not a subagent the
model started, so it is left out.
*/
export function unclaimedSubagents(index: SubagentIndex): string[] {
	return [...index.byAgentId.entries()]
		.filter(([agentId, file]) => !index.used.has(file) && !agentId.startsWith('acompact'))
		.map(([, file]) => file);
}
