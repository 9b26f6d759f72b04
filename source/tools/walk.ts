import type {Dirent} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {checkAccess, ruleFileName} from '../read/access.js';

/** Folders never searched: version-control internals and installed packages are noise for a reader. */
export const skippedFolders: ReadonlySet<string> = new Set(['.git', 'node_modules']);

/** One entry met by the walk. */
export type WalkEntry = {
	readonly absolute: string;
	/** Relative to the folder the walk started in, with `/` separators. */
	readonly relative: string;
	readonly isDirectory: boolean;
};

export type WalkOptions = {
	/** The folder to walk (absolute). */
	readonly root: string;
	/** The workspace whose `.lectorignore` applies. */
	readonly cwd: string;
	readonly signal?: AbortSignal;
	/** Most entries looked at before the walk gives up, so a huge tree cannot stall a turn. */
	readonly maxVisited: number;
};

/** How a walk ended. */
export type WalkSummary = {
	readonly visited: number;
	/** The visitor asked to stop, or `maxVisited` was reached. */
	readonly stopped: 'visitor' | 'visit-cap' | undefined;
};

/**
Name order for listings and walks: case-insensitive first, so `README` sits next to `readme.txt`; code
points break ties. Locale-independent, so results (and tests) do not depend on the machine.
*/
export function byName(a: string, b: string): number {
	const lowerA = a.toLowerCase();
	const lowerB = b.toLowerCase();
	if (lowerA !== lowerB) {
		return lowerA < lowerB ? -1 : 1;
	}

	return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether the workspace has a rule file; when it has none, per-entry access checks are skipped. */
export async function hasRuleFile(cwd: string): Promise<boolean> {
	try {
		return (await fs.stat(path.join(cwd, ruleFileName))).isFile();
	} catch {
		return false;
	}
}

async function readFolder(folder: string): Promise<Dirent[]> {
	try {
		const entries = await fs.readdir(folder, {withFileTypes: true});
		return entries.sort((a, b) => byName(a.name, b.name));
	} catch {
		// An unreadable folder is skipped like an empty one: the walk is a best-effort search.
		return [];
	}
}

/**
Walks `root` depth first in name order, skipping `.git` and `node_modules`, entries that `.lectorignore`
denies (a denied folder is not entered) and symbolic links to folders (they can loop). Calls `visit` for
every file and folder; `visit` returns false to stop. Rejects with the signal's reason when aborted.
*/
export async function walk(
	options: WalkOptions,
	visit: (entry: WalkEntry) => boolean | Promise<boolean>,
): Promise<WalkSummary> {
	const {root, cwd, signal, maxVisited} = options;
	const checkRules = await hasRuleFile(cwd);
	let visited = 0;

	const allowed = async (absolute: string) =>
		!checkRules || (await checkAccess(absolute, {cwd, confine: false})) === undefined;

	const descend = async (folder: string, prefix: string): Promise<WalkSummary['stopped']> => {
		signal?.throwIfAborted();
		for (const dirent of await readFolder(folder)) {
			if (visited >= maxVisited) {
				return 'visit-cap';
			}

			const absolute = path.join(folder, dirent.name);
			const isDirectory = dirent.isDirectory();
			if ((isDirectory && skippedFolders.has(dirent.name)) || !(await allowed(absolute))) {
				continue;
			}

			visited++;
			const relative = prefix + dirent.name;
			if (!(await visit({absolute, relative, isDirectory}))) {
				return 'visitor';
			}

			if (isDirectory) {
				const stopped = await descend(absolute, `${relative}/`);
				if (stopped) {
					return stopped;
				}
			}
		}

		return undefined;
	};

	const stopped = await descend(root, '');
	return {visited, stopped};
}
