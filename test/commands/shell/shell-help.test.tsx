/** /help in the shell names the keys in use, and what it says is true: that key opens the help screen. */
import {afterEach, expect, test} from 'vitest';
import {AgentSession} from '../../../source/agent/session.js';
import ShellApp from '../../../source/commands/shell/shell-app.js';
import {shellKeysHelp} from '../../../source/commands/shell/shell-status.js';
import {applyOverrides, defaultBindings} from '../../../source/keys/bindings.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import {makeWorkspace} from '../../agent/harness.js';
import {keys, type Rendered, renderAt} from '../../helpers/render.js';

let current: Rendered | undefined;

afterEach(() => {
	current?.unmount();
	current = undefined;
});

test.each([
	[
		{},
		'Keys: ? with the transcript focused (tab moves the keys there) lists every key of the shell. ctrl+c twice or /quit quits.',
	],
	[
		{help: ['h'], switchFocus: ['ctrl+t']},
		'Keys: h with the transcript focused (ctrl+t moves the keys there) lists every key of the shell. ctrl+c twice or /quit quits.',
	],
])('shellKeysHelp(%j)', (overrides, expected) => {
	const {bindings} = applyOverrides(overrides);
	expect(shellKeysHelp(bindings)).toBe(expected);
});

test('with no key for the help screen, /help says so', () => {
	const {bindings} = applyOverrides({toggleExpand: ['ctrl+o', '?']});
	expect(bindings.keysByCommand.help).toEqual([]);
	expect(shellKeysHelp(bindings)).toMatch(/^Keys: no key is bound to the help screen/);
});

test('/help lists the slash commands and how to see the keys, and the key it names opens the help', async () => {
	const session = new AgentSession({
		cwd: makeWorkspace(),
		config: undefined,
		keysHelp: shellKeysHelp(defaultBindings),
	});
	current = await renderAt(
		<ShellApp
			session={session}
			initialEvents={[]}
			stickyEvents={[]}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 0)}
			previewLines={2}
		/>,
		100,
		30,
	);
	for (const character of '/help') {
		// eslint-disable-next-line no-await-in-loop
		await current.press(character);
	}

	await current.press(keys.enter);
	const notice = await current.waitForFrame((text) => text.includes('Keys: ?'));
	expect(notice).toContain('/quit');
	expect(notice).toContain('with the transcript focused (tab moves the keys there)');
	await current.press('\t');
	await current.press('?');
	await current.waitForFrame((text) => text.includes('lector keys (the shell'));
});
