import type {Dirent} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {EntryGate} from '../read/entry-gate.js';
import {count} from '../read/notices.js';
import {GitignoreRules} from './gitignore.js';

/** Never searched: version-control internals are noise for a reader, and huge. */
export const skippedFolders: ReadonlySet<string> = new Set(['.git']);
/** Installed packages: skipped like gitignored folders (they nearly always are), searched with them on request. */
export const packageFolders: ReadonlySet<string> = new Set(['node_modules']);

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
	/** What the model may learn of: `.lectorignore` and, under confine, links pointing outside. */
	readonly gate: EntryGate;
	/** Honour `.gitignore` files and skip `node_modules`; false includes them (`include_ignored`). */
	readonly gitignore: boolean;
	readonly signal?: AbortSignal;
	/** Most entries looked at before the walk gives up, so a huge tree cannot stall a turn. */
	readonly maxVisited: number;
};

/** How a walk ended. */
export type WalkSummary = {
	readonly visited: number;
	/** The visitor asked to stop, or `maxVisited` was reached. */
	readonly stopped: 'visitor' | 'visit-cap' | undefined;
	/** Entries skipped by `.gitignore` (or as `node_modules`); an ignored folder counts once. */
	readonly gitignored: number;
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
Walks `root` depth first in name order, skipping `.git`, entries the gate leaves out (a denied folder is
not entered), what `.gitignore` ignores (with `gitignore`), and never entering symbolic links to folders
(they can loop, and lead out of the workspace). Calls `visit` for every file and folder; `visit` returns
false to stop. Rejects with the signal's reason when aborted.
*/
export async function walk(
	options: WalkOptions,
	visit: (entry: WalkEntry) => boolean | Promise<boolean>,
): Promise<WalkSummary> {
	const {root, gate, signal, maxVisited} = options;
	let visited = 0;
	let gitignored = 0;

	const descend = async (
		folder: string,
		prefix: string,
		rules: GitignoreRules | undefined,
	): Promise<WalkSummary['stopped']> => {
		signal?.throwIfAborted();
		const dirents = await readFolder(folder);
		const inside =
			rules === undefined
				? undefined
				: await rules.enter(
						folder,
						dirents.some((dirent) => dirent.name === '.gitignore'),
					);
		for (const dirent of dirents) {
			if (visited >= maxVisited) {
				return 'visit-cap';
			}

			const absolute = path.join(folder, dirent.name);
			const isDirectory = dirent.isDirectory();
			if (isDirectory && skippedFolders.has(dirent.name)) {
				continue;
			}

			if (!(await gate.admit(absolute, dirent.isSymbolicLink()))) {
				continue;
			}

			if (
				inside !== undefined &&
				((isDirectory && packageFolders.has(dirent.name)) || inside.ignores(absolute, isDirectory))
			) {
				gitignored++;
				continue;
			}

			visited++;
			const relative = prefix + dirent.name;
			if (!(await visit({absolute, relative, isDirectory}))) {
				return 'visitor';
			}

			if (isDirectory) {
				const stopped = await descend(absolute, `${relative}/`, inside);
				if (stopped) {
					return stopped;
				}
			}
		}

		return undefined;
	};

	const above = options.gitignore ? await GitignoreRules.above(root, gate.cwd) : undefined;
	const stopped = await descend(root, '', above);
	return {visited, stopped, gitignored};
}

/**
When nothing was found and `.gitignore` kept entries out, the way to search them too; a search that
found something does not need the reminder on every call.
*/
export function gitignoredHint(gitignored: number, found: number): string | undefined {
	return gitignored > 0 && found === 0
		? `[${gitignored === 1 ? '1 entry ignored by .gitignore (or node_modules) was' : `${count(gitignored)} entries ignored by .gitignore (or node_modules) were`} not searched; pass include_ignored=true to search them too.]`
		: undefined;
}
