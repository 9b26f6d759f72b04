/**
Frames of the shell's transcript search at 40, 80 and 120 columns: the prompt in the status line's
place, the focus on each match in turn, the count where it fits, and every frame rows - 1 tall.
*/
import path from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {AgentSession} from '../../../source/agent/session.js';
import ShellApp from '../../../source/commands/shell/shell-app.js';
import {defaultBindings} from '../../../source/keys/bindings.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {keys, type Rendered, renderAt} from '../../helpers/render.js';
import {root} from '../../helpers/transcripts.js';

let current: Rendered | undefined;
let session: AgentSession | undefined;
afterEach(() => {
	current?.unmount();
	current = undefined;
	session?.close();
	session = undefined;
});

const events: TranscriptEvent[] = [
	{
		type: 'notice',
		id: 'banner',
		level: 'info',
		text: 'A notice about a needle is lector’s own: never a match.',
	},
	{type: 'user-text', id: 'u1', text: 'Where is the thread?'},
	{type: 'assistant-text', id: 'a1', text: 'The NEEDLE is in the haystack.'},
	{type: 'tool-start', id: 't1', name: 'read', args: {path: 'hay.txt'}},
	{
		type: 'tool-end',
		id: 't1',
		result: {content: [{type: 'text', text: 'straw\nstraw\na needle\nstraw'}], isError: false},
	},
	{type: 'assistant-text', id: 'a2', text: 'Nothing else here.'},
];

const rows = 24;

async function shell(columns: number, initialEvents: TranscriptEvent[] = events): Promise<Rendered> {
	session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	current = await renderAt(
		<ShellApp
			session={session}
			initialEvents={initialEvents}
			stickyEvents={[]}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 0)}
			previewLines={4}
		/>,
		columns,
		rows,
	);
	return current;
}

/** The rows marked as focused (the bar at the left). */
function focusedText(frame: string): string {
	return frame
		.split('\n')
		.filter((line) => line.startsWith('▌'))
		.join('\n');
}

describe.each([40, 80, 120])('at %i columns', (columns) => {
	test('/ opens the prompt in the status line, enter goes to the first match, n and N step', async () => {
		const view = await shell(columns);
		await view.press('\t');
		await view.press('/');
		for (const character of 'needle') {
			await view.press(character);
		}

		const prompt = view.frame().split('\n');
		expect(prompt).toHaveLength(rows - 1);
		// The prompt replaces the status line; the editor stays below it.
		expect(prompt.at(-2)).toBe('/needle   enter search · escape cancel'.slice(0, columns));
		expect(prompt.at(-1)).toMatch(/^› /);

		await view.press(keys.enter);
		const first = view.frame();
		expect(first.split('\n')).toHaveLength(rows - 1);
		expect(focusedText(first)).toContain('The NEEDLE is in the haystack.');
		const status = first.split('\n').at(-2) ?? '';
		if (columns >= 80) {
			expect(status).toContain('match 1 of 2');
		}

		// At 40 columns the essential keys take the whole line: the focus bar shows the match.
		expect(status).toContain(columns >= 80 ? 'transcript' : 'tab prompt');
		await view.press('n');
		const second = view.frame();
		expect(second.split('\n')).toHaveLength(rows - 1);
		expect(focusedText(second)).toContain('read hay.txt');
		expect(focusedText(second)).not.toContain('NEEDLE');
		if (columns >= 80) {
			expect(second.split('\n').at(-2)).toContain('match 2 of 2');
		}

		// Past the last match, n wraps to the first; N steps back.
		await view.press('n');
		expect(focusedText(view.frame())).toContain('The NEEDLE is in the haystack.');
		await view.press('N');
		expect(focusedText(view.frame())).toContain('read hay.txt');
	});

	test('a search finds the words a Markdown answer shows, across its markup', async () => {
		const view = await shell(columns, [
			{type: 'user-text', id: 'u1', text: 'Where?'},
			{type: 'assistant-text', id: 'a1', text: 'The **hidden** `thread` is here.'},
			{type: 'assistant-text', id: 'a2', text: 'Nothing else.'},
		]);
		await view.press('\t');
		await view.press('/');
		for (const character of 'hidden thread') {
			await view.press(character);
		}

		await view.press(keys.enter);
		const frame = view.frame();
		expect(frame.split('\n')).toHaveLength(rows - 1);
		expect(focusedText(frame)).toBe('▌ The hidden thread is here.');
		expect(frame).not.toContain('**');
		await view.press('/');
		for (const character of '**hidden') {
			await view.press(character);
		}

		await view.press(keys.enter);
		expect(view.frame().split('\n').at(-2)).toBe(' no match for "**hidden"');
	});

	test('escape closes the prompt without searching; a search with no match says so at every width, until the next key', async () => {
		const view = await shell(columns);
		await view.press('\t');
		const before = view.frame();
		await view.press('/');
		await view.press('hay');
		await view.press('\u001B');
		const closed = view.frame();
		expect(closed).toBe(before);
		await view.press('/');
		await view.press('thimble');
		await view.press(keys.enter);
		const none = view.frame().split('\n');
		expect(none).toHaveLength(rows - 1);
		// At every width the no-match word takes the status line's place until the next key.
		expect(none.at(-2)).toBe(' no match for "thimble"');
		await view.press('j');
		const after = view.frame().split('\n');
		expect(after).toHaveLength(rows - 1);
		// The status line is back (its note keeps the word where it fits, at 120).
		expect(after.at(-2)).toContain('tab prompt');
		expect(after.at(-2)?.includes('no match')).toBe(columns >= 100);
		// n repeats the search, and says it again.
		await view.press('n');
		expect(view.frame().split('\n').at(-2)).toContain('no match for "thimble"');
	});
});
