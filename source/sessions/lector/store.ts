/**
Where lector keeps its own session logs: `$XDG_STATE_HOME/lector/sessions/<workspace slug>/<timestamp>_<id>.jsonl`,
else `~/.local/state/lector/sessions/...`. One folder per workspace, so `--continue` finds the last
session of the current folder by name order (the timestamp leads the name).
*/
import {createHash} from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

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

/**
The id prefix of the logs `lector mcp` writes: the same format and folder as the shell's, so replay and
watch show them, but a record of another agent's calls, never a conversation `--continue` could resume.
*/
export const serverLogIdPrefix = 'mcp-';

/** True for a log name made by `newSessionPath` for an MCP server session. */
export function isServerLogName(name: string): boolean {
	return name.includes(`_${serverLogIdPrefix}`);
}

/**
A workspace's conversation logs (server logs aside), newest first by start time (the timestamp leads
the name), or none when the folder does not exist.
*/
export async function listConversationLogs(
	cwd: string,
	env: StoreEnvironment,
	home?: string,
): Promise<string[]> {
	const folder = workspaceSessionsFolder(cwd, env, home);
	let names: string[];
	try {
		names = await fs.readdir(folder);
	} catch {
		return [];
	}

	return names
		.filter((name) => name.endsWith('.jsonl') && !isServerLogName(name))
		.sort()
		.reverse()
		.map((name) => path.join(folder, name));
}

/** The most recent conversation log of a workspace (server logs aside), or undefined when it has none. */
export async function findLastSession(
	cwd: string,
	env: StoreEnvironment,
	home?: string,
): Promise<string | undefined> {
	return (await listConversationLogs(cwd, env, home))[0];
}
