/**
The first frames of `lector replay` on a log that takes a while to read (5,000 read calls, 14 MB):
every screen from launch to the end of the load is captured, and keys are sent as soon as lector is
launched, while the log is still being read. No screen says "unknown format"; the first one that
shows anything names the session or says the log is being read; j, PageDown and q act as they do
once the log is loaded. Needs `npm run build` first (npm test builds first).
*/
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {startTmux, type TmuxSession, tmuxTest} from '../../helpers/tmux.js';
import {root} from '../../helpers/transcripts.js';

const calls = 5000;
const log = path.join(makeTempDir('lector-big-log-'), 'big.jsonl');

/** A pi log of `calls` prompts, each with one read call whose result is 2 KB: 2 items per prompt. */
function writeLog(): void {
	const usage = {input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2};
	const cost = {input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0};
	const at = '2025-03-01T10:00:01.000Z';
	const lines = [
		JSON.stringify({
			type: 'session',
			id: 'big',
			timestamp: '2025-03-01T10:00:00.000Z',
			cwd: '/home/ada/project',
			provider: 'anthropic',
			modelId: 'claude-sonnet-4-5',
			thinkingLevel: 'off',
		}),
	];
	const filler = 'x'.repeat(2000);
	for (let index = 1; index <= calls; index++) {
		const call = {type: 'toolCall', id: `r${index}`, name: 'read', arguments: {path: `src/file${index}.ts`}};
		lines.push(
			JSON.stringify({type: 'message', timestamp: at, message: {role: 'user', content: `prompt ${index}`}}),
			JSON.stringify({
				type: 'message',
				timestamp: at,
				message: {
					role: 'assistant',
					content: [call],
					api: 'anthropic-messages',
					provider: 'anthropic',
					model: 'claude-sonnet-4-5',
					usage: {...usage, cost},
					stopReason: 'toolUse',
					timestamp: 2,
				},
			}),
			JSON.stringify({
				type: 'message',
				timestamp: at,
				message: {
					role: 'toolResult',
					toolCallId: `r${index}`,
					toolName: 'read',
					content: [{type: 'text', text: `export const x${index} = ${index}; // ${filler}`}],
					isError: false,
					timestamp: 3,
				},
			}),
		);
	}

	writeFileSync(log, `${lines.join('\n')}\n`);
}

writeLog();

function replay(): TmuxSession {
	// CI=true: lector draws on a terminal even when the environment says CI.
	return startTmux(
		`cd ${JSON.stringify(root)} && CI=true XDG_CONFIG_HOME=/nonexistent node dist/cli.js replay ${JSON.stringify(log)}`,
		'lector-big',
	);
}

const items = calls * 2;
const statusOf = (screen: string) => screen.split('\n').find((line) => /^ \d+\/\d+ /.test(line)) ?? '';
const loaded = (screen: string) => statusOf(screen).includes(`/${items} `) && screen.includes('pi · ');

/** Every screen captured until the log is loaded, the last one included. */
async function screensUntilLoaded(session: TmuxSession, done = loaded): Promise<string[]> {
	const screens: string[] = [];
	await session.screenWhere((screen) => {
		screens.push(screen);
		return done(screen);
	});
	return screens;
}

/** The screen once everything is loaded and `keys` were sent after that. */
async function keysAfterLoad(...keys: string[]): Promise<string> {
	const late = replay();
	const first = await late.screenWhere(loaded);
	late.keys(...keys);
	return late.screenWhere((screen) => loaded(screen) && screen !== first);
}

tmuxTest('no screen says "unknown format"; the first says the log is read or names it', async () => {
	const screens = await screensUntilLoaded(replay());
	for (const screen of screens) {
		expect(screen).not.toContain('unknown format');
	}

	const firstShown = screens.find((screen) => screen.trim() !== '') ?? '';
	expect(firstShown).toMatch(/reading the log…|pi · claude-sonnet-4-5/);
});

tmuxTest('j j sent at launch, during the load, focuses what it focuses once loaded', async () => {
	const after = await keysAfterLoad('j', 'j');
	const early = replay();
	early.keys('j', 'j');
	const screens = await screensUntilLoaded(
		early,
		(screen) => loaded(screen) && statusOf(screen) === statusOf(after),
	);
	expect(screens.at(-1)).toBe(after);
});

tmuxTest('PageDown sent at launch shows the second page, as once loaded', async () => {
	const after = await keysAfterLoad('NPage');
	expect(after).toContain('file6.ts');
	const early = replay();
	early.keys('NPage');
	const screens = await screensUntilLoaded(
		early,
		(screen) => loaded(screen) && statusOf(screen) === statusOf(after),
	);
	expect(screens.at(-1)).toBe(after);
});

tmuxTest('q sent at launch quits, without waiting for the whole log', async () => {
	const early = replay();
	early.keys('q');
	const screens = await screensUntilLoaded(early, (screen) => screen.includes('exit=0'));
	expect(screens.at(-1)).toContain('exit=0');
	expect(screens.some(loaded)).toBe(false);
});
