/**
Time of check, time of use: checking a path and then opening it lets a symbolic link flipped in between
hand over another file (`.env`, or one outside the workspace). So the engine opens first, then checks
what it opened: the descriptor's own path (/proc/self/fd/N on Linux; elsewhere the real path, trusted
only while it still has the opened file's dev and inode) against confinement and `.lectorignore`, and
the file's identity against its other names (hard-links.ts). Everything is then read from that
descriptor, so what was checked is what is read.
*/
import type {BigIntStats} from 'node:fs';
import fs, {type FileHandle} from 'node:fs/promises';
import path from 'node:path';
import {type AccessDenial, type AccessOptions, checkAccess, realLocation} from './access.js';
import {hardLinkDenial} from './hard-links.js';

export type OpenedDenial = AccessDenial | {code: 'io-error'; message: string};

const deletedSuffix = ' (deleted)';

/** Where the opened file is, as its descriptor says; undefined when that cannot be told for sure. */
async function openedPath(
	file: FileHandle,
	absolute: string,
	opened: BigIntStats,
): Promise<string | undefined> {
	try {
		const link = await fs.readlink(`/proc/self/fd/${file.fd}`);
		// Linux names a removed file "<old path> (deleted)": it has no name left to check.
		if (path.isAbsolute(link) && !(link.endsWith(deletedSuffix) && opened.nlink === 0n)) {
			return link;
		}

		return undefined;
	} catch {
		// No /proc (macOS, BSD): fall back to the real path, checked against the descriptor below.
	}

	try {
		const real = await fs.realpath(absolute);
		const now = await fs.stat(real, {bigint: true});
		return now.dev === opened.dev && now.ino === opened.ino ? real : undefined;
	} catch {
		return undefined;
	}
}

/**
Whether the file opened as `file` (asked for as `absolute`) may be read: its real path inside the
workspace under confine and not ignored, and, with several names, none of them ignored or outside.
Resolves to undefined when it may. Never rejects.
*/
export async function checkOpened(
	file: FileHandle,
	absolute: string,
	options: AccessOptions & {readonly shownPath: string},
): Promise<OpenedDenial | undefined> {
	try {
		const opened = await file.stat({bigint: true});
		const real = await openedPath(file, absolute, opened);
		if (real === undefined) {
			return {
				code: 'io-error',
				message: `${options.shownPath} was replaced or removed while it was being opened, so it was not read. Read it again.`,
			};
		}

		const denial = await checkAccess(real, options);
		if (denial !== undefined || !opened.isFile() || opened.nlink <= 1n) {
			return denial;
		}

		const workspace = await realLocation(path.resolve(options.cwd));
		return await hardLinkDenial(opened, {workspace, confine: options.confine, shownPath: options.shownPath});
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {
			code: 'io-error',
			message: `${options.shownPath} could not be checked after opening it: ${reason}`,
		};
	}
}
