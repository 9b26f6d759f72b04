/*
Issue 13, the session log under faults: SIGTERM (or a closed terminal, SIGHUP) while an answer streams
used to drop the partial answer from the log. Now the shell logs what arrived, with a notice that it
was cut, before it exits. The real CLI in tmux against the fake model server, a real signal.
*/
import {mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {startFakeModelServer} from '../../helpers/fake-model-server.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';

function logFiles(folder: string): string[] {
	return readdirSync(folder, {recursive: true, encoding: 'utf8'})
		.map((name) => path.join(folder, name))
		.filter((file) => file.endsWith('.jsonl') && statSync(file).isFile());
}

for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
	tmuxTest(`${signal} while an answer streams keeps what arrived in the log, marked as cut`, async () => {
		const temporary = makeTempDir('lector-shell-signal-');
		const workspace = path.join(temporary, 'workspace');
		mkdirSync(workspace);
		writeFileSync(path.join(workspace, 'notes.txt'), 'notes\n');
		const state = path.join(temporary, 'state');
		const pidFile = path.join(temporary, 'pid');
		const server = await startFakeModelServer('openai', [{type: 'hang', text: ['Half an ', 'answer']}]);
		try {
			const env = `env -u ANTHROPIC_API_KEY -u OPENAI_API_KEY CI=true CONTINUOUS_INTEGRATION=1 XDG_CONFIG_HOME=${JSON.stringify(path.join(temporary, 'config'))} XDG_STATE_HOME=${JSON.stringify(state)} LECTOR_PROVIDER=openai LECTOR_BASE_URL=${server.origin}/v1 LECTOR_API_KEY=x LECTOR_MODEL=fake`;
			const tmux = startTmux(
				`sh -c 'echo $$ > ${pidFile}; exec ${env} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)}'`,
				`lector-${signal.toLowerCase()}`,
			);
			await tmux.screenWhere((screen) => screen.includes('openai · fake'));
			tmux.type('Tell me');
			tmux.keys('Enter');
			await tmux.screenWhere((screen) => screen.includes('Half an answer'));
			process.kill(Number(readFileSync(pidFile, 'utf8')), signal);
			await tmux.screenWhere((screen) => screen.includes('exit='));

			const [log] = logFiles(state);
			expect(log).toBeDefined();
			const events = readFileSync(log ?? '', 'utf8')
				.split('\n')
				.filter((line) => line !== '')
				.map((line) => JSON.parse(line) as {event?: {type: string; text?: string}});
			const texts = events.flatMap((entry) =>
				entry.event?.type === 'assistant-text' ? [entry.event.text] : [],
			);
			expect(texts).toEqual(['Half an answer']);
			const notices = events.flatMap((entry) => (entry.event?.type === 'notice' ? [entry.event.text] : []));
			expect(notices.at(-1)).toBe(
				`The answer was cut off: lector was stopped (${signal}) while it arrived. What arrived is kept; ask again to continue.`,
			);
		} finally {
			await server.close();
		}
	});
}
