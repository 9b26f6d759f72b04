import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist', 'cli.js');

// An OSC title change ended by BEL, an SGR colour, a bare BEL and a C1 CSI: what a hostile argv carries.
const hostile = '\u001B]0;pwned\u0007\u001B[31m\u0007\u009B2J';
// Everything that starts an escape sequence or rings the bell.
const unsafe = /[\u0007\u001B\u009B]/;

function lector(...args: string[]) {
	return spawnSync(process.execPath, [cli, ...args], {
		cwd: root,
		encoding: 'utf8',
		input: '',
		env: {...process.env, NO_COLOR: '1'},
	});
}

describe.skipIf(!existsSync(cli))('usage errors that quote argv', () => {
	test.each([
		['a bad --offset value', ['read', 'fixtures/demo/greeting.ts', '--offset', hostile]],
		['an unknown command', [hostile]],
		['help on an unknown command', ['help', hostile]],
		['--help after an unknown command', [`raed${hostile}`, '--help']],
		['an unknown flag', [`--x${hostile}`]],
		['extra read arguments', ['read', 'fixtures/demo/greeting.ts', hostile]],
		['extra replay arguments', ['replay', 'a.jsonl', hostile]],
		['a missing replay log', ['replay', hostile]],
	])('%s: fails, the input shown with placeholders, no escape byte on stderr', (_name, args) => {
		const result = lector(...args);
		expect(result.status).toBeGreaterThan(0);
		expect(result.stderr).toMatch(/^lector: /);
		expect(result.stderr).not.toMatch(unsafe);
		// The person still sees that something was there: ESC as ␛, BEL as ␇.
		expect(result.stderr).toContain('␛');
		expect(result.stderr).toContain('␇');
	});
});
