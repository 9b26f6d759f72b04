/**
Keys pressed before `lector replay` shows its first screen act as they would after it: sent to the
terminal before lector even starts (the command waits half a second first, as a slow start would),
they wait in the terminal's input until lector reads them. Each screen is compared with the one the
same keys give when sent after the first screen. Needs `npm run build` first (npm test builds first).
*/
import {appendFileSync, readFileSync, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {startTmux, type TmuxSession, tmuxTest} from '../../helpers/tmux.js';
import {root} from '../../helpers/transcripts.js';

const folder = makeTempDir('lector-early-keys-');
const log = path.join(folder, 'calls.jsonl');
/** The same log behind 64 GiB of a sparse file's zeros (no disk used): minutes of reading before its first entry. */
const slowLog = path.join(folder, 'slow.jsonl');

/** A pi log of 300 prompts, each with one read call: 600 items, many screens long. */
function writeLog(): void {
	const usage = {input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2};
	const entries: unknown[] = [
		{
			type: 'session',
			id: 'early',
			timestamp: '2025-03-01T10:00:00.000Z',
			cwd: '/home/ada/project',
			provider: 'anthropic',
			modelId: 'claude-sonnet-4-5',
			thinkingLevel: 'off',
		},
	];
	for (let index = 1; index <= 300; index++) {
		const at = '2025-03-01T10:00:01.000Z';
		entries.push(
			{
				type: 'message',
				timestamp: at,
				message: {role: 'user', content: `prompt number ${index}`, timestamp: 1},
			},
			{
				type: 'message',
				timestamp: at,
				message: {
					role: 'assistant',
					content: [
						{type: 'toolCall', id: `r${index}`, name: 'read', arguments: {path: `src/file${index}.ts`}},
					],
					api: 'anthropic-messages',
					provider: 'anthropic',
					model: 'claude-sonnet-4-5',
					usage: {...usage, cost: {input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0}},
					stopReason: 'toolUse',
					timestamp: 2,
				},
			},
			{
				type: 'message',
				timestamp: at,
				message: {
					role: 'toolResult',
					toolCallId: `r${index}`,
					toolName: 'read',
					content: [{type: 'text', text: `export const x${index} = ${index};`}],
					isError: false,
					timestamp: 3,
				},
			},
		);
	}

	writeFileSync(log, `${entries.map((entry) => JSON.stringify(entry)).join('\n')}\n`);
}

writeLog();
writeFileSync(slowLog, '');
truncateSync(slowLog, 64 * 1024 ** 3);
appendFileSync(slowLog, `\n${readFileSync(log, 'utf8')}`);

function replay(delaySeconds: number, file = log): TmuxSession {
	// CI=true: lector draws on a terminal even when the environment says CI.
	return startTmux(
		`sleep ${delaySeconds}; cd ${JSON.stringify(root)} && CI=true XDG_CONFIG_HOME=/nonexistent node dist/cli.js replay ${JSON.stringify(file)}`,
		'lector-early',
	);
}

const statusOf = (screen: string) => screen.split('\n').find((line) => /^ \d+\/600 /.test(line)) ?? '';
const loaded = (screen: string) => statusOf(screen) !== '';

/** The screen once the keys were sent after the first screen, then once they were sent before it. */
async function afterAndBefore(...keys: string[]): Promise<[string, string]> {
	const late = replay(0);
	const first = await late.screenWhere(loaded);
	late.keys(...keys);
	const after = await late.screenWhere((screen) => loaded(screen) && screen !== first);

	const early = replay(0.5);
	early.keys(...keys);
	const before = await early.screenWhere((screen) => loaded(screen) && statusOf(screen) === statusOf(after));
	return [after, before];
}

tmuxTest('j j pressed before the first screen focuses the third item, as after it', async () => {
	const [after, before] = await afterAndBefore('j', 'j');
	expect(statusOf(after)).toMatch(/^ 6\/600 /);
	expect(before).toBe(after);
});

tmuxTest('PageDown pressed before the first screen shows the second page, as after it', async () => {
	const [after, before] = await afterAndBefore('NPage');
	expect(after).toContain('file6.ts');
	expect(before).toBe(after);
});

tmuxTest('q pressed before the first screen quits, as after it', async () => {
	const early = replay(0.5);
	early.keys('q');
	const screen = await early.screenWhere((text) => text.includes('exit=0'));
	expect(screen).toContain('exit=0');
});

tmuxTest('while the first entries are still being read the header says so, and q quits at once', async () => {
	const slow = replay(0, slowLog);
	const first = await slow.screenWhere((text) => text.includes('reading the log…'));
	expect(first).not.toContain('unknown format');
	// Moving keys wait for the entries; the quit after them needs none, so it does not wait.
	slow.keys('j', 'NPage', 'q');
	const screen = await slow.screenWhere((text) => text.includes('exit=0'));
	expect(screen).not.toMatch(/\/600/);
});
