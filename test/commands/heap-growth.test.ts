/**
The heap bound is a V8 flag set at run time, which V8 ignores without a word when it does not know
it: this Node's V8 must know it. On a command line an unknown V8 flag is an error, so a child
started with it proves the flag exists. (What the bound saves is measured by `npm run bench:replay`.)
*/
import {spawnSync} from 'node:child_process';
import {expect, test} from 'vitest';
import {heapGrowingPercent} from '../../source/commands/heap-growth.js';

test('this Node’s V8 knows the flag that bounds heap growth', () => {
	const known = spawnSync(process.execPath, [`--heap-growing-percent=${heapGrowingPercent}`, '-e', '0'], {
		encoding: 'utf8',
	});
	expect(known.stderr).toBe('');
	expect(known.status).toBe(0);
	// The same check fails for a flag V8 does not have.
	const unknown = spawnSync(process.execPath, ['--heap-growing-percentage=100', '-e', '0'], {
		encoding: 'utf8',
	});
	expect(unknown.status).not.toBe(0);
});
