/** The shell's start-up from the built binary: no terminal, and the committed demo log kept true. */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {root} from '../../helpers/transcripts.js';

const cli = path.join(root, 'dist', 'cli.js');
const skip = existsSync(cli) ? undefined : 'dist/cli.js is missing: run npm run build';

test.skipIf(skip !== undefined)(
	'without a terminal the shell exits 2 with a clear message instead of waiting',
	() => {
		const result = spawnSync('node', [cli, '--cwd', path.join(root, 'fixtures', 'demo')], {
			encoding: 'utf8',
			input: '',
			timeout: 10_000,
		});
		expect(result.status).toBe(2);
		expect(result.stderr).toContain('the shell needs a terminal on stdin and stdout');
		expect(result.stdout).toBe('');
	},
);

test.skipIf(skip !== undefined)(
	'fixtures/demo-session.jsonl is what the script makes from the engine today',
	() => {
		const output = path.join(makeTempDir('lector-demo-'), 'demo.jsonl');
		const result = spawnSync('node', [path.join(root, 'scripts', 'make-demo-session.mjs'), output], {
			encoding: 'utf8',
		});
		expect(result.stderr).toBe('');
		const committed = readFileSync(path.join(root, 'fixtures', 'demo-session.jsonl'), 'utf8');
		// Regenerate with `npm run build && node scripts/make-demo-session.mjs` when this fails.
		expect(readFileSync(output, 'utf8')).toBe(committed);
	},
);
