import fs from 'node:fs/promises';
import path from 'node:path';
import {EntryGate, type LeftOut, leftOutNotice, noneLeftOut} from '../read/entry-gate.js';
import {count} from '../read/notices.js';
import {optionalString, unknownArgs} from './args.js';
import {resolveFolder} from './folder.js';
import {type RawToolArgs, type ToolContext, type ToolOutcome, toolError, toolText} from './types.js';
import {byName} from './walk.js';

/** Most entries one ls returns. */
export const lsEntryCap = 500;

/** What the panel needs from an ls call. */
export type LsDetails = {
	readonly tool: 'ls';
	/** The folder as shown to the model ('' when the arguments were bad). */
	readonly path: string;
	/** Names in order, folders ending in `/`. */
	readonly entries: readonly string[];
	/** Entries in the folder, those left out not counted. */
	readonly total: number;
	readonly truncated: boolean;
	/** Entries not listed: denied by `.lectorignore`, or (under confine) links pointing outside. */
	readonly leftOut: LeftOut;
	readonly errorMessage: string | undefined;
};

const known = ['path'] as const;

function failed(message: string, shown = ''): ToolOutcome<LsDetails> {
	return toolError(message, {
		tool: 'ls',
		path: shown,
		entries: [],
		total: 0,
		truncated: false,
		leftOut: noneLeftOut,
		errorMessage: message,
	});
}

async function isFolder(absolute: string): Promise<boolean> {
	try {
		return (await fs.stat(absolute)).isDirectory();
	} catch {
		return false; // A dangling link lists as a plain entry.
	}
}

/**
Lists one folder (default: the workspace): names sorted, folders marked with a trailing `/` (symbolic
links to folders too), dotfiles included, at most `lsEntryCap` entries with a notice saying how many
were not shown. Entries denied by `.lectorignore` and, under confine, symbolic links pointing outside
the workspace are left out, and a notice counts them without naming them.
*/
export async function ls(args: RawToolArgs, context: ToolContext): Promise<ToolOutcome<LsDetails>> {
	const unknown = unknownArgs(args, known);
	if (unknown) {
		return failed(`Invalid ls arguments: ${unknown}`);
	}

	const input = optionalString(args, 'path');
	if (input instanceof Error) {
		return failed(`Invalid ls arguments: ${input.message}`);
	}

	const folder = await resolveFolder(input ?? '.', context, 'ls');
	if (folder instanceof Error) {
		return failed(folder.message);
	}

	try {
		context.signal?.throwIfAborted();
		const dirents = await fs.readdir(folder.absolute, {withFileTypes: true});
		const gate = await EntryGate.open({cwd: context.cwd, confine: context.confine ?? false});
		const names: string[] = [];
		for (const dirent of dirents) {
			const absolute = path.join(folder.absolute, dirent.name);
			if (!(await gate.admit(absolute, dirent.isSymbolicLink()))) {
				continue;
			}

			const directory = dirent.isDirectory() || (dirent.isSymbolicLink() && (await isFolder(absolute)));
			names.push(directory ? `${dirent.name}/` : dirent.name);
		}

		names.sort(byName);
		const shown = names.slice(0, lsEntryCap);
		const truncated = names.length > shown.length;
		const {leftOut} = gate;
		const notice = leftOutNotice(leftOut);
		const empty =
			notice === undefined ? `(${folder.shown} is empty)` : `(nothing to list in ${folder.shown})`;
		const lines = shown.length > 0 ? [...shown] : [empty];
		if (truncated) {
			lines.push(
				`[Showing ${count(shown.length)} of ${count(names.length)} entries. Use find with a pattern to narrow the listing.]`,
			);
		}

		if (notice !== undefined) {
			lines.push(notice);
		}

		return toolText(lines.join('\n'), {
			tool: 'ls',
			path: folder.shown,
			entries: shown,
			total: names.length,
			truncated,
			leftOut,
			errorMessage: undefined,
		});
	} catch (error) {
		if (context.signal?.aborted) {
			return failed(`The listing of ${folder.shown} was aborted.`, folder.shown);
		}

		const reason = error instanceof Error ? error.message : String(error);
		return failed(`Could not list ${folder.shown}: ${reason}`, folder.shown);
	}
}
