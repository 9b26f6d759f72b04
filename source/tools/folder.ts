import fs from 'node:fs/promises';
import path from 'node:path';
import {checkAccess} from '../read/access.js';
import {displayPathOf} from '../read/details.js';
import {resolvePath} from '../read/resolve-path.js';

/** How a path is named to the model: `.` for the workspace itself, relative inside it, else absolute. */
export function shownPath(absolute: string, cwd: string): string {
	return path.resolve(absolute) === path.resolve(cwd) ? '.' : displayPathOf(absolute, cwd);
}

/** A folder argument after checks: where it is and how to name it to the model. */
export type ResolvedFolder = {readonly absolute: string; readonly shown: string};

/**
Resolves a folder argument (relative to `cwd`, `~` and a leading `@` allowed, as for read) and checks that
it exists, is a folder, is not denied by `.lectorignore` and, under `confine`, really is inside the
workspace (symbolic links resolved), with the read engine's checks. The error message is written for
the model.
*/
export async function resolveFolder(
	input: string,
	context: {readonly cwd: string; readonly confine?: boolean | undefined},
	tool: string,
): Promise<ResolvedFolder | Error> {
	const {cwd} = context;
	const absolute = await resolvePath(input, cwd);
	const shown = shownPath(absolute, cwd);
	const denial = await checkAccess(absolute, {cwd, confine: context.confine ?? false});
	if (denial) {
		return new Error(denial.message);
	}

	try {
		const stats = await fs.stat(absolute);
		if (!stats.isDirectory()) {
			return new Error(
				`${shown} is a file, not a folder. Use read to see its content, or ${tool} its folder.`,
			);
		}
	} catch {
		return new Error(
			`Folder does not exist: ${shown}. The working folder is ${cwd}; use ls to see what is there.`,
		);
	}

	return {absolute, shown};
}
