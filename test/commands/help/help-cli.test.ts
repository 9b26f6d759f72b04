import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {commandTable} from '../../../source/commands/help/commands.js';

const root = path.resolve(import.meta.dirname, '../../..');
const cli = path.join(root, 'dist', 'cli.js');

function lector(...args: string[]) {
	return spawnSync(process.execPath, [cli, ...args], {
		cwd: root,
		encoding: 'utf8',
		input: '',
		env: {...process.env, NO_COLOR: '1'},
	});
}

describe.skipIf(!existsSync(cli))('per-command help (the built binary)', () => {
	it.each([
		[['read', '--help'], 'read'],
		[['read', '-h'], 'read'],
		[['help', 'read'], 'read'],
		// Help wins over what else was typed: no "needs a file", no flag check.
		[['read', 'no-such-file', '--follow', '--help'], 'read'],
		[['replay', '--help'], 'replay'],
		[['help', 'replay'], 'replay'],
		[['-h', 'replay'], 'replay'],
		[['--help', 'replay'], 'replay'],
	])('%j prints the usage of %s alone and exits 0', (args, name) => {
		const result = lector(...args);
		expect(result.stderr).toBe('');
		expect(result.status).toBe(0);
		expect(result.stdout).toContain(`$ lector ${name}`);
		// The other command's options are not there.
		const other = name === 'read' ? '--follow' : '--offset';
		expect(result.stdout).not.toContain(other);
		expect(result.stdout).not.toContain('Options for');
	});

	it('replay --help lists no sessions, even in a folder that has some', () => {
		const result = lector('replay', '--help', '--cwd', root);
		expect(result.status).toBe(0);
		expect(result.stdout).not.toMatch(/sessions? of|no sessions/i);
	});

	it('--help and a bare `lector help` print every command of the table', () => {
		for (const result of [lector('--help'), lector('help')]) {
			expect(result.status).toBe(0);
			for (const command of commandTable) {
				expect(result.stdout).toContain(`$ ${command.synopsis}`);
				expect(result.stdout).toContain(command.summary);
			}
		}
	});

	it.each([
		[['raed'], 'Unknown command "raed". Did you mean "read"?'],
		[['repaly', 'x.jsonl'], 'Unknown command "repaly". Did you mean "replay"?'],
		[['help', 'raed'], 'Unknown command "raed". Did you mean "read"?'],
		[['raed', '--help'], 'Unknown command "raed". Did you mean "read"?'],
		[['frobnicate'], 'Unknown command "frobnicate". Run lector --help for the commands.'],
	])('%j is a usage error naming the nearest command', (args, message) => {
		const result = lector(...args);
		expect(result.status).toBe(2);
		expect(result.stdout).toBe('');
		expect(result.stderr).toBe(
			`lector: ${message}${message.endsWith('?') ? ' Run lector --help for the commands.' : ''}\n`,
		);
	});
});
