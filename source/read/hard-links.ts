/**
Hard links: another name for the same file (dev and inode), which every path rule and confinement
passes since the name itself is harmless. A regular file with more than one name is compared, by
identity, with the files lector can know of: the workspace's files, found by a bounded walk.

- Ignored: refused when one of its names in the workspace is a name `.lectorignore` denies.
- Outside (under confine): refused unless all of its names (its link count) are found in the workspace,
  since a name lector cannot find may be outside it.

Not covered: ignored files past the first `hardLinkScanEntries` entries of the walk, and files outside
the workspace when not confined (reading outside is allowed then anyway). The walk does not follow
symbolic links; a name behind one is not found, which under confine refuses rather than allows.
*/
import type {BigIntStats, Dirent} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import {type AccessDenial, loadRules, matchingPattern, type Rules, ruleFileName} from './access.js';
import {count} from './notices.js';

/** Entries looked at when looking for a file's other names, so a huge workspace stays cheap. */
export const hardLinkScanEntries = 20_000;
/** How long the identities of the ignored files are reused: a grep meets many linked files in a row. */
const ignoredIdentitiesMs = 1000;

type Identity = Pick<BigIntStats, 'dev' | 'ino' | 'nlink'>;
type Found = {readonly names: Map<string, string>; readonly complete: boolean};

function key(stats: Pick<BigIntStats, 'dev' | 'ino'>): string {
	return `${stats.dev}:${stats.ino}`;
}

async function entriesOf(folder: string): Promise<Dirent[]> {
	try {
		return await fs.readdir(folder, {withFileTypes: true});
	} catch {
		return [];
	}
}

/**
Walks `root` (not following links) and, for each regular file `wanted` picks, records its identity;
stops after `hardLinkScanEntries` entries or when `done` says so. Names are relative, with `/`.
*/
async function identities(
	root: string,
	wanted: (relative: string, ignoredAbove: boolean) => boolean,
	done: (names: Map<string, string>) => boolean,
	folderIgnored: (relative: string) => boolean,
): Promise<Found> {
	const names = new Map<string, string>();
	let visited = 0;
	const stack: Array<{folder: string; prefix: string; ignored: boolean}> = [
		{folder: root, prefix: '', ignored: false},
	];
	while (stack.length > 0) {
		const next = stack.pop();
		if (next === undefined) {
			break;
		}

		for (const entry of await entriesOf(next.folder)) {
			if (++visited > hardLinkScanEntries) {
				return {names, complete: false};
			}

			const relative = next.prefix + entry.name;
			const absolute = path.join(next.folder, entry.name);
			if (entry.isDirectory()) {
				stack.push({
					folder: absolute,
					prefix: `${relative}/`,
					ignored: next.ignored || folderIgnored(relative),
				});
			} else if (entry.isFile() && wanted(relative, next.ignored)) {
				try {
					// Sequential on purpose: the walk is bounded and rare (only files with several names).
					names.set(relative, key(await fs.lstat(absolute, {bigint: true})));
				} catch {
					// Gone since the listing: it has no name to compare any more.
				}

				if (done(names)) {
					return {names, complete: true};
				}
			}
		}
	}

	return {names, complete: true};
}

const ignoredCache = new WeakMap<Rules, {root: string; at: number; found: Found}>();

/** The workspace's ignored files by identity (relative name for each), reused for a second. */
async function ignoredIdentities(root: string, rules: Rules): Promise<Found> {
	const cached = ignoredCache.get(rules);
	if (cached?.root === root && Date.now() - cached.at < ignoredIdentitiesMs) {
		return cached.found;
	}

	const found = await identities(
		root,
		(relative, ignoredAbove) => ignoredAbove || matchingPattern(rules, relative, false) !== undefined,
		() => false,
		(relative) => matchingPattern(rules, relative, true) !== undefined,
	);
	ignoredCache.set(rules, {root, at: Date.now(), found});
	return found;
}

/** Per workspace: how many names each file has in it, from one full walk, and when that walk was made. */
const countsCache = new Map<string, {at: number; counts: Map<string, number>; complete: boolean}>();
/** Per workspace: when a file's names were last looked for. */
const lastLookup = new Map<string, number>();

/**
How many names of the file `identity` (with `links` names) are in the workspace. One file alone walks
until all its names are found. A second within a second is a search meeting linked files one after
another (grep over a tree of hard links took 32 s for 400 of them, one walk each): one full walk then
counts the names of every file, reused for a second, as the ignored files' identities are.
*/
async function namesInside(
	workspace: string,
	identity: string,
	links: number,
): Promise<{inside: number; complete: boolean}> {
	const now = Date.now();
	const cached = countsCache.get(workspace);
	if (cached !== undefined && now - cached.at < ignoredIdentitiesMs) {
		return {inside: cached.counts.get(identity) ?? 0, complete: cached.complete};
	}

	const last = lastLookup.get(workspace);
	lastLookup.set(workspace, now);
	if (last !== undefined && now - last < ignoredIdentitiesMs) {
		const all = await identities(
			workspace,
			() => true,
			() => false,
			() => false,
		);
		const counts = new Map<string, number>();
		for (const other of all.names.values()) {
			counts.set(other, (counts.get(other) ?? 0) + 1);
		}

		countsCache.set(workspace, {at: Date.now(), counts, complete: all.complete});
		return {inside: counts.get(identity) ?? 0, complete: all.complete};
	}

	const found = await identities(
		workspace,
		() => true,
		(names) => [...names.values()].filter((other) => other === identity).length >= links,
		() => false,
	);
	return {
		inside: [...found.names.values()].filter((other) => other === identity).length,
		complete: found.complete,
	};
}

export type HardLinkOptions = {
	/** The workspace's real path. */
	readonly workspace: string;
	readonly confine: boolean;
	/** How the file is named to the model. */
	readonly shownPath: string;
};

/** Why a file with several names may not be read, or undefined. Only call it for regular files with nlink > 1. */
export async function hardLinkDenial(
	opened: Identity,
	options: HardLinkOptions,
): Promise<AccessDenial | undefined> {
	const {workspace, confine, shownPath} = options;
	const ruleFile = path.join(workspace, ruleFileName);
	const rules = await loadRules(ruleFile);
	const identity = key(opened);
	if (rules !== undefined) {
		const ignored = await ignoredIdentities(workspace, rules);
		for (const [name, other] of ignored.names) {
			if (other === identity) {
				const pattern = matchingPattern(rules, name, false) ?? '(a folder rule)';
				return {
					code: 'ignored',
					message:
						`Access denied: ${shownPath} is another name (a hard link) of ${name}, which matches the pattern "${pattern}" in ${ruleFile}. ` +
						'The user has denied access to these paths. Do not try to read them another way ' +
						'(other tools, shell commands, or different paths); continue without them or ask the user.',
				};
			}
		}
	}

	if (!confine) {
		return undefined;
	}

	const links = Number(opened.nlink);
	const {inside, complete} = await namesInside(workspace, identity, links);
	if (inside >= links) {
		return undefined;
	}

	const where = complete
		? `only ${count(inside)} of them ${inside === 1 ? 'is' : 'are'} in the workspace`
		: `lector found ${count(inside)} of them in the first ${count(hardLinkScanEntries)} entries of the workspace`;
	return {
		code: 'outside-workspace',
		message:
			`Access denied: ${shownPath} has ${count(links)} names (hard links), and ${where} ${workspace}; the others may be outside it. ` +
			'This session is confined to the workspace, so a file that may also live outside it is not read.',
	};
}
