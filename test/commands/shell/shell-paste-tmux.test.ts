/**
Bracketed paste in a real terminal, without a model (typed commands run the tools): tmux's
paste-buffer -p wraps a paste in the markers once lector turned the mode on. A paste of lines (one
holding an ESC sequence) is one insertion into the prompt, never sent; commands typed while lector
starts are keys, each line sent by its enter; every way out (quit, a signal) turns the mode off, so
`cat -v` run after lector in the same pane gets a paste with no markers.
*/
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';
import {shellEnv} from './shell-env.js';

function workspaceWithFiles(prefix: string): {temporary: string; workspace: string} {
	const temporary = makeTempDir(prefix);
	const workspace = path.join(temporary, 'workspace');
	mkdirSync(workspace);
	writeFileSync(path.join(workspace, 'a.ts'), 'export const a = 1;\n');
	writeFileSync(path.join(workspace, 'b.ts'), 'export const b = 2;\n');
	return {temporary, workspace};
}

/** What runs in the pane after lector: a line to wait for, then `cat -v`, which shows markers as ^[[200~. */
const thenCat = '; echo lector-gone; cat -v';

/** Once lector is gone, `cat -v` echoes a paste with no markers: bracketed paste is off. */
async function pasteReachesCatBare(tmux: ReturnType<typeof startTmux>): Promise<void> {
	await tmux.screenWhere((screen) => screen.includes('lector-gone'));
	tmux.paste('after lector');
	tmux.keys('Enter');
	const echoed = await tmux.screenWhere((screen) => /^after lector$/m.test(screen));
	expect(echoed).not.toContain('[200~');
	tmux.keys('C-d');
}

tmuxTest('a paste is one insertion; commands typed while lector starts are each sent', async () => {
	const {temporary, workspace} = workspaceWithFiles('lector-paste-tmux-');
	const tmux = startTmux(
		`${shellEnv(temporary)} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)}${thenCat}`,
		'lector-paste',
	);
	// Sent at once, before lector has drawn anything: they wait in the terminal and arrive together.
	tmux.type('read a.ts');
	tmux.keys('Enter');
	tmux.type('read b.ts');
	tmux.keys('Enter');
	const both = await tmux.screenWhere(
		(screen) => screen.includes('read a.ts:1  1 line') && screen.includes('read b.ts:1  1 line'),
	);
	expect(both).toContain('export const b = 2;');
	expect(both).not.toContain('read a.ts read b.ts');

	tmux.paste('first line\nsecond \u001B[31mline\nread a.ts');
	// The three lines in the prompt, the ESC removed; nothing was sent (no third read panel).
	const pasted = await tmux.screenWhere(
		(screen) => screen.includes('read a.ts') && screen.includes('[31mline'),
	);
	expect(pasted).toMatch(/first line\s*\n.*second \[31mline\s*\n.*read a\.ts/);
	expect(pasted.match(/read a\.ts:1 {2}1 line/g)).toHaveLength(1);

	tmux.keys('C-c');
	tmux.keys('C-c');
	await pasteReachesCatBare(tmux);
});

tmuxTest('SIGTERM to the shell turns bracketed paste off', async () => {
	const {temporary, workspace} = workspaceWithFiles('lector-paste-signal-');
	const pidFile = path.join(temporary, 'pid');
	const tmux = startTmux(
		`sh -c 'echo $$ > ${pidFile}; exec ${shellEnv(temporary)} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)}'${thenCat}`,
		'lector-paste-signal',
	);
	await tmux.screenWhere((screen) => screen.includes('Ask about the code'));
	process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
	await pasteReachesCatBare(tmux);
});
