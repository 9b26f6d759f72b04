/**
The real binary in a real terminal: `lector` (the shell) in tmux against the fake model server, and
`npm start`'s command (the demo shell, no model, no network). Keys are sent with send-keys, the screen
is read back with capture-pane. Needs dist/cli.js (npm test builds before vitest).
*/
import {mkdirSync, readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {isRecord} from '../../../source/agent/json.js';
import {startFakeModelServer} from '../../helpers/fake-model-server.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';
import {root} from '../../helpers/transcripts.js';

/** No model from the person's own environment or config, and the log in a temp folder. */
function cleanEnv(state: string): string {
	const unset = [
		'ANTHROPIC_API_KEY',
		'ANTHROPIC_BASE_URL',
		'ANTHROPIC_MODEL',
		'OPENAI_API_KEY',
		'OPENAI_BASE_URL',
		'LECTOR_PROVIDER',
		'LECTOR_MODEL',
		'LECTOR_BASE_URL',
		'LECTOR_API_KEY',
		'LECTOR_MAX_OUTPUT_TOKENS',
	].map((name) => `-u ${name}`);
	// CONTINUOUS_INTEGRATION=1 as well as CI: lector draws on a terminal even then.
	return `env ${unset.join(' ')} CI=true CONTINUOUS_INTEGRATION=1 XDG_CONFIG_HOME=${JSON.stringify(path.join(state, 'config'))} XDG_STATE_HOME=${JSON.stringify(state)}`;
}

tmuxTest('lector in tmux against the fake server: prompt, read panel, ctrl+o, /model', async () => {
	const temporary = makeTempDir('lector-shell-tmux-');
	const workspace = path.join(temporary, 'workspace');
	mkdirSync(workspace);
	const notes = Array.from({length: 12}, (_, index) => `line ${index + 1} of the notes`).join('\n');
	writeFileSync(path.join(workspace, 'notes.txt'), `${notes}\n`);
	const server = await startFakeModelServer('openai', [
		{
			type: 'reply',
			text: ['Reading it.'],
			toolCalls: [{id: 'call_1', name: 'read', input: {path: 'notes.txt'}}],
		},
		{type: 'reply', text: ['Twelve lines of notes.']},
	]);
	try {
		const model = `LECTOR_PROVIDER=openai LECTOR_BASE_URL=${server.origin}/v1 LECTOR_API_KEY=x LECTOR_MODEL=fake`;
		const tmux = startTmux(
			`${cleanEnv(temporary)} ${model} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)} --max-output-tokens 1234`,
			'lector-shell',
		);
		await tmux.screenWhere((screen) => screen.includes('openai · fake'));
		tmux.type('What is in notes.txt?');
		tmux.keys('Enter');
		const collapsed = await tmux.screenWhere((screen) => screen.includes('Twelve lines of notes.'));
		expect(collapsed).toContain('read notes.txt:1-12  12 lines');
		expect(collapsed).toContain('… 7 more lines (ctrl+o to expand)');
		expect(collapsed).not.toContain('line 12 of the notes');
		const body = server.requests[0]?.body;
		expect(isRecord(body) && body['max_tokens']).toBe(1234);

		tmux.keys('C-o');
		const expanded = await tmux.screenWhere((screen) => screen.includes('12 │ line 12 of the notes'));
		expect(expanded).not.toContain('more lines (ctrl+o to expand)');
		// Never a frame as tall as the terminal: the last row stays free.
		expect(expanded.split('\n').length).toBeLessThanOrEqual(31);

		tmux.type('/model fake-2');
		tmux.keys('Enter');
		const switched = await tmux.screenWhere((screen) => screen.includes('Switched to openai · fake-2'));
		expect(switched).toMatch(/ \d+\/\d+ · fake-2 · ready · prompt/);

		tmux.keys('C-c');
		await tmux.screenWhere((screen) => screen.includes('Press ctrl+c again to quit.'));
		tmux.keys('C-c');
		const after = await tmux.screenWhere((screen) => screen.includes('exit=0'));
		expect(after).toContain('this session is saved in');
		const sessions = path.join(temporary, 'lector', 'sessions');
		const [folder] = readdirSync(sessions);
		const [log] = readdirSync(path.join(sessions, folder ?? ''));
		const text = readFileSync(path.join(sessions, folder ?? '', log ?? ''), 'utf8');
		expect(text).toContain('"What is in notes.txt?"');
		expect(text).toContain('"type":"tool-end"');
	} finally {
		await server.close();
	}
});

tmuxTest("npm start's command: the demo shell with no model and no network", async () => {
	const temporary = makeTempDir('lector-demo-tmux-');
	const tmux = startTmux(
		`cd ${JSON.stringify(root)} && ${cleanEnv(temporary)} node dist/cli.js --cwd fixtures/demo --demo fixtures/demo-session.jsonl`,
		'lector-demo',
	);
	const demo = await tmux.screenWhere((screen) => screen.includes('read server.py:1-60  60 of 243 lines'));
	expect(demo).toContain('[skill] release-notes');
	expect(demo).toContain('… 55 more lines (ctrl+o to expand)');

	tmux.type('read greeting.ts');
	tmux.keys('Enter');
	// The demo already holds a read of greeting.ts: wait for the new one, focused (▌) at the end.
	await tmux.screenWhere((screen) => screen.includes('▌ read greeting.ts:1-22  22 lines'));
	tmux.keys('C-o');
	// Expanded in place: its header keeps its row, and line 6 (past the 5-line preview) shows.
	await tmux.screenWhere((screen) => screen.includes('6 │     readonly excited: boolean;'));

	tmux.keys('C-c');
	tmux.keys('C-c');
	await tmux.screenWhere((screen) => screen.includes('exit=0'));
});
