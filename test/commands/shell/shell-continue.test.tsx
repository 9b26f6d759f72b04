/**
`--continue` without a model, as frames: the resumed transcript, taller than the screen, opens at its
bottom, and the setup note (how to configure a model) is the last thing above the status line, where
the person looks, never above the resumed transcript. A real log written by a first session.
*/
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {openShellSession} from '../../../source/agent/open.js';
import ShellHost from '../../../source/commands/shell/shell-host.js';
import {defaultBindings} from '../../../source/keys/bindings.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import {type Rendered, renderAt} from '../../helpers/render.js';
import {makeTempDir} from '../../helpers/temp-dir.js';

let current: Rendered | undefined;
afterEach(() => {
	current?.unmount();
	current = undefined;
});

/** The rows of a frame above the status line (the row holding `· prompt`), blank ones at the end dropped. */
function transcriptRows(frame: string): string[] {
	const lines = frame.split('\n');
	const status = lines.findIndex((line) => / · prompt {2}/.test(line));
	const above = lines.slice(0, Math.max(0, status));
	while (above.at(-1)?.trim() === '') above.pop();
	return above;
}

test.each([
	[80, 24],
	[120, 30],
])('at %ix%i the setup note is at the bottom, under the resumed transcript', async (columns, rows) => {
	const workspace = makeTempDir('lector-continue-frame-');
	const state = makeTempDir('lector-continue-state-');
	const env = {XDG_STATE_HOME: state, XDG_CONFIG_HOME: state};
	const long = Array.from({length: 30}, (_, index) => `line ${index + 1} of the notes`).join('\n');
	writeFileSync(path.join(workspace, 'notes.txt'), `${long}\n`);
	const first = await openShellSession({cwd: workspace, flags: {}, env});
	for (const offset of [1, 11, 21]) {
		// eslint-disable-next-line no-await-in-loop
		await first.session.submit(`read notes.txt ${offset} 10`);
	}

	first.session.close();
	const opened = await openShellSession({cwd: workspace, flags: {}, env, continueLast: true});
	expect(opened.previousEvents.length).toBeGreaterThan(0);
	current = await renderAt(
		<ShellHost
			first={opened}
			reopen={async () => opened}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 0)}
			previewLines={5}
		/>,
		columns,
		rows,
	);
	const frame = await current.waitForFrame((shown) => shown.includes('to run a tool yourself.'));
	const above = transcriptRows(frame);
	// The note's last row is the transcript's last row; its first row comes after the last read.
	expect(above.at(-1)).toMatch(/to run a tool yourself\.\s*$/);
	const note = above.findIndex((row) => row.includes('No model is configured'));
	const lastRead = above.findLastIndex((row) => row.includes('read notes.txt:21-30'));
	expect(lastRead).toBeGreaterThanOrEqual(0);
	expect(note).toBeGreaterThan(lastRead);
	// Shown once: not also above the resumed transcript.
	expect(frame.split('No model is configured')).toHaveLength(2);
	// The first read scrolled off the top: the view opened at the bottom.
	expect(frame).not.toContain('read notes.txt:1-10');
	expect(frame.split('\n')).toHaveLength(rows - 1);
});
