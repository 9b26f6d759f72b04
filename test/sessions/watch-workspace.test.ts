import {appendFileSync, mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {workspaceSessionsFolder} from '../../source/sessions/lector/store.js';
import {claudeFolderNames, listSessions, piFolderName} from '../../source/sessions/session-list.js';
import type {SessionFormat} from '../../source/sessions/types.js';
import {SessionChooser, type SessionPick, watchWorkspace} from '../../source/sessions/watch-workspace.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {root} from '../helpers/transcripts.js';

const demoLines = readFileSync(path.join(root, 'fixtures', 'demo-session.jsonl'), 'utf8').split('\n');
const piLines = readFileSync(
	path.join(root, 'fixtures', 'agents', 'pi', '0.73.1', 'agents_md', 'transcript.jsonl'),
	'utf8',
).split('\n');

/** A fresh home and workspace whose session folders are all under the temp dir (never ~/.claude). */
const base = makeTempDir('lector-watch-');

function workspace(name: string) {
	const home = path.join(base, name, 'home');
	const cwd = path.join(base, name, 'project');
	mkdirSync(cwd, {recursive: true});
	const env = {
		XDG_STATE_HOME: path.join(home, 'state'),
		CLAUDE_CONFIG_DIR: path.join(home, 'claude'),
		CODEX_HOME: path.join(home, 'codex'),
	};
	const lectorLog = (file: string) => path.join(workspaceSessionsFolder(cwd, env, home), file);
	const piLog = (file: string) => path.join(home, '.pi', 'agent', 'sessions', piFolderName(cwd), file);
	const list = async (formats?: SessionFormat[]) =>
		listSessions({cwd, home, env, ...(formats === undefined ? {} : {formats})});
	return {home, cwd, env, lectorLog, piLog, list};
}

function put(file: string, text: string, mtimeSeconds?: number): void {
	mkdirSync(path.dirname(file), {recursive: true});
	writeFileSync(file, text);
	if (mtimeSeconds !== undefined) {
		utimesSync(file, mtimeSeconds, mtimeSeconds);
	}
}

/** The first `count` lines of the demo lector session (its header and events). */
const demo = (count: number) => `${demoLines.slice(0, count).join('\n')}\n`;

test('the first listing shows the newest session only while it is live', async () => {
	const space = workspace('first');
	const now = 1_800_000_000_000;
	put(space.lectorLog('old.jsonl'), demo(2), now / 1000 - 3600);
	put(space.piLog('newer.jsonl'), `${piLines.slice(0, 4).join('\n')}\n`, now / 1000 - 60);
	const entries = await space.list();

	const chooser = new SessionChooser();
	expect(chooser.next(entries, now)).toEqual({entry: entries[0], reason: 'newest'});
	expect(chooser.current?.filePath).toBe(space.piLog('newer.jsonl'));

	// A day later, the same sessions are history: nothing is shown until one starts.
	const later = new SessionChooser();
	expect(later.next(entries, now + 24 * 3600 * 1000)).toBeUndefined();
	expect(later.current).toBeUndefined();
});

test('a session that starts is taken up at once, even while the one shown is busy', async () => {
	const space = workspace('started');
	const now = 1_800_000_000_000;
	put(space.lectorLog('a.jsonl'), demo(2), now / 1000);
	const chooser = new SessionChooser({quietMs: 10_000});
	expect(chooser.next(await space.list(), now)?.reason).toBe('newest');

	// The shown one grows, and a second agent starts: the new session wins.
	appendFileSync(space.lectorLog('a.jsonl'), `${demoLines[2]}\n`);
	utimesSync(space.lectorLog('a.jsonl'), now / 1000 + 1, now / 1000 + 1);
	put(space.piLog('b.jsonl'), `${piLines[0]}\n`, now / 1000 + 1);
	const pick = chooser.next(await space.list(), now + 1000);
	expect(pick?.reason).toBe('started');
	expect(pick?.entry.filePath).toBe(space.piLog('b.jsonl'));
	expect(pick?.entry.format).toBe('pi');

	// Listed again unchanged: nothing to do.
	expect(chooser.next(await space.list(), now + 2000)).toBeUndefined();
});

test('a known session written again takes over only once the one shown has been quiet', async () => {
	const space = workspace('active');
	const now = 1_800_000_000_000;
	put(space.lectorLog('old.jsonl'), demo(2), now / 1000 - 100);
	put(space.piLog('shown.jsonl'), `${piLines[0]}\n`, now / 1000 - 10);
	const chooser = new SessionChooser({quietMs: 5000});
	expect(chooser.next(await space.list(), now)?.entry.format).toBe('pi');

	// The old lector session is resumed while pi is still writing: stay on pi.
	appendFileSync(space.lectorLog('old.jsonl'), `${demoLines[2]}\n`);
	appendFileSync(space.piLog('shown.jsonl'), `${piLines[1]}\n`);
	expect(chooser.next(await space.list(), now + 1000)).toBeUndefined();

	// pi falls quiet; once it has been for 5 s, the lector session, written again, is shown.
	expect(chooser.next(await space.list(), now + 5000)).toBeUndefined();
	appendFileSync(space.lectorLog('old.jsonl'), `${demoLines[3]}\n`);
	const pick = chooser.next(await space.list(), now + 6500);
	expect(pick).toMatchObject({reason: 'active', entry: {format: 'lector'}});
	expect(chooser.current?.filePath).toBe(space.lectorLog('old.jsonl'));
});

test('with nothing shown, a known session written again is shown at once', async () => {
	const space = workspace('resumed');
	const now = 1_800_000_000_000;
	put(space.lectorLog('yesterday.jsonl'), demo(2), now / 1000 - 86_400);
	const chooser = new SessionChooser();
	expect(chooser.next(await space.list(), now)).toBeUndefined();
	appendFileSync(space.lectorLog('yesterday.jsonl'), `${demoLines[2]}\n`);
	expect(chooser.next(await space.list(), now + 100)?.reason).toBe('active');
});

test('a lector log with its header alone is not a session yet; its first event makes it one', async () => {
	const space = workspace('header');
	const chooser = new SessionChooser();
	expect(chooser.next(await space.list(), Date.now())).toBeUndefined();
	put(space.lectorLog('new.jsonl'), demo(1));
	expect(chooser.next(await space.list(), Date.now())).toBeUndefined();
	appendFileSync(space.lectorLog('new.jsonl'), `${demoLines[1]}\n`);
	expect(chooser.next(await space.list(), Date.now())?.reason).toBe('started');
});

/** Resolves once `predicate` holds, polling every 10 ms for at most 5 s. */
async function until(predicate: () => boolean, what: string): Promise<void> {
	const deadline = Date.now() + 5000;
	while (!predicate()) {
		if (Date.now() > deadline) {
			throw new Error(`timed out waiting for ${what}`);
		}

		await new Promise((resolve) => {
			setTimeout(resolve, 10);
		});
	}
}

function watch(space: ReturnType<typeof workspace>, formats?: SessionFormat[]) {
	const picks: SessionPick[] = [];
	const events: TranscriptEvent[] = [];
	const controller = new AbortController();
	const watching = watchWorkspace({
		cwd: space.cwd,
		home: space.home,
		env: space.env,
		...(formats === undefined ? {} : {formats}),
		signal: controller.signal,
		scanMs: 50,
		followPollMs: 50,
		onSwitch(pick) {
			picks.push(pick);
			events.push({type: 'reset'});
		},
		onEvents(batch) {
			events.push(...batch);
		},
	});
	return {picks, events, controller, watching};
}

const userTexts = (events: readonly TranscriptEvent[]) =>
	events.flatMap((event) => (event.type === 'user-text' ? [event.text] : []));

test('watchWorkspace waits for a session, follows it as it grows, and switches to a newer one', async () => {
	const space = workspace('live');
	const run = watch(space);
	try {
		await new Promise((resolve) => {
			setTimeout(resolve, 150);
		});
		expect(run.picks).toEqual([]);

		put(space.lectorLog('2026-01-01_a.jsonl'), demo(2));
		await until(() => userTexts(run.events).length === 1, 'the lector session');
		expect(run.picks.map((pick) => [pick.reason, pick.entry.format])).toEqual([['started', 'lector']]);

		// Appended lines arrive as events of the same session.
		appendFileSync(space.lectorLog('2026-01-01_a.jsonl'), `${demoLines.slice(2, 6).join('\n')}\n`);
		await until(() => run.events.some((event) => event.type === 'tool-end'), 'the ls call');

		// pi starts in the same folder: the watch switches, and shows pi's session from its first line.
		put(space.piLog('pi.jsonl'), `${piLines.join('\n')}`);
		await until(() => run.picks.length === 2, 'the switch to pi');
		expect(run.picks[1]).toMatchObject({reason: 'started', entry: {format: 'pi'}});
		await until(() => userTexts(run.events).length >= 2, 'the pi prompt');
		const afterSwitch = run.events.slice(run.events.findLastIndex((event) => event.type === 'reset'));
		expect(userTexts(afterSwitch)[0]).toMatch(/^Read the files I will ask for/);
		// The lector session's events stopped at the switch: none come after pi's.
		expect(afterSwitch.some((event) => 'id' in event && event.id.startsWith('demo-'))).toBe(false);
	} finally {
		run.controller.abort();
		await run.watching;
	}
});

test('watchWorkspace restricted to one agent ignores the others', async () => {
	const space = workspace('only');
	const run = watch(space, ['pi']);
	try {
		put(space.lectorLog('lector.jsonl'), demo(3));
		await new Promise((resolve) => {
			setTimeout(resolve, 200);
		});
		expect(run.picks).toEqual([]);
		put(space.piLog('pi.jsonl'), `${piLines.slice(0, 4).join('\n')}\n`);
		await until(() => run.picks.length === 1, 'the pi session');
		expect(run.picks[0]?.entry.format).toBe('pi');
	} finally {
		run.controller.abort();
		await run.watching;
	}
});

test('a Claude Code 2.0 subagent file beside the session is part of it, not a newer session', async () => {
	const space = workspace('subagent');
	const folder = path.join(space.env.CLAUDE_CONFIG_DIR, 'projects', claudeFolderNames(space.cwd)[0] ?? '');
	const now = Date.now();
	put(path.join(folder, 'session.jsonl'), '{}\n');
	const chooser = new SessionChooser();
	expect(chooser.next(await space.list(), now)?.entry.format).toBe('claude-code');
	put(path.join(folder, 'agent-a917198.jsonl'), '{}\n');
	expect(chooser.next(await space.list(), now + 100)).toBeUndefined();
	expect((await space.list()).map((entry) => path.basename(entry.filePath))).toEqual(['session.jsonl']);
});

test('watchWorkspace takes up Claude Code and Codex sessions recorded from the real programs', async () => {
	const space = workspace('peers');
	const recorded = (agent: string, release: string, scenario: string) =>
		readFileSync(path.join(root, 'fixtures', 'agents', agent, release, scenario, 'transcript.jsonl'), 'utf8');
	const run = watch(space);
	try {
		const claudeFolder = path.join(
			space.env.CLAUDE_CONFIG_DIR,
			'projects',
			claudeFolderNames(space.cwd)[0] ?? '',
		);
		put(path.join(claudeFolder, '5f0c9a6e-claude.jsonl'), recorded('claude-code', '2.1.332', 'agents_md'));
		await until(() => run.events.some((event) => event.type === 'tool-end'), 'the Claude Code read');
		expect(run.picks.map((pick) => pick.entry.format)).toEqual(['claude-code']);

		// A Codex rollout names its folder in its first line: this one is made to name the workspace.
		const [first = '', ...rest] = recorded('codex', '0.171.0', 'cat_agents_md').split('\n');
		const meta = JSON.parse(first) as {payload: {cwd: string}};
		meta.payload.cwd = space.cwd;
		const now = new Date();
		const day = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) =>
			String(part).padStart(2, '0'),
		);
		const rollout = path.join(
			space.env.CODEX_HOME,
			'sessions',
			...day,
			'rollout-2026-12-02T07-00-00-x.jsonl',
		);
		const before = run.events.length;
		put(rollout, [JSON.stringify(meta), ...rest].join('\n'));
		await until(() => run.picks.length === 2, 'the switch to Codex');
		expect(run.picks[1]).toMatchObject({reason: 'started', entry: {format: 'codex', filePath: rollout}});
		await until(() => run.events.slice(before).some((event) => event.type === 'tool-end'), 'the Codex read');
	} finally {
		run.controller.abort();
		await run.watching;
	}
});
