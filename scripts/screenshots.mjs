// npm run screenshots: renders the real panels with real ANSI colour from the built code (dist/)
// and converts them to SVG files under screenshots/. No network; regenerate after UI changes.
// Reproducible: a fixed clock (UTC, Date.now pinned), fixed width, truecolour, and the checkout's path
// replaced by a neutral one, so two runs on any machine write the same bytes
// (test/scripts/screenshots.test.ts). SCREENSHOTS_DIR writes elsewhere (the test's temp folder).
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {render} from 'ink';
import React from 'react';
import {defaultBindings} from '../dist/keys/bindings.js';
import {ReadCache, read} from '../dist/read/index.js';
import {createPainter} from '../dist/theme/ansi.js';
import {darkTheme} from '../dist/theme/themes.js';
import {applyEvents, emptyTranscript} from '../dist/transcript/reducer.js';
import {ansiToSvg} from '../dist/ui/ansi-svg.js';
import {printItems} from '../dist/ui/print.js';
import TranscriptView from '../dist/ui/transcript-view.js';
import {FakeStdin, FakeStdout} from './fake-terminal.mjs';
import {liveShots} from './live-shots.mjs';

// Before any Date is made: every time shown (an unchanged re-read's "since 14:05:09") is this one.
process.env.TZ = 'UTC';
const fixedNowMs = Date.UTC(2026, 0, 15, 14, 5, 9);
Date.now = () => fixedNowMs;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = process.env.SCREENSHOTS_DIR ?? path.join(root, 'screenshots');
/** What the checkout's path shows as: error notices name the working folder. */
const shownRoot = '/workspace/lector';

function neutral(line) {
	return line.replaceAll(root, shownRoot);
}
const columns = 100;
const painter = createPainter(darkTheme, 3);

async function call(id, filePath, params = {}, limits = {}, cache = undefined) {
	const result = await read({path: filePath, ...params}, {cwd: root, limits, cache});
	return [
		{type: 'tool-start', id, name: 'read', args: {path: filePath, ...params}},
		{type: 'tool-end', id, result},
	];
}

function items(events) {
	return applyEvents(emptyTranscript, events).items;
}

async function save(name, lines, title) {
	const svg = ansiToSvg(lines.map(neutral), {columns, title});
	await writeFile(path.join(outDir, `${name}.svg`), svg);
	console.log(`${name}.svg (${lines.length} lines)`);
}

async function panel(name, events, expanded, title) {
	const text = printItems(items(events), {
		width: columns,
		expanded,
		previewLines: 5,
		painter,
		expandHint: 'ctrl+o to expand',
	});
	await save(name, text.replace(/\n$/, '').split('\n'), title);
}

async function fullScreen(name, events, title) {
	const transcript = applyEvents(emptyTranscript, events);
	const stdout = new FakeStdout(columns, 30);
	const element = React.createElement(TranscriptView, {
		transcript,
		bindings: defaultBindings,
		painter,
		previewLines: 5,
	});
	const instance = render(element, {
		stdout,
		stdin: new FakeStdin(),
		stderr: stdout,
		debug: true,
		exitOnCtrlC: false,
		patchConsole: false,
	});
	await new Promise((resolve) => {
		setTimeout(resolve, 50);
	});
	const frame = stdout.lastFrame;
	instance.unmount();
	await save(name, frame.split('\n'), title);
}

await mkdir(outDir, {recursive: true});
const greeting = await call('g', 'fixtures/ui/greeting.ts');
await panel('collapsed', greeting, false, 'A read panel, collapsed: five highlighted lines and the hint');
await panel('expanded', greeting, true, 'The same panel after ctrl+o: everything the model got');
await panel(
	'skill',
	[
		...(await call('s', 'fixtures/ui/skills/pdf-tools/SKILL.md')),
		...(await call('s2', 'fixtures/ui/skills/pdf-tools/SKILL.md', {limit: 4})),
	],
	false,
	'SKILL.md reads fold to one line; a partial read says so',
);
await panel(
	'resource',
	[...(await call('a', 'fixtures/ui/AGENTS.md')), ...(await call('c', 'fixtures/ui/docs/CLAUDE.MD'))],
	false,
	'AGENTS.md and CLAUDE.md fold to one line',
);
await panel(
	'error',
	await call('e', 'fixtures/ui/missing.exs'),
	false,
	'Errors: plain text in one colour, never highlighted or folded',
);
await panel(
	'truncated',
	await call('t', 'fixtures/ui/server.py', {}, {maxLines: 50}),
	false,
	'When the engine cut what the model got, a warning says where it continues',
);
const cache = new ReadCache();
await call('u0', 'fixtures/ui/greeting.ts', {}, {}, cache);
await panel(
	'unchanged',
	await call('u', 'fixtures/ui/greeting.ts', {}, {}, cache),
	false,
	'An unchanged re-read is one dim line',
);
await fullScreen(
	'transcript',
	[
		...(await call('f1', 'fixtures/ui/greeting.ts')),
		...(await call('f2', 'fixtures/ui/missing.exs')),
		...(await call('f3', 'fixtures/ui/skills/pdf-tools/SKILL.md')),
		{
			type: 'tool-end',
			id: 'f4',
			name: 'bash',
			args: {command: 'ls fixtures/ui'},
			result: {
				content: [
					{type: 'text', text: 'AGENTS.md\ndocs\nescape.txt\ngreeting.ts\nserver.py\nskills\nwide.txt'},
				],
				isError: false,
			},
		},
		...(await call('f5', 'fixtures/ui/server.py', {}, {maxLines: 80})),
	],
	'The full-screen transcript view: focus marker, folds, errors, the status line',
);
await liveShots({root, columns, save, neutral});
process.exit(0);
