import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll} from 'vitest';

/** A fresh folder under the system temp dir, removed after the test file's tests. */
export function makeTempDir(prefix = 'lector-test-'): string {
	const directory = mkdtempSync(path.join(os.tmpdir(), prefix));
	afterAll(() => {
		rmSync(directory, {recursive: true, force: true});
	});
	return directory;
}
