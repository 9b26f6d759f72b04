/*
Issue 13, Bounded work: every hostile file the project generates (bench/hostile-files.mjs: sparse
files, huge lines, nesting, devices, FIFOs) gets a clear error or capped output within 2 s and 300 MB
peak RSS. Each read runs in a fresh child process (bench/run-read.mjs, on the built engine), which
reports the read() call's wall time and its own peak RSS. The bounds are the issue's, generous on
purpose; the figures themselves are printed by `node bench/hostile.mjs`.
*/
import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {makeTempDir} from '../helpers/temp-dir.js';

const root = path.resolve(import.meta.dirname, '../..');
const built = existsSync(path.join(root, 'dist', 'read', 'index.js'));

type HostileCase = {
	readonly name: string;
	readonly file: string;
	readonly params: Record<string, unknown>;
	readonly expect: 'error' | 'capped';
};

type Measured = {
	readonly ms: number;
	readonly maxRssKb: number;
	readonly isError: boolean;
	readonly errorMessage: string | null;
	readonly outputBytes: number;
};

function isHostileCase(value: unknown): value is HostileCase {
	return (
		typeof value === 'object' &&
		value !== null &&
		'name' in value &&
		typeof value.name === 'string' &&
		'file' in value &&
		typeof value.file === 'string' &&
		'params' in value &&
		typeof value.params === 'object' &&
		'expect' in value &&
		(value.expect === 'error' || value.expect === 'capped')
	);
}

function isMeasured(value: unknown): value is Measured {
	return typeof value === 'object' && value !== null && 'ms' in value && 'maxRssKb' in value;
}

const maxMs = 2000;
const maxRssKb = 300 * 1024;

function generate(): {dir: string; cases: HostileCase[]} {
	if (!built) {
		return {dir: '', cases: []};
	}

	const dir = makeTempDir('lector-hostile-');
	const made = spawnSync(process.execPath, [path.join(root, 'bench', 'hostile-files.mjs'), dir], {
		encoding: 'utf8',
	});
	const parsed: unknown = JSON.parse(made.stdout);
	return {dir, cases: Array.isArray(parsed) ? parsed.filter((one) => isHostileCase(one)) : []};
}

const {dir, cases} = generate();

describe.skipIf(!built)('hostile files: a clear error or capped output, within 2 s and 300 MB', () => {
	test('the generator made every case', () => {
		expect(cases.length).toBeGreaterThanOrEqual(15);
	});

	test.each(cases.map((hostile) => [hostile.name, hostile] as const))('%s', (_name, hostile) => {
		const run = spawnSync(
			process.execPath,
			[path.join(root, 'bench', 'run-read.mjs'), hostile.file, JSON.stringify(hostile.params)],
			{cwd: dir, encoding: 'utf8', timeout: 30_000},
		);
		expect(run.signal).toBeNull();
		const measured: unknown = JSON.parse(run.stdout);
		expect(isMeasured(measured)).toBe(true);
		if (!isMeasured(measured)) {
			return;
		}

		expect(measured.ms).toBeLessThan(maxMs);
		expect(measured.maxRssKb).toBeLessThan(maxRssKb);
		if (hostile.expect === 'error') {
			expect(measured.isError).toBe(true);
			expect(measured.errorMessage ?? '').toMatch(/\. /);
		} else {
			expect(measured.isError).toBe(false);
			expect(measured.outputBytes).toBeLessThanOrEqual(50 * 1024);
		}
	});
});
