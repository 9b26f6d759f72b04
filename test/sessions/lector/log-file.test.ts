/** readLectorLog on files that are not lector's logs: `--demo` must say why it shows nothing. */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {readLectorLog} from '../../../source/sessions/lector/log-file.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';
import {root} from '../../helpers/transcripts.js';
import {fixture} from '../helpers.js';

const claudeLog = fixture('claude-code', '7c2d4e6f-8a9b-4c1d-8e2f-3a4b5c6d7e8f.jsonl');
const directory = makeTempDir('lector-store-');

test("another agent's log is an error naming the agent, not a log of 0 entries", () => {
	expect(() => readLectorLog(claudeLog)).toThrow(
		/^it is a Claude Code session log, and only lector's own logs can be shown here \(lector replay .*7c2d4e6f.*\.jsonl shows it\)$/,
	);
	expect(() =>
		readLectorLog(fixture('codex', 'rollout-2025-03-03T12-00-00-0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl')),
	).toThrow('it is a Codex session log');
});

test("lector's own logs, and an empty one (--continue after a crash), still read", () => {
	expect(readLectorLog(path.join(root, 'fixtures', 'demo-session.jsonl')).events.length).toBeGreaterThan(0);
	const empty = path.join(directory, 'empty.jsonl');
	writeFileSync(empty, '');
	expect(readLectorLog(empty)).toMatchObject({header: undefined, events: [], skipped: 0});
});

tmuxTest('lector --demo <a Claude Code log> exits 2 saying it is not a lector log', async () => {
	const tmux = startTmux(
		`cd ${JSON.stringify(root)} && CI=true XDG_CONFIG_HOME=/nonexistent XDG_STATE_HOME=${JSON.stringify(directory)} node ${JSON.stringify(cli)} --cwd fixtures/demo --demo ${JSON.stringify(claudeLog)}`,
		'lector-demo',
	);
	const screen = await tmux.screenWhere((text) => text.includes('exit='));
	expect(screen).toContain('exit=2');
	expect(screen.replaceAll('\n', '')).toContain('it is a Claude Code session log');
});

tmuxTest('lector --demo <an empty log> exits 2 saying it holds no entries', async () => {
	const empty = path.join(directory, 'empty-demo.jsonl');
	writeFileSync(empty, '');
	const tmux = startTmux(
		`cd ${JSON.stringify(root)} && XDG_CONFIG_HOME=/nonexistent XDG_STATE_HOME=${JSON.stringify(directory)} node ${JSON.stringify(cli)} --cwd fixtures/demo --demo ${JSON.stringify(empty)}`,
		'lector-demo-empty',
	);
	const screen = await tmux.screenWhere((text) => text.includes('exit='));
	expect(screen).toContain('exit=2');
	expect(screen.replaceAll('\n', '')).toContain('it holds no entries');
});

tmuxTest('lector --demo names a missing file or a folder in words, exit 2', async () => {
	for (const [target, words] of [
		[path.join(directory, 'missing.jsonl'), 'no such file.'],
		[directory, 'it is a folder; give a lector session log (.jsonl).'],
	] as const) {
		const tmux = startTmux(
			`cd ${JSON.stringify(root)} && XDG_CONFIG_HOME=/nonexistent XDG_STATE_HOME=${JSON.stringify(directory)} node ${JSON.stringify(cli)} --cwd fixtures/demo --demo ${JSON.stringify(target)}`,
			'lector-demo-missing',
		);
		const screen = await tmux.screenWhere((text) => text.includes('exit='));
		expect(screen).toContain('exit=2');
		expect(screen.replaceAll('\n', '')).toContain(words);
	}
});
