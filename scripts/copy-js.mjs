/*
Build step after tsc: copies the plain JavaScript modules under source/ (the worker threads:
source/read/documents/extract-worker.js and source/tools/grep-worker.js) to the same place under dist/.
They are JavaScript because a worker thread needs a .js file both from dist/ and under vitest, which
runs the TypeScript sources;
tsc compiles only the .ts files (allowJs would also pull the built dist/ into the type check).
*/
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'source');
const dist = path.join(root, 'dist');

for (const entry of fs.readdirSync(source, {recursive: true, withFileTypes: true})) {
	if (entry.isFile() && entry.name.endsWith('.js')) {
		const from = path.join(entry.parentPath, entry.name);
		const to = path.join(dist, path.relative(source, from));
		fs.mkdirSync(path.dirname(to), {recursive: true});
		fs.copyFileSync(from, to);
	}
}
