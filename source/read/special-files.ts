import type {Stats} from 'node:fs';
import {opendir} from 'node:fs/promises';
import path from 'node:path';
import {EntryGate, leftOutNotice} from './entry-gate.js';
import {count} from './notices.js';

/** A one-line explanation of a path that is neither a file nor a directory. */
export function describeSpecialFile(stats: Stats, shownPath: string): string {
	if (stats.isFIFO()) {
		return `${shownPath} is a named pipe (FIFO). Reading it would wait for a writer and might never end, so it was not read. If a program writes to it, read that program's output or log file instead.`;
	}

	if (stats.isSocket()) {
		return `${shownPath} is a socket, not a file; it cannot be read as text. Talk to the program serving it instead.`;
	}

	if (stats.isCharacterDevice()) {
		// Named as an example only when it is not the device read: "/dev/zero is … (like /dev/zero…)" says it twice.
		const examples = ['/dev/zero', '/dev/stdin', 'a terminal'].filter((example) => example !== shownPath);
		return `${shownPath} is a character device (like ${examples.slice(0, -1).join(', ')} or ${examples.at(-1)}). It can be endless or wait for input, so it was not read.`;
	}

	if (stats.isBlockDevice()) {
		return `${shownPath} is a block device (a disk). It was not read; inspect it with tools such as lsblk or blkid.`;
	}

	return `${shownPath} is not a regular file, so it was not read.`;
}

/** Entries shown when a directory is read by mistake. */
const listedEntries = 20;
/** Entries looked at, so that reading a huge directory stays cheap. */
const scannedEntries = 2000;

/**
Explains that a path is a directory, naming a few of its entries: as ls does, entries that
`.lectorignore` in `cwd` denies and, under `confine`, symbolic links pointing outside the workspace are
not named, only counted in a notice.
*/
export async function describeDirectory(
	absolute: string,
	shownPath: string,
	cwd: string,
	confine = false,
): Promise<string> {
	const names: string[] = [];
	let more = false;
	const gate = await EntryGate.open({cwd, confine});
	try {
		const directory = await opendir(absolute);
		for await (const entry of directory) {
			if (names.length >= scannedEntries) {
				more = true;
				break;
			}

			if (!(await gate.admit(path.join(absolute, entry.name), entry.isSymbolicLink()))) {
				continue;
			}

			names.push(entry.isDirectory() ? `${entry.name}/` : entry.name);
		}
	} catch {
		return `${shownPath} is a directory, not a file, and its entries could not be listed. Read a file inside it instead.`;
	}

	const notice = leftOutNotice(gate.leftOut);
	const leftOut = notice === undefined ? '' : ` ${notice}`;
	if (names.length === 0) {
		return notice === undefined
			? `${shownPath} is an empty directory, not a file.`
			: `${shownPath} is a directory, not a file.${leftOut}`;
	}

	names.sort((a, b) => a.localeCompare(b));
	const shown = names.slice(0, listedEntries).map((name) => path.join(shownPath, name));
	const rest = names.length - shown.length;
	const tail = rest > 0 || more ? ` (and ${more ? 'more than ' : ''}${count(rest)} more)` : '';
	return `${shownPath} is a directory, not a file. It contains: ${shown.join(', ')}${tail}. Read one of its files, or list it with ls.${leftOut}`;
}
