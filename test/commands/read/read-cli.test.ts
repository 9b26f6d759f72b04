import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {read} from '../../../source/read/index.js';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'dist', 'cli.js');

function lector(...args: string[]) {
	return spawnSync(process.execPath, [cli, ...args], {
		cwd: root,
		encoding: 'utf8',
		env: {...process.env, NO_COLOR: '1'},
	});
}

describe.skipIf(!existsSync(cli))('lector read (the built binary; npm test builds it first)', () => {
	it('--model-view prints exactly the engine text and exits 0', async () => {
		const result = lector(
			'read',
			'fixtures/demo/server.py',
			'--offset',
			'10',
			'--limit',
			'5',
			'--model-view',
		);
		const engine = await read({path: 'fixtures/demo/server.py', offset: 10, limit: 5}, {cwd: root});
		const [block] = engine.content;
		expect(result.status).toBe(0);
		expect(result.stdout).toBe(`${block?.type === 'text' ? block.text : ''}\n`);
	});

	it('--json prints content, details with every field, and isError', () => {
		const result = lector('read', 'fixtures/demo/greeting.ts', '--json');
		const parsed: unknown = JSON.parse(result.stdout);
		expect(parsed).toMatchObject({isError: false, details: {kind: 'text', linesShown: 22, nextOffset: null}});
	});

	it('exits 1 when the read is an error, printing the message the model would get', () => {
		const result = lector('read', 'fixtures/demo/greting.ts', '--model-view');
		expect(result.status).toBe(1);
		expect(result.stdout).toContain('Did you mean fixtures/demo/greeting.ts?');
	});

	it.each([
		[['read', 'a.ts', '--bogus'], 'unknown flag --bogus'],
		[['read', 'a.ts', '--offset', 'ten'], '--offset needs a whole number'],
		// Digits only, as the engine's own parameters: no exponents or hex guessed into numbers.
		[['read', 'a.ts', '--offset', '1e3'], '--offset needs a whole number of at least 1 in digits, got "1e3"'],
		[['read', 'a.ts', '--limit', '0x10'], '--limit needs a whole number'],
		// meow refuses a repeated flag before lector runs: still one line and exit 2, no stack trace.
		[['read', 'a.ts', '--limit', '5', '--limit', '6'], 'lector: The flag --limit can only be set once.'],
		[['read'], 'lector read needs a file'],
		[['frobnicate'], 'Unknown command "frobnicate"'],
	])('exits 2 on a usage error: %j', (args, message) => {
		const result = lector(...args);
		expect(result.status).toBe(2);
		expect(result.stderr).toContain(message);
	});

	it('prints the panel when stdout is not a terminal', () => {
		const result = lector('read', 'fixtures/demo/skills/release-notes/SKILL.md');
		expect(result.status).toBe(0);
		expect(result.stdout).toContain('[skill] release-notes');
	});
});

describe.skipIf(!existsSync(cli))('short flags and replay of what is not a log file', () => {
	it('answers -h and -v like --help and --version, and names an unknown short flag as typed', () => {
		expect(lector('-h').stdout).toContain('Usage');
		expect(lector('-v').stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
		const unknown = lector('-x');
		expect(unknown.status).toBe(2);
		expect(unknown.stderr).toContain('unknown flag -x.');
	});

	it.each([
		['/dev/zero', 'not a regular file'],
		['fixtures', 'is a folder'],
		['fixtures/no-such.jsonl', 'does not exist'],
	])('lector replay %s answers at once with a clear message', (target, message) => {
		const result = lector('replay', target, '--print');
		expect(result.status).toBe(1);
		expect(result.stderr).toContain(message);
	});
});
