/**
The shell with bracketed pastes, as frames: ink-testing-library writes the bytes Ink reads after
ui/paste-stdin.ts took the pastes out (each one an `ESC[200~` token, its text in the inbox). A paste is
one insertion (its lines kept, never sent), also into the open search; a typed `[200~` is text; the
lines of one chunk of keys are each sent, the second once the first turn is over (real AgentSession,
fake model server).
*/
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {AgentSession} from '../../../source/agent/session.js';
import ShellApp, {type ShellSession} from '../../../source/commands/shell/shell-app.js';
import {defaultBindings} from '../../../source/keys/bindings.js';
import {pasteStart} from '../../../source/keys/bracketed-paste.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import type {PasteInbox} from '../../../source/ui/paste-stdin.js';
import {startHarness} from '../../agent/harness.js';
import {type Rendered, renderAt} from '../../helpers/render.js';
import {root} from '../../helpers/transcripts.js';

const rows = 24;
/** Ticks to wait for a frame that depends on a round trip to the fake server. */
const network = 5000;
let current: Rendered | undefined;
afterEach(() => {
	current?.unmount();
	current = undefined;
});

async function shell(session: ShellSession, pasted: string[]): Promise<Rendered> {
	const pastes: PasteInbox = {take: () => pasted.shift()};
	current = await renderAt(
		<ShellApp
			session={session}
			initialEvents={[]}
			stickyEvents={[]}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 0)}
			previewLines={2}
			pastes={pastes}
		/>,
		100,
		rows,
	);
	return current;
}

test('a paste token inserts its text whole, lines kept and nothing sent; a typed [200~ is text', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const view = await shell(session, ['ls\nread greeting.ts']);
	await view.press('x ');
	await view.press(pasteStart);
	expect(view.frame().split('\n').slice(-2)).toEqual(['› x ls', '  read greeting.ts']);
	// Nothing ran: no panel, no prompt in the transcript.
	expect(view.frame()).not.toContain('read greeting.ts:1');
	// The inbox is empty: these are the characters typed.
	await view.press(pasteStart);
	expect(view.frame().split('\n').at(-1)).toBe('  read greeting.ts[200~');
	session.close();
});

test('a paste into the open search prompt is its text', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const view = await shell(session, ['greeting']);
	await view.press('read greeting.ts\r');
	await view.waitForFrame((screen) => screen.includes('read greeting.ts:1-22'), network);
	await view.press('\t');
	await view.press('/');
	await view.press(pasteStart);
	expect(view.frame()).toMatch(/\/greeting/);
	session.close();
});

test('a paste while the help is open closes it and lands in the prompt; the next paste is its own', async () => {
	const session = new AgentSession({cwd: path.join(root, 'fixtures', 'demo'), config: undefined});
	const view = await shell(session, ['first paste', ' second']);
	await view.press('\t');
	await view.press('?');
	await view.waitForFrame((screen) => !screen.includes('Ask about the code'));
	await view.press(pasteStart);
	await view.waitForFrame((screen) => screen.split('\n').at(-1) === '› first paste');
	await view.press(pasteStart);
	expect(view.frame().split('\n').at(-1)).toBe('› first paste second');
	session.close();
});

test('two lines in one chunk of keys: each is sent, the second once the first turn is over', async () => {
	const h = await startHarness('openai', [
		{type: 'reply', text: ['First answer.']},
		{type: 'reply', text: ['Second answer.']},
	]);
	const view = await shell(h.session, []);
	await view.press('one\rtwo\r');
	const frame = await view.waitForFrame((screen) => screen.includes('Second answer.'), network);
	expect(frame.indexOf('First answer.')).toBeLessThan(frame.indexOf('› two'));
	expect(frame).not.toContain('A turn is running');
	const prompts = h.server.requests.map((request) => JSON.stringify(request.body));
	expect(prompts).toHaveLength(2);
	expect(prompts[0]).toContain('"one"');
	expect(prompts[0]).not.toContain('"two"');
	expect(prompts[1]).toContain('"two"');
	h.session.close();
	await h.server.close();
});
