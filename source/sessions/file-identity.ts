/**
Which file a path names, for followers that follow a path like `tail -F`: a file replaced under
the same path (rm and create, or a temp file moved onto it) is another file, to be read anew.
*/
import {type FileHandle, stat} from 'node:fs/promises';

/** Which file a path names: a replaced file (rm and create, or a temp file moved onto it) is another. */
export type FileIdentity = {readonly dev: number; readonly ino: number; readonly birthtimeMs: number};

/** What a path names now: its size in bytes, identity and last change; undefined when it is gone. */
export type PathState =
	| {readonly size: number; readonly identity: FileIdentity; readonly mtimeMs: number}
	| undefined;

/** The identity of an open file. */
export async function handleIdentity(handle: FileHandle): Promise<FileIdentity> {
	const {dev, ino, birthtimeMs} = await handle.stat();
	return {dev, ino, birthtimeMs};
}

/** Stat a path without throwing. */
export async function statPath(filePath: string): Promise<PathState> {
	try {
		const {size, dev, ino, birthtimeMs, mtimeMs} = await stat(filePath);
		return {size, identity: {dev, ino, birthtimeMs}, mtimeMs};
	} catch {
		return undefined;
	}
}

/** True when both identities name the same file. */
export function sameFile(a: FileIdentity, b: FileIdentity): boolean {
	return a.dev === b.dev && a.ino === b.ino && a.birthtimeMs === b.birthtimeMs;
}
