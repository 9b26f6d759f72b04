/**
Where lector keeps its own session logs: `$XDG_STATE_HOME/lector/sessions/<workspace slug>/<timestamp>_<id>.jsonl`,
else `~/.local/state/lector/sessions/...`. One folder per workspace, so `--continue` finds the last
session of the current folder by name order (the timestamp leads the name).
*/
import {createHash} from 'node:crypto';
import {readFileSync} from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {TranscriptEvent} from '../transcript/types.js';
import {detectLine} from './detect.js';
import {isRecord, num, str} from './json.js';
import {toTranscriptEvent} from './lector-adapter.js';
import {type LectorLogHeader, type LoggedModel, modelSwitchOf} from './lector-log.js';
import type {SessionFormat} from './types.js';

export type StoreEnvironment = Readonly<Record<string, string | undefined>>;

/** The root of all session folders. */
export function sessionsRoot(env: StoreEnvironment, home = os.homedir()): string {
	const state = env['XDG_STATE_HOME'] || path.join(home, '.local', 'state');
	return path.join(state, 'lector', 'sessions');
}

/**
A folder name for a workspace: its path made safe (runs of other characters become `-`, at most 60
characters from the end, where the distinctive part is) plus 8 hex digits of its hash, so `a/b` and
`a-b` never share a folder.
*/
export function workspaceSlug(cwd: string): string {
	const absolute = path.resolve(cwd);
	const safe = absolute.replace(/[^A-Za-z0-9._]+/g, '-').replace(/^-+|-+$/g, '');
	const tail = safe.length > 60 ? safe.slice(-60).replace(/^-+/, '') : safe;
	const hash = createHash('sha256').update(absolute).digest('hex').slice(0, 8);
	return `${tail || 'root'}-${hash}`;
}

/** The folder holding one workspace's sessions. */
export function workspaceSessionsFolder(cwd: string, env: StoreEnvironment, home?: string): string {
	return path.join(sessionsRoot(env, home), workspaceSlug(cwd));
}

/** A new log path: the start time (file-name safe, sorting in time order) and the session id. */
export function newSessionPath(
	cwd: string,
	id: string,
	env: StoreEnvironment,
	startedAt = new Date(),
	home?: string,
): string {
	const stamp = startedAt.toISOString().replaceAll(':', '-').replace('.', '-');
	return path.join(workspaceSessionsFolder(cwd, env, home), `${stamp}_${id}.jsonl`);
}

/** The most recent session log of a workspace, or undefined when it has none. */
export async function findLastSession(
	cwd: string,
	env: StoreEnvironment,
	home?: string,
): Promise<string | undefined> {
	const folder = workspaceSessionsFolder(cwd, env, home);
	let names: string[];
	try {
		names = await fs.readdir(folder);
	} catch {
		return undefined;
	}

	const logs = names.filter((name) => name.endsWith('.jsonl')).sort();
	const last = logs.at(-1);
	return last === undefined ? undefined : path.join(folder, last);
}

/** A parsed lector log: its header (when line 1 is one) and every well-formed event, in order. */
export type LectorLog = {
	readonly header: LectorLogHeader | undefined;
	readonly events: readonly TranscriptEvent[];
	/** The model of the last `model-switch` line (the last `/model`), if any. */
	readonly switchedTo: LoggedModel | undefined;
	/** Lines that were not valid JSON or not a known entry (a torn last line after a crash, say). */
	readonly skipped: number;
};

function headerOf(value: unknown): LectorLogHeader | undefined {
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

/** Parses a lector log's text, tolerating malformed lines (they are counted, not fatal). */
export function parseLectorLog(text: string): LectorLog {
	let header: LectorLogHeader | undefined;
	const events: TranscriptEvent[] = [];
	let switchedTo: LoggedModel | undefined;
	let skipped = 0;
	for (const [index, line] of text.split('\n').entries()) {
		if (line.trim() === '') {
			continue;
		}

		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			skipped++;
			continue;
		}

		const lineHeader = index === 0 ? headerOf(value) : undefined;
		if (lineHeader) {
			header = lineHeader;
			continue;
		}

		const switched = modelSwitchOf(value);
		if (switched) {
			switchedTo = switched;
			continue;
		}

		const event =
			isRecord(value) && str(value, 'type') === 'event' ? toTranscriptEvent(value['event']) : 'not an event';
		if (typeof event === 'string') {
			skipped++;
		} else {
			events.push(event);
		}
	}

	return {header, events, switchedTo, skipped};
}

const agentNames: Record<SessionFormat, string> = {
	lector: 'lector',
	pi: 'pi',
	'claude-code': 'Claude Code',
	codex: 'Codex',
};

/** The other agent whose log `text` is, judged from its first lines that tell (as replay detects). */
function otherAgent(text: string): string | undefined {
	for (const line of text.split('\n', 50)) {
		try {
			const format = detectLine(JSON.parse(line));
			if (format !== undefined) {
				return format === 'lector' ? undefined : agentNames[format];
			}
		} catch {
			// Not JSON: the next line may tell.
		}
	}

	return undefined;
}

/**
Reads and parses a lector log file (synchronously: it is read once, at start-up). Another agent's
log (`--demo` given a Claude Code session) is an error saying so, rather than a log of 0 entries.
*/
export function readLectorLog(filePath: string): LectorLog {
	const text = readFileSync(filePath, 'utf8');
	const log = parseLectorLog(text);
	const agent = log.header === undefined && log.events.length === 0 ? otherAgent(text) : undefined;
	if (agent !== undefined) {
		throw new Error(
			`it is a ${agent} session log, and only lector's own logs can be shown here (lector replay ${filePath} shows it)`,
		);
	}

	return log;
}
