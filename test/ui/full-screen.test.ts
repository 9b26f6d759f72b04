/**
A full-screen view comes up with its first frame, never a blank screen first. One ended by a signal
(a closed terminal, `kill <pid>`) puts the terminal back: main screen, mouse reporting off, cursor
shown, and exits with 128 + the signal's number.
*/
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {makeTempDir} from '../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../helpers/tmux.js';
import {root} from '../helpers/transcripts.js';

const directory = makeTempDir('lector-signals-');
// XDG_CONFIG_HOME with mouse reporting on from the start, so the test sees it turned off again.
const config = path.join(directory, 'config');
mkdirSync(path.join(config, 'lector'), {recursive: true});
writeFileSync(path.join(config, 'lector', 'config.json'), JSON.stringify({mouse: true}));

/** tmux's view of the pane: alternate screen, any mouse mode, cursor shown. */
function paneFlags(name: string): {alternate: string; mouse: string; cursor: string} {
	const [alternate = '', mouse = '', cursor = ''] = execFileSync(
		'tmux',
		['display', '-p', '-t', name, '#{alternate_on} #{mouse_any_flag} #{cursor_flag}'],
		{encoding: 'utf8'},
	)
		.trim()
		.split(' ');
	return {alternate, mouse, cursor};
}

/** Run `lector <args>` in tmux, send `signal` to it once its view is up, and check the terminal after. */
async function killedBy(signal: 'SIGTERM' | 'SIGHUP' | 'SIGINT', args: string, code: number): Promise<void> {
	const pidFile = path.join(directory, `${signal}.pid`);
	const tmux = startTmux(
		`cd ${JSON.stringify(root)} && CI=true XDG_CONFIG_HOME=${JSON.stringify(config)} sh -c 'echo $$ > ${pidFile}; exec node ${cli} ${args}'`,
		'lector-signal',
	);
	await tmux.screenWhere((screen) => screen.includes('q quit'));
	expect(paneFlags(tmux.name)).toEqual({alternate: '1', mouse: '1', cursor: '0'});
	process.kill(Number(readFileSync(pidFile, 'utf8')), signal);
	const after = await tmux.screenWhere((screen) => screen.includes('exit='));
	expect(after).toContain(`exit=${code}`);
	expect(paneFlags(tmux.name)).toEqual({alternate: '0', mouse: '0', cursor: '1'});
	// Ink's last frame was drawn before leaving, not onto the main screen.
	expect(after).not.toContain('q quit');
}

tmuxTest('SIGTERM to lector read leaves the alternate screen and exits 143', async () => {
	await killedBy('SIGTERM', 'read fixtures/demo/greeting.ts', 143);
});

tmuxTest('SIGHUP to lector replay leaves the alternate screen and exits 129', async () => {
	await killedBy('SIGHUP', 'replay fixtures/sessions/pi/v1-linear.jsonl', 129);
});

tmuxTest(
	'SIGINT (kill -INT) to lector replay --follow leaves the alternate screen and exits 130',
	async () => {
		await killedBy('SIGINT', 'replay --follow fixtures/sessions/pi/v1-linear.jsonl', 130);
	},
);

tmuxTest(
	'the alternate screen comes up with the first frame: no blank screen before the session shows',
	async () => {
		const tmux = startTmux(
			`cd ${JSON.stringify(root)} && echo lector-starting && node ${cli} replay fixtures/sessions/pi/v1-linear.jsonl`,
			'lector-first-frame',
		);
		// Sampled as fast as tmux answers, from the shell's line to the view's status line.
		const screens: string[] = [];
		const deadline = Date.now() + 20_000;
		while (Date.now() < deadline) {
			const screen = execFileSync('tmux', ['capture-pane', '-p', '-t', tmux.name], {encoding: 'utf8'});
			screens.push(screen);
			if (screen.includes('q quit')) {
				break;
			}
		}

		const shown = screens.findIndex((screen) => screen.includes('lector-starting'));
		expect(shown).toBeGreaterThanOrEqual(0);
		expect(screens.at(-1)).toContain('q quit');
		const blank = screens.slice(shown).filter((screen) => screen.trim() === '');
		expect(blank).toEqual([]);
		tmux.keys('q');
		await tmux.screenWhere((screen) => screen.includes('exit=0'));
	},
);

tmuxTest(
	'the switch to the alternate screen and the first frame leave in one write, later frames draw in place',
	async () => {
		// Each write the app makes to its terminal, logged by a module loaded before lector's own.
		const log = path.join(directory, 'writes.jsonl');
		const logger = path.join(directory, 'log-writes.mjs');
		writeFileSync(
			logger,
			`import fs from 'node:fs';
		const write = process.stdout.write;
		process.stdout.write = function (chunk, ...rest) {
			fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(String(chunk)) + '\\n');
			return write.call(this, chunk, ...rest);
		};`,
		);
		const tmux = startTmux(
			`cd ${JSON.stringify(root)} && node --import ${JSON.stringify(logger)} ${cli} replay fixtures/agents/pi/0.73.1/lines5000_full/transcript.jsonl`,
			'lector-writes',
		);
		await tmux.screenWhere((screen) => screen.includes('q quit'));
		tmux.keys('e');
		await tmux.screenWhere((screen) => screen.includes('const value_0012'));
		tmux.keys('q');
		await tmux.screenWhere((screen) => screen.includes('exit=0'));
		const writes = readFileSync(log, 'utf8')
			.trimEnd()
			.split('\n')
			.map((line) => JSON.parse(line) as string);
		const first = writes[0] ?? '';
		expect(first.startsWith('\u001B[?1049h')).toBe(true);
		expect(first).toContain(' pi · ');
		// The frame after the key: rows rewritten from the top, not erased first.
		const redraws = writes.filter((write) => write.includes('value_0012'));
		expect(redraws.length).toBeGreaterThan(0);
		for (const redraw of redraws) {
			expect(redraw.startsWith('\u001B[H\u001B[2K')).toBe(true);
			expect(redraw).not.toContain('\u001B[1A');
		}
	},
);
