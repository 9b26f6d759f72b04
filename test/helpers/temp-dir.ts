import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterAll, onTestFinished} from 'vitest';

/**
A fresh folder under the system temp dir, removed when it is done with: at the end of the test that
made it, or after the file's tests when made outside a test. An afterAll registered inside a test
never runs, which left a folder in /tmp per call (issue 15).
*/
export function makeTempDir(prefix = 'lector-test-'): string {
	const directory = mkdtempSync(path.join(os.tmpdir(), prefix));
	const remove = () => {
		rmSync(directory, {recursive: true, force: true});
	};

	try {
		// Throws outside a running test (at collection time, in beforeAll).
		onTestFinished(remove);
	} catch {
		afterAll(remove);
	}

	return directory;
}
