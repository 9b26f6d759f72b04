import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {checkCommandFlags, meowFlags, typedFlags} from '../../source/commands/flags.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist', 'cli.js');

function lector(...args: string[]) {
	return spawnSync(process.execPath, [cli, ...args], {
		cwd: root,
		encoding: 'utf8',
		input: '',
		env: {...process.env, NO_COLOR: '1'},
	});
}

test('typedFlags finds the flags as typed, --no- forms and = values included, skipping string values', () => {
	expect(
		typedFlags(
			['x.ts', '--no-line-numbers', '--offset', '--3', '--model', 'json', '--max-lines=5', '--', '--follow'],
			meowFlags,
		),
	).toEqual([
		{name: 'lineNumbers', typed: '--no-line-numbers'},
		{name: 'offset', typed: '--offset'},
		{name: 'model', typed: '--model'},
		{name: 'maxLines', typed: '--max-lines'},
	]);
});

test('a flag of another command is a usage error naming where it belongs', () => {
	expect(() => checkCommandFlags('read', typedFlags(['--follow'], meowFlags))).toThrow(
		'--follow is a flag of lector replay, not of lector read.',
	);
	expect(() => checkCommandFlags('shell', typedFlags(['--json'], meowFlags))).toThrow(
		'--json is a flag of lector read and lector replay, not of lector (the shell).',
	);
	expect(() => checkCommandFlags('read', typedFlags(['--cwd', 'x', '--print'], meowFlags))).not.toThrow();
	expect(() =>
		checkCommandFlags('shell', typedFlags(['--cwd', 'x', '--demo', 'y'], meowFlags)),
	).not.toThrow();
	expect(() => checkCommandFlags('shell', typedFlags(['--allow-outside'], meowFlags))).not.toThrow();
	expect(() => checkCommandFlags('read', typedFlags(['--allow-outside'], meowFlags))).toThrow(
		'--allow-outside is a flag of lector (the shell), not of lector read.',
	);
});

describe.skipIf(!existsSync(cli))('the built binary', () => {
	test.each([
		[
			['read', 'fixtures/demo/greeting.ts', '--follow'],
			'--follow is a flag of lector replay, not of lector read',
		],
		[['replay', 'x.jsonl', '--offset', '3'], '--offset is a flag of lector read, not of lector replay'],
		[['replay', 'x.jsonl', '--cwd', '.'], '--cwd is a flag of lector read and lector (the shell)'],
		[['--verbose'], '--verbose is a flag of lector replay, not of lector (the shell)'],
		[
			['replay', 'x.jsonl', '--allow-outside'],
			'--allow-outside is a flag of lector (the shell), not of lector replay',
		],
		[['read', 'fixtures/demo/greeting.ts', '--json', '--model-view'], '--json and --model-view conflict'],
	])('lector %j exits 2 saying why', (args, message) => {
		const result = lector(...args);
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(result.stderr).toContain(message);
	});

	test('flags of the command are still taken', () => {
		const result = lector(
			'read',
			'fixtures/demo/greeting.ts',
			'--no-line-numbers',
			'--cwd',
			'.',
			'--limit',
			'1',
			'--model-view',
		);
		expect(result.status).toBe(0);
		expect(result.stdout.startsWith('/**\n')).toBe(true);
	});
});
