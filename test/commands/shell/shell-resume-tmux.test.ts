/**
`--continue` and `/resume` in a real terminal, without a model (typed commands run the tools): the
resumed transcript with the setup note at the bottom, where the view opens; `/resume` listing the
folder's other sessions and opening one in place; a bad pick kept in the editor.
*/
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';
import {shellEnv} from './shell-env.js';

/** The screen's rows without the blank ones at the end. */
function rows(screen: string): string[] {
	const lines = screen.split('\n');
	while (lines.at(-1)?.trim() === '') lines.pop();
	return lines;
}

/** The last row of the transcript: the last one with text above the status line. */
function lastTranscriptRow(screen: string): string {
	const shown = rows(screen);
	const status = shown.findIndex((line) => / · prompt {2}/.test(line));
	return shown.slice(0, Math.max(0, status)).findLast((line) => line.trim() !== '') ?? '';
}

tmuxTest(
	'--continue shows the setup note at the bottom; /resume lists and opens another session',
	async () => {
		const temporary = makeTempDir('lector-shell-resume-');
		const workspace = path.join(temporary, 'workspace');
		mkdirSync(workspace);
		const long = Array.from({length: 40}, (_, index) => `line ${index + 1}`).join('\n');
		for (const name of ['alpha', 'beta', 'gamma']) {
			writeFileSync(path.join(workspace, `${name}.txt`), `${name} ${long}\n`);
		}

		const shell = (flags: string, prefix: string) =>
			startTmux(
				`${shellEnv(temporary)} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)} ${flags}`,
				prefix,
			);
		const quit = async (tmux: ReturnType<typeof startTmux>) => {
			tmux.keys('C-c');
			tmux.keys('C-c');
			return tmux.screenWhere((screen) => screen.includes('exit=0'));
		};

		// Two sessions: the older reads alpha, the newer reads beta three times (a transcript taller than the screen).
		for (const [name, times] of [
			['alpha', 1],
			['beta', 3],
		] as const) {
			const tmux = shell('', `lector-resume-${name}`);
			// eslint-disable-next-line no-await-in-loop
			await tmux.screenWhere((screen) => screen.includes('Ask about the code'));
			for (let time = 1; time <= times; time++) {
				tmux.type(`read ${name}.txt ${time}`);
				tmux.keys('Enter');
				// One at a time, each seen: keys sent together would arrive as one chunk.
				// eslint-disable-next-line no-await-in-loop
				await tmux.screenWhere((screen) => screen.includes(`read ${name}.txt:${time}-`));
			}

			// eslint-disable-next-line no-await-in-loop
			await quit(tmux);
			// Log names lead with the start time to the millisecond: keep the two apart.
			// eslint-disable-next-line no-await-in-loop
			await new Promise((resolve) => setTimeout(resolve, 20));
		}

		const tmux = shell('--continue', 'lector-resume-continue');
		const continued = await tmux.screenWhere((screen) => screen.includes('to run a tool yourself.'));
		// The setup note is the last thing above the status line, under the resumed transcript.
		expect(lastTranscriptRow(continued)).toMatch(/to run a tool yourself\.\s*$/);
		// The view opens at the bottom: the last read, then the note, shown once.
		expect(continued).toContain('read beta.txt:3-');
		expect(continued.split('No model is configured')).toHaveLength(2);

		tmux.type('/resume');
		tmux.keys('Enter');
		const list = await tmux.screenWhere((screen) => screen.includes('Earlier sessions in this folder'));
		// The continued session is the one open: only the older one is listed.
		expect(list).toMatch(/1\. \d{4}-\d\d-\d\d \d\d:\d\d {2}read alpha\.txt 1 {2}· 1 read/);
		expect(list).not.toMatch(/2\. \d{4}/);

		tmux.type('/resume 7');
		tmux.keys('Enter');
		const refused = await tmux.screenWhere((screen) => screen.includes('There is no session 7'));
		// The wrong pick stays in the editor, to be corrected.
		expect(rows(refused).at(-1)).toMatch(/^› \/resume 7\s*$/);
		tmux.keys('C-u');
		tmux.type('/resume 1');
		tmux.keys('Enter');
		const resumed = await tmux.screenWhere(
			(screen) => screen.includes('read alpha.txt:1-') && !screen.includes('read beta.txt'),
		);
		expect(lastTranscriptRow(resumed)).toMatch(/to run a tool yourself\.\s*$/);

		tmux.type('read gamma.txt');
		tmux.keys('Enter');
		await tmux.screenWhere((screen) => screen.includes('read gamma.txt:1-'));
		const after = await quit(tmux);
		// The resumed session goes on in its own log.
		const folder = path.join(temporary, 'lector', 'sessions');
		const [workspaceFolder] = readdirSync(folder);
		const logs = readdirSync(path.join(folder, workspaceFolder ?? '')).sort();
		const alphaLog = path.join(folder, workspaceFolder ?? '', logs[0] ?? '');
		expect(after.replaceAll('\n', '')).toContain(`this session is saved in ${alphaLog}`);
		const alphaText = readFileSync(alphaLog, 'utf8');
		expect(alphaText).toContain('read alpha.txt');
		expect(alphaText).toContain('read gamma.txt');
		expect(readFileSync(path.join(folder, workspaceFolder ?? '', logs[1] ?? ''), 'utf8')).not.toContain(
			'gamma',
		);
	},
);
