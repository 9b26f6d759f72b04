/**
`lector replay` in a real terminal: the header, the start at the top, `]` to the next prompt and a
`/` search, read back with capture-pane. Needs `npm run build` first (npm test builds first).
*/
import {expect} from 'vitest';
import {startTmux, tmuxTest} from '../../helpers/tmux.js';
import {root} from '../../helpers/transcripts.js';

const focused = (screen: string) => screen.split('\n').filter((line) => line.startsWith('▌'));

tmuxTest('lector replay in tmux: header, ] to the next prompt, / search', async () => {
	// CI=true: lector draws on a terminal even when the environment says CI.
	const tmux = startTmux(
		`cd ${JSON.stringify(root)} && CI=true XDG_CONFIG_HOME=/nonexistent node dist/cli.js replay fixtures/sessions/pi/v3-branches.jsonl`,
		'lector-replay',
	);
	const first = await tmux.screenWhere((screen) => screen.includes('1 malformed'));
	const lines = first.split('\n');
	expect(lines[0]?.trimEnd()).toBe(' pi · gpt-5 · /home/ada/project · 2025-03-01 10:00');
	expect(lines[1]).toContain('"Config loader, plan B" · ');
	// The top of the log, its first panel focused (as `g` gives): the focus keys never stop on a prompt.
	expect(lines[2]).toBe('  › Read the config loader');
	expect(focused(first)[0]).toMatch(/^▌ read /);

	tmux.keys(']');
	const jumped = await tmux.screenWhere((screen) => focused(screen)[0] === '▌ › Use plan B instead');
	expect(jumped.split('\n')[2]).toBe('▌ › Use plan B instead');

	tmux.keys('/');
	await tmux.screenWhere((screen) => screen.includes('enter search · escape cancel'));
	tmux.keys('MISSING');
	await tmux.screenWhere((screen) => screen.includes('/MISSING'));
	tmux.keys('Enter');
	const found = await tmux.screenWhere((screen) => screen.includes('match 1 of 1'));
	expect(focused(found)[0]).toBe('▌ read src/missing.ts');
	expect(found.split('\n')[0]).toContain('pi · gpt-5');

	tmux.keys('q');
	await tmux.screenWhere((screen) => screen.includes('exit=0'));
});
