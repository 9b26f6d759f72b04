/**
`npm start` runs `node scripts/build.mjs --if-changed` first (package.json's prestart): it must skip the
build when nothing the build reads changed since the last one, and build when a source did. Run on a
copy of the project's build inputs in a temp folder (node_modules linked), so that the dist/ the
other tests use is never removed under them.
*/
import {execFile} from 'node:child_process';
import {
	appendFileSync,
	cpSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	statSync,
	symlinkSync,
	utimesSync,
	writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {describe, expect, it} from 'vitest';
import {makeTempDir} from '../helpers/temp-dir.js';
import {root} from '../helpers/transcripts.js';

const run = promisify(execFile);
const copy = makeTempDir('lector-build-if-changed-');
const inputs = ['source', 'scripts/build.mjs', 'scripts/build', 'package.json', 'package-lock.json'];

/** Sets every file and folder under `folder` (itself included) to `when`. */
function setTimes(folder: string, when: Date): void {
	utimesSync(folder, when, when);
	for (const entry of readdirSync(folder, {recursive: true, withFileTypes: true})) {
		utimesSync(path.join(entry.parentPath, entry.name), when, when);
	}
}

async function buildIfChanged(): Promise<void> {
	await run(process.execPath, ['scripts/build.mjs', '--if-changed'], {cwd: copy});
}

const cli = path.join(copy, 'dist', 'cli.js');
const stamp = path.join(copy, 'dist', '.build-stamp');

describe('node scripts/build.mjs --if-changed', () => {
	it('skips when nothing changed since the last build, builds after a source changed', async () => {
		for (const input of [...inputs, 'tsconfig.json', 'tsconfig.types.json']) {
			cpSync(path.join(root, input), path.join(copy, input), {recursive: true});
		}

		symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
		// A previous build, stamped a minute after every input was last changed.
		const changed = new Date(Date.now() - 3_600_000);
		for (const input of inputs) {
			const where = path.join(copy, input);
			if (statSync(where).isDirectory()) {
				setTimes(where, changed);
			} else {
				utimesSync(where, changed, changed);
			}
		}

		mkdirSync(path.join(copy, 'dist'));
		writeFileSync(cli, 'the previous build\n');
		writeFileSync(stamp, '');
		const built = new Date(changed.getTime() + 60_000);
		utimesSync(stamp, built, built);
		// As the file system keeps it (a float of milliseconds, not always the exact Date).
		const builtMs = statSync(stamp).mtimeMs;

		await buildIfChanged();
		expect(readFileSync(cli, 'utf8')).toBe('the previous build\n');
		expect(statSync(stamp).mtimeMs).toBe(builtMs);

		appendFileSync(path.join(copy, 'source', 'package-facts.ts'), '\n// Changed by the test.\n');
		await buildIfChanged();
		expect(readFileSync(cli, 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
		const version = await run(process.execPath, [cli, '--version']);
		expect(version.stdout).toBe(
			`${JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version}\n`,
		);
		const rebuilt = statSync(stamp).mtimeMs;
		expect(rebuilt).toBeGreaterThan(builtMs);

		// Up to date again: the next start builds nothing.
		const cliTime = statSync(cli).mtimeMs;
		await buildIfChanged();
		expect(statSync(stamp).mtimeMs).toBe(rebuilt);
		expect(statSync(cli).mtimeMs).toBe(cliTime);
	}, 180_000);
});
