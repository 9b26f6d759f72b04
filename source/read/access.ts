import type {Stats} from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {Ignore} from 'ignore';
import {foldSpelling, normalForms} from './rule-spellings.js';

/** Why a read was refused. The message is written for the model, so it can recover without retrying. */
export type AccessDenial = {code: 'ignored' | 'outside-workspace'; message: string};

export type AccessOptions = {
	/** The workspace root: where `.lectorignore` lives and, under `confine`, the only readable tree. */
	cwd: string;
	/** Refuse every path whose real location (symlinks resolved) is outside `cwd`. */
	confine: boolean;
};

/** The rule file, in the workspace root, gitignore syntax. */
export const ruleFileName = '.lectorignore';

/** The rules as written, and folded (rule-spellings.ts) for matching folded paths. */
export type Rules = {readonly written: Ignore; readonly folded: Ignore};
type CachedRules = {readonly version: string; readonly rules: Rules};

/** Parsed rule files by absolute path; an entry is reused while the file's version is unchanged. */
const rulesCache = new Map<string, CachedRules>();

/** Most symlinks followed by hand while resolving a path that does not fully exist (as Linux's MAXSYMLINKS). */
const maxSymlinkHops = 40;

/** mtime and size as asked, plus ctime, which also moves when a same-size file is replaced within one mtime tick. */
function versionOf(stats: Stats): string {
	return `${stats.mtimeMs}:${stats.ctimeMs}:${stats.size}`;
}

/**
The rules of the workspace, parsed once per version of the file. Undefined when there is no rule file.
A rule file that is not a regular file or cannot be read counts as absent: a FIFO would block the read.
*/
export async function loadRules(ruleFile: string): Promise<Rules | undefined> {
	let stats: Stats;
	try {
		stats = await fs.stat(ruleFile);
	} catch {
		rulesCache.delete(ruleFile);
		return undefined;
	}

	if (!stats.isFile()) {
		return undefined;
	}

	const version = versionOf(stats);
	const cached = rulesCache.get(ruleFile);
	if (cached?.version === version) {
		return cached.rules;
	}

	// Loaded with the first rule file, so a workspace without one never pays for it (issue 14); outside
	// the try below, so that a failed load is an error, not a workspace without rules.
	const {default: ignore} = await import('ignore');
	try {
		const text = await fs.readFile(ruleFile, 'utf8');
		const rules = {written: ignore().add(text), folded: ignore().add(foldSpelling(text))};
		rulesCache.set(ruleFile, {version, rules});
		return rules;
	} catch {
		return undefined;
	}
}

/** `target` relative to `root`, or undefined when it is outside (or is the root itself, which no rule can match). */
export function relativeInside(root: string, target: string): string | undefined {
	const relative = path.relative(root, target);
	if (
		relative === '' ||
		relative === '..' ||
		relative.startsWith(`..${path.sep}`) ||
		path.isAbsolute(relative)
	) {
		return undefined;
	}

	return relative;
}

function isInside(root: string, target: string): boolean {
	return root === target || relativeInside(root, target) !== undefined;
}

async function readLinkIfSymlink(candidate: string): Promise<string | undefined> {
	try {
		return await fs.readlink(candidate);
	} catch {
		return undefined; // Not a symlink, or not there.
	}
}

/**
Where `target` really is, symlinks resolved, even when it does not exist: the real path of its nearest
existing ancestor plus the rest. A dangling symlink on the way is followed by hand, so a link to a missing
file outside the workspace still resolves outside it.
*/
export async function realLocation(target: string, budget = {hops: maxSymlinkHops}): Promise<string> {
	try {
		return await fs.realpath(target);
	} catch {
		// Missing, a dangling link, or a loop: resolve the parent and continue from there.
	}

	const parent = path.dirname(target);
	if (parent === target) {
		return target;
	}

	const realParent = await realLocation(parent, budget);
	const candidate = path.join(realParent, path.basename(target));
	if (budget.hops > 0) {
		const link = await readLinkIfSymlink(candidate);
		if (link !== undefined) {
			budget.hops--;
			// A relative link is relative to the folder it sits in, which is the real parent.
			return realLocation(path.resolve(realParent, link), budget);
		}
	}

	return candidate;
}

async function isDirectory(target: string): Promise<boolean> {
	try {
		return (await fs.stat(target)).isDirectory();
	} catch {
		return false;
	}
}

function patternIgnoring(rules: Ignore, spelling: string): string | undefined {
	try {
		const result = rules.checkIgnore(spelling);
		return result.ignored ? (result.rule?.pattern ?? '(unknown pattern)') : undefined;
	} catch {
		// The library rejects paths it considers invalid; no rule can match those.
		return undefined;
	}
}

/**
The pattern that ignores `relative` (also tried as a folder when `directory`), if any: tested as written,
in NFC and NFD against the rules as written, and folded against the folded rules (rule-spellings.ts).
Any spelling a rule ignores is ignored, so a negation written in one normal form does not re-include a
name stored in the other.
*/
export function matchingPattern(rules: Rules, relative: string, directory: boolean): string | undefined {
	const slashed = relative.split(path.sep).join('/');
	const suffixes = directory ? ['', '/'] : [''];
	for (const suffix of suffixes) {
		for (const spelling of normalForms(slashed)) {
			const pattern = patternIgnoring(rules.written, spelling + suffix);
			if (pattern !== undefined) {
				return pattern;
			}
		}

		const pattern = patternIgnoring(rules.folded, foldSpelling(slashed) + suffix);
		if (pattern !== undefined) {
			return pattern;
		}
	}

	return undefined;
}

function outsideWorkspace(absolute: string, real: string, workspace: string): AccessDenial {
	const through = real === absolute ? '' : ` (it resolves through a symbolic link to ${real})`;
	return {
		code: 'outside-workspace',
		message:
			`Access denied: ${absolute} is outside the workspace ${workspace}${through}. ` +
			'This session is confined to the workspace: only paths inside it can be read, listed or searched. ' +
			'Use a path inside the workspace, or ask the user to allow reading outside it.',
	};
}

function ignoredByRule(relative: string, pattern: string, ruleFile: string): AccessDenial {
	return {
		code: 'ignored',
		message:
			`Access denied: ${relative} matches the pattern "${pattern}" in ${ruleFile}. ` +
			'The user has denied access to these paths. Do not try to read them another way ' +
			'(other tools, shell commands, or different paths); continue without them or ask the user.',
	};
}

/**
Whether the user allows reading `absolute` (an absolute, normalised path).

- Under `confine`, a path whose real location (symlinks resolved, also for missing paths) is outside the
  real workspace is refused with `outside-workspace`.
- A path inside the workspace that `.lectorignore` in `cwd` ignores (gitignore syntax, case-insensitive
  so a case-insensitive file system cannot be used to slip past a rule) is refused with `ignored`. Both
  the path as written and its real location are tested, so a symlink cannot expose an ignored file, and
  a directory is also tested with a trailing slash so `secrets/` patterns apply.

Resolves to undefined when the read may go ahead. Never rejects. Parsed rules are cached per rule file
and reused until its mtime, ctime or size changes.
*/
export async function checkAccess(
	absolute: string,
	options: AccessOptions,
): Promise<AccessDenial | undefined> {
	try {
		const workspace = path.resolve(options.cwd);
		// The contract is an absolute path; a relative one is taken as relative to the workspace, not to process.cwd().
		const target = path.resolve(workspace, absolute);
		let realPaths: Promise<{workspace: string; target: string}> | undefined;
		const resolveReal = async () => {
			realPaths ??= Promise.all([realLocation(workspace), realLocation(target)]).then(
				([realWorkspace, realTarget]) => ({workspace: realWorkspace, target: realTarget}),
			);
			return realPaths;
		};

		if (options.confine) {
			const real = await resolveReal();
			if (!isInside(real.workspace, real.target)) {
				return outsideWorkspace(target, real.target, workspace);
			}
		}

		const ruleFile = path.join(workspace, ruleFileName);
		const rules = await loadRules(ruleFile);
		if (rules === undefined) {
			return undefined;
		}

		const real = await resolveReal();
		const candidates = [relativeInside(workspace, target), relativeInside(real.workspace, real.target)];
		const directory = await isDirectory(target);
		for (const relative of new Set(candidates)) {
			if (relative === undefined) {
				continue;
			}

			const pattern = matchingPattern(rules, relative, directory);
			if (pattern !== undefined) {
				return ignoredByRule(relative, pattern, ruleFile);
			}
		}

		return undefined;
	} catch {
		return undefined;
	}
}

/**
Whether `.lectorignore` in `cwd` denies `absolute`: for listings (a directory read, near-miss
suggestions), which leave such entries out as ls does. False without a rule file.
*/
export async function isIgnored(absolute: string, cwd: string): Promise<boolean> {
	return (await checkAccess(absolute, {cwd, confine: false}))?.code === 'ignored';
}
