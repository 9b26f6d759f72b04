/**
A check before the session log's folder is created: kernel file systems take no folders, and under
/proc Node's recursive mkdir never returns (Node 20: `mkdirSync('/proc/nope/a', {recursive: true})`
spins at 100% CPU), so `XDG_STATE_HOME=/proc/nope lector` would hang on a blank screen.
*/
import {statfsSync, statSync} from 'node:fs';
import path from 'node:path';

/** statfs(2) magic numbers of the kernel file systems refused (linux/magic.h). */
const kernelFileSystems: ReadonlyMap<number, string> = new Map([
	[0x9f_a0, 'procfs'],
	[0x62_65_65_72, 'sysfs'],
]);

/** The nearest folder on the way up from `folder` that exists (the root at worst). */
function existingAncestor(folder: string): string {
	let current = folder;
	for (;;) {
		try {
			statSync(current);
			return current;
		} catch {
			const parent = path.dirname(current);
			if (parent === current) {
				return current;
			}

			current = parent;
		}
	}
}

/**
Why the log folder cannot be created, or undefined when it may be tried: a path under /proc or /sys,
or one whose nearest existing ancestor lies on procfs or sysfs (a link into /proc, a bind mount).
Other failures are left to mkdir, which reports them at once.
*/
export function logFolderRefusal(folder: string): string | undefined {
	const absolute = path.resolve(folder);
	const top = absolute.split(path.sep)[1];
	if (top === 'proc' || top === 'sys') {
		return `${absolute} is under /${top}, a kernel file system where no folder can be made; set XDG_STATE_HOME to an ordinary folder`;
	}

	const ancestor = existingAncestor(absolute);
	let type: number;
	try {
		type = statfsSync(ancestor).type;
	} catch {
		return undefined;
	}

	const name = kernelFileSystems.get(type);
	return name === undefined
		? undefined
		: `${ancestor} is on ${name}, a kernel file system where no folder can be made; set XDG_STATE_HOME to an ordinary folder`;
}
