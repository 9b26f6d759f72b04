import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, expect, test, vi} from 'vitest';
import {runReplay} from '../../source/commands/replay/replay-command.js';
import {fixture} from './helpers.js';

const flags = {print: false, expanded: false, json: false, verbose: false, follow: false};

function capture(): {out: () => string; err: () => string} {
	let out = '';
	let err = '';
	vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
		out += String(chunk);
		return true;
	});
	vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
		err += String(chunk);
		return true;
	});
	return {out: () => out, err: () => err};
}

afterEach(() => {
	vi.restoreAllMocks();
});

test('--json prints the session facts, counts and events', async () => {
	const io = capture();
	const code = await runReplay([fixture('pi', 'v1-linear.jsonl')], {...flags, json: true});
	expect(code).toBe(0);
	const report: unknown = JSON.parse(io.out());
	expect(report).toMatchObject({format: 'pi', meta: {agent: 'pi'}, stats: {lines: 6}});
	expect(io.err()).toContain('6 lines');
});

test('--print renders panels once, with a header and the stats on stderr (--verbose lists reasons)', async () => {
	vi.stubEnv('NO_COLOR', '1');
	vi.stubEnv('COLUMNS', '100');
	vi.stubEnv('XDG_CONFIG_HOME', '/nonexistent-lector-config');
	const io = capture();
	const code = await runReplay(
		[fixture('codex', 'rollout-2025-03-03T12-00-00-0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl')],
		{
			...flags,
			print: true,
			verbose: true,
		},
	);
	expect(code).toBe(0);
	expect(io.out()).toContain('Codex · gpt-5-codex');
	expect(io.out()).toContain('src/config.ts');
	expect(io.err()).toContain('unknown: line type "mystery_record"');
	vi.unstubAllEnvs();
});

test('a file in no known format is an error, not a crash', async () => {
	const io = capture();
	expect(await runReplay([fixture('codex', 'exec-json-stream.jsonl')], {...flags, json: true})).toBe(1);
	expect(io.err()).toContain('not a session log lector knows');
});

test('a missing file without --follow is an error', async () => {
	const io = capture();
	expect(await runReplay(['/nonexistent/log.jsonl'], {...flags, print: true})).toBe(1);
	expect(io.err()).toContain('does not exist');
});

test('an empty file, or one of blank lines, is said to be empty rather than of an unknown format', async () => {
	const directory = mkdtempSync(path.join(os.tmpdir(), 'lector-replay-empty-'));
	try {
		const empty = path.join(directory, 'empty.jsonl');
		writeFileSync(empty, '');
		const blank = path.join(directory, 'blank.jsonl');
		writeFileSync(blank, '\n\n');
		const io = capture();
		expect(await runReplay([empty], {...flags, print: true})).toBe(1);
		expect(await runReplay([blank], {...flags, json: true})).toBe(1);
		expect(io.err()).toBe(
			`lector: ${empty} is empty: there is nothing to replay.\nlector: ${blank} holds only blank lines: there is nothing to replay.\n`,
		);
	} finally {
		rmSync(directory, {recursive: true, force: true});
	}
});
