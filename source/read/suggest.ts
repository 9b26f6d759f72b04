import fs from 'node:fs/promises';
import path from 'node:path';
import {checkAccess, isIgnored} from './access.js';

/** Most directory entries read when looking for near misses, so a huge folder stays cheap. */
export const maxEntriesScanned = 5000;

export type NearMisses = {
	/** Absolute paths of existing siblings, best first. */
	suggestions: string[];
	/** Set when the parent folder is missing: the first ancestor, from the root, that is not a directory. */
	missingDirectory: string | undefined;
};

const noNearMisses: NearMisses = {suggestions: [], missingDirectory: undefined};

function isMissingError(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException).code;
	return code === 'ENOENT' || code === 'ENOTDIR';
}

/** The file name without its last extension: `small` for `small.ts`, `.env` for `.env`. */
function stem(name: string): string {
	return path.parse(name).name;
}

/**
Whether one insertion, deletion, substitution or swap of two neighbouring characters turns `a` into `b`.
Compares code points, so an emoji counts as one character. Linear time, no distance matrix.
*/
export function isOneEditApart(a: string, b: string): boolean {
	const left = Array.from(a);
	const right = Array.from(b);
	const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
	if (longer.length - shorter.length > 1) {
		return false;
	}

	let start = 0;
	while (start < shorter.length && shorter[start] === longer[start]) {
		start++;
	}

	if (shorter.length !== longer.length) {
		// Skip the one extra character; everything after it must line up.
		return shorter.slice(start).every((character, index) => character === longer[start + index + 1]);
	}

	if (start === shorter.length) {
		return false; // Identical.
	}

	const restMatches = (from: number) =>
		shorter.slice(from).every((character, index) => character === longer[from + index]);
	const substituted = restMatches(start + 1);
	const transposed =
		shorter[start] === longer[start + 1] && shorter[start + 1] === longer[start] && restMatches(start + 2);
	return substituted || transposed;
}

/** 0: same stem, other extension; 1: same name in another letter case; 2: one edit away; undefined: unrelated. */
function nearMissRank(wanted: string, candidate: string): number | undefined {
	if (candidate === wanted) {
		return undefined;
	}

	if (stem(candidate) === stem(wanted)) {
		return 0;
	}

	if (candidate.toLowerCase() === wanted.toLowerCase()) {
		return 1;
	}

	return isOneEditApart(wanted, candidate) ? 2 : undefined;
}

/** Up to `maxEntriesScanned` entry names of `directory`; whatever was read before an error. */
async function listSomeEntries(directory: string): Promise<string[]> {
	const names: string[] = [];
	try {
		const handle = await fs.opendir(directory);
		// Leaving the loop early closes the handle through the iterator's return().
		for await (const entry of handle) {
			names.push(entry.name);
			if (names.length >= maxEntriesScanned) {
				break;
			}
		}
	} catch {
		// Unreadable or vanished mid-listing: suggest from what we have.
	}

	return names;
}

/** Whether `directory` is a folder we can list, is missing (or a file), or cannot be checked. */
async function directoryState(directory: string): Promise<'directory' | 'missing' | 'unknown'> {
	try {
		const stats = await fs.stat(directory);
		return stats.isDirectory() ? 'directory' : 'missing';
	} catch (error) {
		return isMissingError(error) ? 'missing' : 'unknown';
	}
}

/** Locale-independent order, so suggestions are the same on every machine. */
function compareCodeUnits(a: string, b: string): number {
	if (a === b) {
		return 0;
	}

	return a < b ? -1 : 1;
}

/**
The first ancestor of `directory` (itself included), from the root down, that is not an existing
directory: missing, or a file standing where a folder should be. Undefined when it cannot be told
(permissions) or every ancestor exists after all.
*/
async function firstMissingAncestor(directory: string): Promise<string | undefined> {
	const {root} = path.parse(directory);
	const parts = directory.slice(root.length).split(path.sep).filter(Boolean);
	let current = root;
	for (const part of parts) {
		current = path.join(current, part);
		try {
			// Sequential on purpose: each step is only meaningful once its parent is known to exist.
			const stats = await fs.stat(current);
			if (!stats.isDirectory()) {
				return current;
			}
		} catch (error) {
			return isMissingError(error) ? current : undefined;
		}
	}

	return undefined;
}

/**
Near misses for `absolute`, a path that does not exist: siblings with the same stem and another
extension, then the same name in another letter case, then names one edit away; at most `limit`
absolute paths, alphabetical within each kind. Reads at most `maxEntriesScanned` entries of the parent.
When the parent folder itself is missing there are no suggestions and `missingDirectory` names the
first missing folder from the root. With `cwd`, names that `.lectorignore` there denies are never
suggested. Never rejects: unreadable folders give no suggestions.
*/
export async function suggestNearMisses(
	absolute: string,
	limit = 3,
	options: {readonly cwd?: string; readonly confine?: boolean} = {},
): Promise<NearMisses> {
	try {
		const directory = path.dirname(absolute);
		const wanted = path.basename(absolute);
		if (wanted === '' || limit < 1) {
			return noNearMisses;
		}

		const state = await directoryState(directory);
		if (state === 'unknown') {
			return noNearMisses;
		}

		if (state === 'missing') {
			return {suggestions: [], missingDirectory: await firstMissingAncestor(directory)};
		}

		const ranked: Array<{name: string; rank: number}> = [];
		for (const name of await listSomeEntries(directory)) {
			const rank = nearMissRank(wanted, name);
			if (rank !== undefined) {
				ranked.push({name, rank});
			}
		}

		ranked.sort((a, b) => a.rank - b.rank || compareCodeUnits(a.name, b.name));
		const suggestions: string[] = [];
		for (const {name} of ranked) {
			const candidate = path.join(directory, name);
			// Sequential on purpose: most misses have one or two candidates, and the first `limit` allowed win.
			// Under confine a link pointing outside is not named either, as listings leave it out.
			const allowed =
				options.cwd === undefined ||
				(options.confine === true
					? (await checkAccess(candidate, {cwd: options.cwd, confine: true})) === undefined
					: !(await isIgnored(candidate, options.cwd)));
			if (allowed) {
				suggestions.push(candidate);
			}

			if (suggestions.length >= limit) {
				break;
			}
		}

		return {suggestions, missingDirectory: undefined};
	} catch {
		return noNearMisses;
	}
}
