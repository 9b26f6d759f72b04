/**
The folders an MCP connection may read: the client's MCP roots when it offers them, else the server's
folder. A call runs in the root that holds its path (the first root for a relative path), so confinement
and `.lectorignore` are those of that root.
*/
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The roots a client listed, as `file://` URIs; anything else (another scheme, a bad URI) is skipped. */
export function rootFolders(uris: readonly string[]): string[] {
	const folders: string[] = [];
	for (const uri of uris) {
		try {
			if (uri.startsWith('file:')) {
				folders.push(path.resolve(fileURLToPath(uri)));
			}
		} catch {
			// Not a path this machine can open: the client's mistake, not a reason to refuse every call.
		}
	}

	return [...new Set(folders)];
}

function isInside(folder: string, target: string): boolean {
	const relative = path.relative(folder, target);
	return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
The root a call runs in: for an absolute path, the deepest root holding it; else (relative paths, no
path, a path in no root) the first. The engine then resolves symlinks and refuses what lies outside.
*/
export function workspaceFor(roots: readonly string[], rawPath: unknown): string {
	const [first] = roots;
	if (first === undefined) {
		throw new Error('No workspace: the server has no folder to read.');
	}

	if (typeof rawPath !== 'string' || !path.isAbsolute(rawPath)) {
		return first;
	}

	const target = path.resolve(rawPath);
	const holders = roots.filter((root) => isInside(root, target));
	return holders.sort((a, b) => b.length - a.length)[0] ?? first;
}
