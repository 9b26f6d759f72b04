import {spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import stringWidth from 'string-width';
import {describe, expect, it} from 'vitest';
import {printColumns} from '../../source/ui/print-width.js';

const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'dist', 'cli.js');
const hasScript = spawnSync('script', ['--version']).status === 0;

/**
Runs lector under `script` with no terminal around it: its pty then reports 0 columns and 0 rows,
as under CI runners. Returns the printed rows, colours removed.
*/
function underScript(args: string, columns: string | undefined): string[] {
	const env: Record<string, string | undefined> = {...process.env, FORCE_COLOR: undefined, NO_COLOR: '1'};
	delete env['COLUMNS'];
	if (columns !== undefined) {
		env['COLUMNS'] = columns;
	}

	const result = spawnSync('script', ['-qec', `stty size; ${process.execPath} ${cli} ${args}`, '/dev/null'], {
		cwd: root,
		encoding: 'utf8',
		input: '',
		env,
		timeout: 30_000,
	});
	const [size, ...rows] = result.stdout
		.replaceAll(/\u001B\[[\d;]*m/g, '')
		.split(/\r?\n/)
		.filter((row) => row.trim() !== '');
	// The test means nothing unless the terminal did report 0 columns.
	expect(size?.trim()).toBe('0 0');
	return rows;
}

describe('a terminal that reports 0 columns', () => {
	it.each([
		[{isTTY: true, columns: 0}, {}, 80],
		[{isTTY: true, columns: 0}, {COLUMNS: '60'}, 60],
		[{isTTY: true, columns: 0}, {COLUMNS: 'wide'}, 80],
		[{isTTY: true, columns: 120}, {COLUMNS: '60'}, 120],
		[{isTTY: false, columns: undefined}, {}, 80],
		[{isTTY: false, columns: undefined}, {COLUMNS: '132'}, 132],
	])('%j with %j prints at %d columns', (stdout, env, expected) => {
		expect(printColumns(stdout, env)).toBe(expected);
	});

	describe.skipIf(!existsSync(cli) || !hasScript)('the built binary under script', () => {
		it.each([
			['read fixtures/demo/server.py --print', undefined, 80],
			['read fixtures/demo/server.py --print', '60', 60],
			['replay fixtures/demo-session.jsonl --print --expanded', undefined, 80],
			['replay fixtures/demo-session.jsonl --print --expanded', '72', 72],
		])('%s (COLUMNS %s) fills %d columns, not one …', (args, columns, expected) => {
			const rows = underScript(args, columns);
			const widths = rows.map((row) => stringWidth(row));
			expect(rows.length).toBeGreaterThan(3);
			expect(rows.every((row) => row.trim() !== '…')).toBe(true);
			expect(Math.max(...widths)).toBeLessThanOrEqual(expected);
			expect(Math.max(...widths)).toBeGreaterThan(expected - 10);
		});
	});
});
