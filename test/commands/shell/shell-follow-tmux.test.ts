/**
Ctrl+O while the model streams: the real binary in tmux, the real key byte (\x0f, sent as C-o), and
the fake model server streaming a long answer one chunk at a time, each let go by the test once the
one before is on screen. Expanding while the view follows the answer keeps it following.
*/
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect} from 'vitest';
import {createPacer, startFakeModelServer} from '../../helpers/fake-model-server.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli, startTmux, tmuxTest} from '../../helpers/tmux.js';
import {shellEnv} from './shell-env.js';

/** Paragraphs of the answer after the press: with the blank rows between them, more than the 30-row pane holds. */
const answerRows = 20;

// Paragraphs (the answer is Markdown: lines with single breaks would join into one).
const answer = [
	'The notes count twelve lines.\n\n',
	...Array.from({length: answerRows}, (_, index) => `Row ${index + 1} of the answer.\n\n`),
	'Done: the last word is zebrafinch.',
];

/** Presses `key` mid-stream, then streams the rest: every chunk, the last word included, shows up on screen. */
async function pressWhileStreaming(key: 'C-o' | '/expand-all'): Promise<void> {
	const temporary = makeTempDir('lector-follow-tmux-');
	const workspace = path.join(temporary, 'workspace');
	mkdirSync(workspace);
	const notes = Array.from({length: 12}, (_, index) => `line ${index + 1} of the notes`).join('\n');
	writeFileSync(path.join(workspace, 'notes.txt'), `${notes}\n`);
	const pacer = createPacer();
	const server = await startFakeModelServer('openai', [
		{
			type: 'reply',
			text: ['Reading it.'],
			toolCalls: [{id: 'call_1', name: 'read', input: {path: 'notes.txt'}}],
		},
		{type: 'reply', text: answer, pace: pacer.wait},
	]);
	try {
		const model = `LECTOR_PROVIDER=openai LECTOR_BASE_URL=${server.origin}/v1 LECTOR_API_KEY=x LECTOR_MODEL=fake`;
		const tmux = startTmux(
			`${shellEnv(temporary)} ${model} node ${JSON.stringify(cli)} --cwd ${JSON.stringify(workspace)}`,
			'lector-follow',
		);
		await tmux.screenWhere((screen) => screen.includes('openai · fake'));
		tmux.type('What is in notes.txt?');
		tmux.keys('Enter');
		await tmux.screenWhere((screen) => screen.includes('The notes count twelve lines.'));
		if (key === 'C-o') {
			tmux.keys('C-o');
		} else {
			tmux.type('/expand-all');
			tmux.keys('Enter');
		}

		// The read panel expanded, its last line past the preview on screen, while the answer streams.
		const expanded = await tmux.screenWhere((screen) => screen.includes('12 │ line 12 of the notes'));
		expect(expanded).toContain('The notes count twelve lines.');
		for (let index = 1; index < answer.length; index++) {
			pacer.release();
			const shown = (answer[index] ?? '').trim();
			// Each chunk shows at the bottom as it arrives: the view still follows the answer.
			// eslint-disable-next-line no-await-in-loop
			await tmux.screenWhere((screen) => screen.includes(shown));
		}

		const end = await tmux.screenWhere((screen) => / · ready · /.test(screen));
		expect(end).toContain('the last word is zebrafinch.');
		// The first rows of the answer went up, off screen, as the rest arrived.
		expect(end).not.toContain('Row 1 of the answer.');
		expect(server.remaining()).toBe(0);
	} finally {
		await server.close();
	}
}

tmuxTest('ctrl+o while the model streams keeps the view following the answer', async () => {
	await pressWhileStreaming('C-o');
});

tmuxTest('/expand-all while the model streams keeps the view following the answer', async () => {
	await pressWhileStreaming('/expand-all');
});
