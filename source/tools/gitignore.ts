/**
`.gitignore` for find and grep, as ripgrep reads it: the files of the folders above the search root up to
the repository (the nearest folder holding `.git`; outside one, up to the workspace), and one per folder met by the walk, deeper files
overriding shallower ones, the last matching line of a file deciding (a `!` line re-includes). Parsed by
the `ignore` package, as `.lectorignore` is. Unlike ripgrep, no `.git` is required: a workspace that is
not a repository can still keep build output out of searches with a `.gitignore`.

Only the entry itself is tested, never its parents: the walk does not enter an ignored folder, so a
folder searched on purpose (the root given as `path`) is searched even if an upper `.gitignore` ignores
it, as ripgrep searches a path given on its command line.
*/
import fs from 'node:fs/promises';
import path from 'node:path';
import ignore from 'ignore';

type Ignore = ReturnType<typeof ignore>;

/** A `.gitignore` larger than this is not a list of patterns anyone wrote; it is skipped. */
const maxRuleFileBytes = 1024 * 1024;

/** The rules of one `.gitignore`, and the folder its patterns are relative to. */
type Level = {readonly base: string; readonly rules: Ignore};

async function readLevel(folder: string): Promise<Level | undefined> {
	const file = path.join(folder, '.gitignore');
	try {
		// stat before reading: a FIFO named .gitignore would block the read.
		const stats = await fs.stat(file);
		if (!stats.isFile() || stats.size > maxRuleFileBytes) {
			return undefined;
		}

		return {base: folder, rules: ignore().add(await fs.readFile(file, 'utf8'))};
	} catch {
		return undefined;
	}
}

async function exists(target: string): Promise<boolean> {
	try {
		await fs.lstat(target);
		return true;
	} catch {
		return false;
	}
}

/**
Folders from the repository root down to `root`, outermost first. Outside a repository, from the
workspace when `root` is inside it (so a subfolder is searched as the whole workspace would be), else
`root` alone.
*/
async function foldersFromRepository(root: string, workspace: string): Promise<string[]> {
	const chain = [root];
	for (let folder = root; ; ) {
		if (await exists(path.join(folder, '.git'))) {
			return chain;
		}

		const parent = path.dirname(folder);
		if (parent === folder) {
			const start = chain.indexOf(workspace);
			return start === -1 ? [root] : chain.slice(start);
		}

		folder = parent;
		chain.unshift(folder);
	}
}

function verdict(level: Level, absolute: string, isDirectory: boolean): 'ignored' | 'kept' | undefined {
	const relative = path.relative(level.base, absolute).split(path.sep).join('/');
	if (relative === '' || relative.startsWith('..')) {
		return undefined;
	}

	try {
		const result = level.rules.checkIgnore(isDirectory ? `${relative}/` : relative);
		return result.ignored ? 'ignored' : result.unignored ? 'kept' : undefined;
	} catch {
		// The library refuses names it considers invalid paths; no pattern can match those.
		return undefined;
	}
}

/** The `.gitignore` rules in force in one folder of a walk. Immutable: entering a folder makes a new one. */
export class GitignoreRules {
	private readonly levels: readonly Level[];

	private constructor(levels: readonly Level[]) {
		this.levels = levels;
	}

	/**
	The rules of the folders above the walk's root, up to its repository; the root's own file is added
	when the walk enters it. A root these ignore was asked for by name, so then none of them apply.
	*/
	static async above(root: string, workspace: string): Promise<GitignoreRules> {
		const resolved = path.resolve(root);
		const levels: Level[] = [];
		for (const folder of (await foldersFromRepository(resolved, path.resolve(workspace))).slice(0, -1)) {
			const level = await readLevel(folder);
			if (level !== undefined) {
				levels.push(level);
			}
		}

		const rules = new GitignoreRules(levels);
		return rules.ignores(resolved, true) ? new GitignoreRules([]) : rules;
	}

	/**
	The rules inside `folder` (a folder of the walk): these plus its own `.gitignore`. `present` says
	whether its listing holds one, so the walk's folders without one (most) cost no extra system call.
	*/
	async enter(folder: string, present: boolean): Promise<GitignoreRules> {
		const level = present ? await readLevel(folder) : undefined;
		return level === undefined ? this : new GitignoreRules([...this.levels, level]);
	}

	/** Whether the entry is ignored: the deepest `.gitignore` with a matching pattern decides. */
	ignores(absolute: string, isDirectory: boolean): boolean {
		for (let index = this.levels.length - 1; index >= 0; index--) {
			const level = this.levels[index];
			const found = level === undefined ? undefined : verdict(level, absolute, isDirectory);
			if (found !== undefined) {
				return found === 'ignored';
			}
		}

		return false;
	}
}
