/**
The real binary in a real terminal: `lector read` in tmux, Ctrl+O sent as a key, the screen read
back with capture-pane. Needs `npm run build` first (npm test builds before running vitest).
*/
import {expect} from 'vitest';
import {startTmux, tmuxTest} from '../helpers/tmux.js';
import {root} from '../helpers/transcripts.js';

tmuxTest('lector read in tmux: ctrl+o expands, q quits', async () => {
	// CI=true, as some shells export it: on a terminal lector still draws every frame (Ink alone would not).
	const tmux = startTmux(
		`cd ${JSON.stringify(root)} && CI=true XDG_CONFIG_HOME=/nonexistent node dist/cli.js read fixtures/ui/server.py --max-lines 80`,
		'lector-read',
	);
	const collapsed = await tmux.screenWhere((screen) => screen.includes('more lines (ctrl+o to expand)'));
	expect(collapsed).toContain('read fixtures/ui/server.py:1-80  80 of 243 lines');
	expect(collapsed).not.toContain('6 │ def handler_1');

	tmux.keys('C-o');
	const expanded = await tmux.screenWhere((screen) => screen.includes('6 │ def handler_1(request):'));
	const lines = expanded.split('\n');
	expect(lines[0]).toContain('read fixtures/ui/server.py:1-80');
	expect(lines[1]).toContain('1 │ """A tiny HTTP server');
	expect(expanded).not.toContain('more lines (ctrl+o to expand)');

	tmux.keys('q');
	const after = await tmux.screenWhere((screen) => screen.includes('exit=0'));
	// Back on the main screen: the panel was drawn on the alternate screen only.
	expect(after).not.toContain('def handler_1');
});
