/**
The session picker of `lector replay` (no log) in a real terminal: Ctrl+C and Ctrl+D at the prompt
end quietly, a wrong answer is explained and asked again.
*/
import {copyFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {parseChoice} from '../../../source/commands/replay/session-picker.js';
import {piFolderName} from '../../../source/sessions/session-list.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';
import {root} from '../../helpers/transcripts.js';

const home = makeTempDir('lector-picker-');
const project = path.join(home, 'project');
const sessions = path.join(home, '.pi', 'agent', 'sessions', piFolderName(project));
mkdirSync(sessions, {recursive: true});
mkdirSync(project);
for (const name of ['one.jsonl', 'two.jsonl']) {
	copyFileSync(path.join(root, 'fixtures', 'sessions', 'pi', 'v1-linear.jsonl'), path.join(sessions, name));
}

/** `lector replay` with no log, in a folder whose (fake) home holds two pi sessions. */
function picker() {
	return startTmux(
		`cd ${JSON.stringify(project)} && HOME=${JSON.stringify(home)} CI=true XDG_CONFIG_HOME=/nonexistent node ${JSON.stringify(cli)} replay`,
		'lector-picker',
	);
}

const prompted = (screen: string) => screen.includes('Open which? [1]');

test('an answer is a session number in range, or empty for the first', () => {
	expect(parseChoice('', 2)).toBe(0);
	expect(parseChoice(' 2 ', 2)).toBe(1);
	expect(parseChoice('abc', 2)).toBe(
		'"abc" is not one of the sessions: type a number from 1 to 2 (enter opens 1), or ctrl+c to cancel.',
	);
	expect(parseChoice('9', 2)).toContain('"9" is not one of the sessions');
	expect(parseChoice('0', 2)).toBeTypeOf('string');
	expect(parseChoice('1.5', 2)).toBeTypeOf('string');
});

tmuxTest('ctrl+c at the picker exits 130 without a stack trace', async () => {
	const tmux = picker();
	await tmux.screenWhere(prompted);
	await tmux.screenWhere((screen) => screen.includes('2  pi'));
	tmux.keys('C-c');
	const screen = await tmux.screenWhere((text) => text.includes('exit='));
	expect(screen).toContain('exit=130');
	expect(screen).not.toContain('Error');
	expect(screen).not.toContain('    at ');
});

tmuxTest('ctrl+d at the picker exits 0 without a stack trace', async () => {
	const tmux = picker();
	await tmux.screenWhere(prompted);
	tmux.keys('C-d');
	const screen = await tmux.screenWhere((text) => text.includes('exit='));
	expect(screen).toContain('exit=0');
	expect(screen).not.toContain('Error');
});

tmuxTest(
	'a wrong answer at the picker is explained and asked again; a right one opens the session',
	async () => {
		const tmux = picker();
		await tmux.screenWhere(prompted);
		tmux.type('abc');
		tmux.keys('Enter');
		await tmux.screenWhere((screen) => screen.includes('"abc" is not one of the sessions'));
		tmux.type('9');
		tmux.keys('Enter');
		const asked = await tmux.screenWhere((screen) => screen.includes('"9" is not one of the sessions'));
		expect(asked).not.toContain('exit=');
		expect(asked.split('\n').filter(prompted)).toHaveLength(3);
		tmux.type('2');
		tmux.keys('Enter');
		await tmux.screenWhere((screen) => screen.includes('What does index.ts export?'));
		tmux.keys('q');
		await tmux.screenWhere((screen) => screen.includes('exit=0'));
	},
);
