/**
The recent sessions of each agent for one folder, from their standard places:
lector `$XDG_STATE_HOME/lector/sessions/<workspace>/` (else `~/.local/state/...`), pi
`~/.pi/agent/sessions/--<cwd with / as ->--/`, Claude Code `~/.claude/projects/<cwd with / and . as ->/`
(`$CLAUDE_CONFIG_DIR` when set), Codex `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` (`$CODEX_HOME`
when set) whose session_meta names the folder. HOME and the variables come from the caller, so
tests can point them anywhere.
*/
import {open, readdir, readFile, stat} from 'node:fs/promises';
import path from 'node:path';
import {isRecord, parseJson, rec, str} from './json.js';
import {type StoreEnvironment, workspaceSessionsFolder} from './lector/store.js';
import type {SessionFormat} from './types.js';

/** One session file found. */
export type SessionEntry = {
	readonly format: SessionFormat;
	readonly filePath: string;
	readonly mtimeMs: number;
	readonly size: number;
};

/** Where to look. */
export type ListOptions = {
	readonly cwd: string;
	readonly home: string;
	readonly env: StoreEnvironment;
	/** Codex rollouts to open (newest first) when looking for this folder's. */
	readonly codexScanLimit?: number;
	/** Only these agents' sessions (all four when absent). */
	readonly formats?: readonly SessionFormat[];
	/**
	The folder each rollout names, kept between calls by one that lists again and again (lector watch):
	a rollout's first line never changes, so it is read once rather than at every look.
	*/
	readonly codexCwds?: Map<string, string>;
};

async function jsonlIn(folder: string, format: SessionFormat): Promise<SessionEntry[]> {
	let names: string[];
	try {
		names = await readdir(folder);
	} catch {
		return [];
	}

	const entries: SessionEntry[] = [];
	for (const name of names.filter((candidate) => candidate.endsWith('.jsonl'))) {
		const filePath = path.join(folder, name);
		try {
			const info = await stat(filePath);
			if (info.isFile()) {
				entries.push({format, filePath, mtimeMs: info.mtimeMs, size: info.size});
			}
		} catch {
			// Gone between readdir and stat: not a session any more.
		}
	}

	return entries;
}

/** pi's folder name for a working directory. */
export function piFolderName(cwd: string): string {
	return `--${cwd.replace(/^[/\\]/, '').replaceAll(/[/\\:]/g, '-')}--`;
}

/** Claude Code's folder names for a working directory (older and newer encodings). */
export function claudeFolderNames(cwd: string): string[] {
	return [...new Set([cwd.replaceAll(/[/.]/g, '-'), cwd.replaceAll(/[^A-Za-z0-9]/g, '-')])];
}

async function sortedDirs(folder: string): Promise<string[]> {
	try {
		const names = await readdir(folder, {withFileTypes: true});
		return names
			.filter((entry) => entry.isDirectory())
			.map((entry) => entry.name)
			.sort()
			.reverse();
	} catch {
		return [];
	}
}

/** The cwd in a rollout's first line, read from at most 256 KB (session_meta can carry long instructions). */
async function rolloutCwd(filePath: string): Promise<string | undefined> {
	const handle = await open(filePath, 'r');
	try {
		const buffer = Buffer.alloc(256 * 1024);
		const {bytesRead} = await handle.read(buffer, 0, buffer.length, 0);
		const text = buffer.subarray(0, bytesRead).toString('utf8');
		const end = text.indexOf('\n');
		const parsed = parseJson(end === -1 ? text : text.slice(0, end));
		if (parsed.ok && isRecord(parsed.value)) {
			return str(rec(parsed.value, 'payload'), 'cwd');
		}

		// The line is longer than we read: find the field by its JSON spelling.
		const match = /"cwd":\s*("(?:[^"\\]|\\.)*")/.exec(text);
		const cwd = match?.[1] === undefined ? undefined : parseJson(match[1]);
		return cwd?.ok && typeof cwd.value === 'string' ? cwd.value : undefined;
	} finally {
		await handle.close();
	}
}

/** Below this size a lector log may hold its header alone; above it, it surely holds entries. */
const smallLogBytes = 64 * 1024;

/**
A lector shell started and quit without a word leaves a log with its header alone: nothing to open,
so the picker leaves it out. Only small logs are read to find out.
*/
async function hasEntries(entry: SessionEntry): Promise<boolean> {
	if (entry.size >= smallLogBytes) {
		return true;
	}

	try {
		return (await readFile(entry.filePath, 'utf8')).includes('"type":"event"');
	} catch {
		return false;
	}
}

async function lectorSessions(folder: string): Promise<SessionEntry[]> {
	const entries = await jsonlIn(folder, 'lector');
	const kept = await Promise.all(
		entries.map(async (entry) => ((await hasEntries(entry)) ? entry : undefined)),
	);
	return kept.filter((entry): entry is SessionEntry => entry !== undefined);
}

async function cachedRolloutCwd(
	filePath: string,
	cache: Map<string, string> | undefined,
): Promise<string | undefined> {
	const known = cache?.get(filePath);
	if (known !== undefined) {
		return known;
	}

	// Not kept when not found: a rollout being created may not hold its first line yet.
	const cwd = await rolloutCwd(filePath);
	if (cwd !== undefined) {
		cache?.set(filePath, cwd);
	}

	return cwd;
}

async function codexSessions(
	root: string,
	cwd: string,
	limit: number,
	cache: Map<string, string> | undefined,
): Promise<SessionEntry[]> {
	const found: SessionEntry[] = [];
	let opened = 0;
	for (const year of await sortedDirs(root)) {
		for (const month of await sortedDirs(path.join(root, year))) {
			for (const day of await sortedDirs(path.join(root, year, month))) {
				const files = (await jsonlIn(path.join(root, year, month, day), 'codex'))
					.filter((entry) => path.basename(entry.filePath).startsWith('rollout-'))
					.sort((a, b) => b.mtimeMs - a.mtimeMs);
				for (const entry of files) {
					if (opened >= limit) {
						return found;
					}

					opened++;
					try {
						if ((await cachedRolloutCwd(entry.filePath, cache)) === cwd) {
							found.push(entry);
						}
					} catch {
						// Unreadable: skip it.
					}
				}
			}
		}
	}

	return found;
}

/** One place an agent keeps its sessions for the folder. */
export type SessionFolder = {
	readonly format: SessionFormat;
	readonly folder: string;
};

/**
Where each agent keeps the folder's sessions (the folders may not exist yet). Codex keeps every
folder's rollouts under one tree of dates, so its entry is the root of that tree.
*/
export function sessionFolders(
	options: Pick<ListOptions, 'cwd' | 'home' | 'env' | 'formats'>,
): SessionFolder[] {
	const {cwd, home, env} = options;
	const claudeRoot = env['CLAUDE_CONFIG_DIR'] || path.join(home, '.claude');
	const codexRoot = env['CODEX_HOME'] || path.join(home, '.codex');
	const folders: SessionFolder[] = [
		{format: 'lector', folder: workspaceSessionsFolder(cwd, env, home)},
		{format: 'pi', folder: path.join(home, '.pi', 'agent', 'sessions', piFolderName(cwd))},
		...claudeFolderNames(cwd).map((name) => ({
			format: 'claude-code' as const,
			folder: path.join(claudeRoot, 'projects', name),
		})),
		{format: 'codex', folder: path.join(codexRoot, 'sessions')},
	];
	return folders.filter((entry) => options.formats === undefined || options.formats.includes(entry.format));
}

function sessionsIn(place: SessionFolder, options: ListOptions): Promise<SessionEntry[]> {
	switch (place.format) {
		case 'lector': {
			return lectorSessions(place.folder);
		}

		case 'codex': {
			return codexSessions(place.folder, options.cwd, options.codexScanLimit ?? 200, options.codexCwds);
		}

		case 'claude-code': {
			// Claude Code 2.0.x kept each subagent's transcript beside the sessions, as agent-<id>.jsonl: part
			// of the session that started it (replayed under its Task call), not a session of its own.
			return jsonlIn(place.folder, place.format).then((entries) =>
				entries.filter((entry) => !path.basename(entry.filePath).startsWith('agent-')),
			);
		}

		default: {
			return jsonlIn(place.folder, place.format);
		}
	}
}

/** Every agent's sessions for the folder, newest first. */
export async function listSessions(options: ListOptions): Promise<SessionEntry[]> {
	const groups = await Promise.all(sessionFolders(options).map(async (place) => sessionsIn(place, options)));
	const seen = new Set<string>();
	return groups
		.flat()
		.filter((entry) => !seen.has(entry.filePath) && seen.add(entry.filePath))
		.sort((a, b) => b.mtimeMs - a.mtimeMs);
}
