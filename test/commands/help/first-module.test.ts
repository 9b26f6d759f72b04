/**
The bin's first module (source/cli.tsx) answers a lone --help or --version without meow; what it
prints must stay what meow prints for the same request, reached here through meow: `lector help`
(meow's showHelp) and `lector -v` beside another flag (meow's showVersion).
*/
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'dist', 'cli.js');

function lector(...args: string[]) {
	const result = spawnSync(process.execPath, [cli, ...args], {
		cwd: root,
		encoding: 'utf8',
		input: '',
		env: {...process.env, NO_COLOR: '1'},
	});
	expect(result.stderr).toBe('');
	expect(result.status).toBe(0);
	return result.stdout;
}

describe.skipIf(!existsSync(cli))("the first module's answers (the built binary)", () => {
	it.each([['--help'], ['-h']])('%s prints the page meow prints for `lector help`', (flag) => {
		const throughMeow = lector('help');
		expect(throughMeow).toContain('\n  Usage\n    $ lector ');
		expect(throughMeow).toContain('$ lector read <path>');
		expect(lector(flag)).toBe(throughMeow);
	});

	it.each([['--version'], ['-v']])('%s prints the version meow prints', (flag) => {
		const throughMeow = lector('-v', '--cwd', '.');
		expect(throughMeow).toMatch(/^\d+\.\d+\.\d+\S*\n$/);
		expect(lector(flag)).toBe(throughMeow);
	});
});
