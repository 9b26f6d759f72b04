/** Under --follow a running call's path keeps the form its finished panel gives it. */
import {expect, test} from 'vitest';
import {SessionReplayer} from '../../source/sessions/replayer.js';
import {applyEvents, emptyTranscript, type TranscriptState} from '../../source/transcript/reducer.js';
import {panelText} from '../helpers/panels.js';

const base = {
	cwd: '/home/ada/p',
	sessionId: 's',
	version: '1.0.30',
	isSidechain: false,
	userType: 'external',
};
const lines = [
	{
		...base,
		type: 'user',
		uuid: 'u1',
		parentUuid: null,
		timestamp: '2025-04-01T09:00:01.000Z',
		message: {role: 'user', content: 'Look at foo'},
	},
	{
		...base,
		type: 'assistant',
		uuid: 'a1',
		parentUuid: 'u1',
		timestamp: '2025-04-01T09:00:02.000Z',
		message: {
			id: 'm1',
			type: 'message',
			role: 'assistant',
			model: 'claude-sonnet-4-5',
			content: [{type: 'tool_use', id: 'toolu_1', name: 'Read', input: {file_path: '/home/ada/p/foo.ts'}}],
		},
	},
	{
		...base,
		type: 'user',
		uuid: 'r1',
		parentUuid: 'a1',
		timestamp: '2025-04-01T09:00:03.000Z',
		message: {
			role: 'user',
			content: [{type: 'tool_result', tool_use_id: 'toolu_1', content: '     1\tone\n     2\ttwo'}],
		},
		toolUseResult: {
			type: 'text',
			file: {filePath: '/home/ada/p/foo.ts', content: 'one\ntwo', numLines: 2, startLine: 1, totalLines: 2},
		},
	},
];

test('a running Read shows the path relative to the session folder, as it will once done', () => {
	const replayer = new SessionReplayer();
	let transcript: TranscriptState = emptyTranscript;
	const feed = (index: number) => {
		const text = JSON.stringify(lines[index]);
		const output = replayer.feed({kind: 'line', text, number: index + 1, bytes: text.length});
		transcript = applyEvents(transcript, output.events);
	};

	feed(0);
	feed(1);
	const running = transcript.items.at(-1);
	expect(running && panelText(running)).toEqual(['⠋ Read foo.ts']);
	feed(2);
	const done = transcript.items.at(-1);
	expect(done && panelText(done)[0]).toMatch(/^Read foo\.ts/);
});
