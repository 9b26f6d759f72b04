/**
The shell's transcript search in a real terminal: `/`, n, N and escape from the transcript focus,
`/` typed as text in the prompt. No model (typed commands run the tools), a temp state and config.
*/
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';
import {shellEnv} from './shell-env.js';

/** The status line: the last row of inverse video above the editor, found by its `· transcript` or `· prompt`. */
function statusLine(screen: string): string {
	return screen.split('\n').findLast((line) => / · (transcript|prompt)\b/.test(line)) ?? '';
}

tmuxTest(
	'search in the shell: / from the transcript, n and N step, escape cancels, / in the prompt is text',
	async () => {
		const temporary = makeTempDir('lector-shell-search-');
		const workspace = path.join(temporary, 'workspace');
		mkdirSync(workspace);
		writeFileSync(path.join(workspace, 'alpha.txt'), 'first needle here\n');
		writeFileSync(path.join(workspace, 'beta.txt'), 'second needle there\n');
		writeFileSync(path.join(workspace, 'gamma.txt'), 'no match in this one\n');
		const tmux = startTmux(
			`${shellEnv(temporary)} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)}`,
			'lector-search',
		);
		await tmux.screenWhere((screen) => screen.includes('Ask about the code'));
		for (const name of ['alpha', 'beta', 'gamma']) {
			tmux.type(`read ${name}.txt`);
			tmux.keys('Enter');
			// eslint-disable-next-line no-await-in-loop
			await tmux.screenWhere((screen) => screen.includes(`read ${name}.txt:1`));
		}

		// In the prompt `/` is text (a slash command or a path), never the search.
		tmux.type('/nee');
		const typed = await tmux.screenWhere((screen) => screen.includes('/nee'));
		expect(typed).not.toContain('enter search');
		tmux.keys('C-u');
		await tmux.screenWhere((screen) => screen.includes('Ask about the code'));

		tmux.keys('Tab');
		await tmux.screenWhere((screen) => statusLine(screen).includes('transcript'));
		tmux.type('/needle');
		const prompt = await tmux.screenWhere(
			(screen) => screen.includes('/needle') && screen.includes('enter search · escape cancel'),
		);
		// The prompt stands in the status line's place.
		expect(statusLine(prompt)).toBe('');
		tmux.keys('Enter');
		const first = await tmux.screenWhere((screen) => statusLine(screen).includes('match 1 of 2'));
		expect(first).not.toContain('enter search');
		tmux.keys('n');
		await tmux.screenWhere((screen) => statusLine(screen).includes('match 2 of 2'));
		tmux.keys('N');
		await tmux.screenWhere((screen) => statusLine(screen).includes('match 1 of 2'));

		// Escape closes an open prompt without searching; the last search stays.
		tmux.type('/gamma');
		await tmux.screenWhere((screen) => screen.includes('/gamma'));
		tmux.keys('Escape');
		const cancelled = await tmux.screenWhere(
			(screen) => !screen.includes('/gamma') && statusLine(screen).includes('match 1 of 2'),
		);
		expect(statusLine(cancelled)).toContain('transcript');
		tmux.type('/nothing-like-it');
		tmux.keys('Enter');
		// The no-match word takes the status line's place until the next key.
		await tmux.screenWhere((screen) =>
			screen.split('\n').some((line) => line.trim() === 'no match for "nothing-like-it"'),
		);

		// With no prompt open, escape gives the keys back to the prompt, where n is typed.
		tmux.keys('Escape');
		await tmux.screenWhere((screen) => statusLine(screen).includes('prompt'));
		tmux.type('n');
		await tmux.screenWhere((screen) => screen.split('\n').some((line) => /^\s*[>❯›]?\s*n\s*$/.test(line)));
		tmux.keys('C-c');
		tmux.keys('C-c');
		await tmux.screenWhere((screen) => screen.includes('exit=0'));
	},
);
