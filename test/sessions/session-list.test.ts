import {mkdirSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {workspaceSessionsFolder} from '../../source/sessions/lector/store.js';
import {claudeFolderNames, listSessions, piFolderName} from '../../source/sessions/session-list.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const home = makeTempDir('lector-home-');
const cwd = '/work/my.app';

function put(file: string, text: string, mtime: number): void {
	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(file, text);
	utimesSync(file, mtime, mtime);
}

test('folder names follow each agent', () => {
	expect(piFolderName('/home/ada/project')).toBe('--home-ada-project--');
	expect(claudeFolderNames('/work/my.app')).toEqual(['-work-my-app']);
});

test('lists every agent’s sessions for the folder, newest first', async () => {
	const state = path.join(home, 'state');
	const env = {XDG_STATE_HOME: state};
	const event = {type: 'event', at: 't', event: {type: 'user-text', id: 'u1', text: 'hi'}};
	put(
		path.join(workspaceSessionsFolder(cwd, env, home), '2025-01-01_a.jsonl'),
		`{}\n${JSON.stringify(event)}\n`,
		1000,
	);
	// A shell started and quit without a word: its header alone, nothing to open, so not listed.
	put(path.join(workspaceSessionsFolder(cwd, env, home), '2025-01-02_empty.jsonl'), '{}\n', 9500);
	put(path.join(home, '.pi', 'agent', 'sessions', '--work-my.app--', '2025_b.jsonl'), '{}\n', 4000);
	put(path.join(home, '.claude', 'projects', '-work-my-app', 'c.jsonl'), '{}\n', 3000);
	put(path.join(home, '.claude', 'projects', '-work-other', 'x.jsonl'), '{}\n', 9000);
	const meta = (folder: string) =>
		`${JSON.stringify({timestamp: 't', type: 'session_meta', payload: {id: 'x', cwd: folder}})}\n`;
	put(path.join(home, '.codex', 'sessions', '2025', '03', '03', 'rollout-mine.jsonl'), meta(cwd), 2000);
	put(
		path.join(home, '.codex', 'sessions', '2025', '03', '04', 'rollout-other.jsonl'),
		meta('/elsewhere'),
		8000,
	);
	const found = await listSessions({cwd, home, env});
	expect(found.map((entry) => [entry.format, path.basename(entry.filePath)])).toEqual([
		['pi', '2025_b.jsonl'],
		['claude-code', 'c.jsonl'],
		['codex', 'rollout-mine.jsonl'],
		['lector', '2025-01-01_a.jsonl'],
	]);
});

test('nothing there is an empty list', async () => {
	expect(await listSessions({cwd: '/nowhere', home: path.join(home, 'empty'), env: {}})).toEqual([]);
});

test('formats keeps to the agents named; a rollout’s folder is read once with a cache', async () => {
	const base = path.join(home, 'formats');
	const env = {XDG_STATE_HOME: path.join(base, 'state'), CODEX_HOME: path.join(base, 'codex')};
	const meta = `${JSON.stringify({timestamp: 't', type: 'session_meta', payload: {id: 'x', cwd}})}\n`;
	const rollout = path.join(base, 'codex', 'sessions', '2025', '03', '03', 'rollout-1.jsonl');
	put(rollout, meta, 2000);
	put(path.join(base, '.pi', 'agent', 'sessions', '--work-my.app--', 'p.jsonl'), '{}\n', 3000);
	const formats = async (only: Parameters<typeof listSessions>[0]['formats']) =>
		(await listSessions({cwd, home: base, env, formats: only})).map((entry) => entry.format);
	expect(await formats(['codex'])).toEqual(['codex']);
	expect(await formats(['pi', 'lector'])).toEqual(['pi']);
	expect(await formats(undefined)).toEqual(['pi', 'codex']);

	const codexCwds = new Map<string, string>();
	expect(await listSessions({cwd, home: base, env, codexCwds})).toHaveLength(2);
	expect(codexCwds.get(rollout)).toBe(cwd);
	// What the cache says is believed: the first line is not read again.
	codexCwds.set(rollout, '/elsewhere');
	expect((await listSessions({cwd, home: base, env, codexCwds})).map((entry) => entry.format)).toEqual([
		'pi',
	]);
});
