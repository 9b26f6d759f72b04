/**
Replayed answers render as Markdown whichever agent wrote the log: a real pi, Claude Code and Codex
log (recorded fixtures) with its final answer replaced by Markdown, loaded and printed as
`lector replay --print` does.
*/
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {loadSession} from '../../../source/sessions/replay-file.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import {applyEvents, emptyTranscript} from '../../../source/transcript/reducer.js';
import {printItems} from '../../../source/ui/print.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {root} from '../../helpers/transcripts.js';

const directory = makeTempDir('lector-markdown-replay-');

const answer = [
	'## Found it',
	'',
	'The file sets **two** rules:',
	'',
	'- keep `npm test` green',
	'- see [the guide](https://example.com/guide)',
	'',
	'```ts',
	'const ok = true;',
	'```',
].join('\n');

const logs = [
	['pi', 'fixtures/agents/pi/0.73.1/agents_md/transcript.jsonl', 'Done: read tool results recorded.'],
	[
		'Claude Code',
		'fixtures/agents/claude-code/2.1.10/agents_md/transcript.jsonl',
		'Done: read tool results recorded.',
	],
	['Codex', 'fixtures/agents/codex/0.171.0/cat_agents_md/transcript.jsonl', 'Done: tool results recorded.'],
] as const;

describe.each(logs)('a %s log', (agent, fixture, finalAnswer) => {
	test('shows its answer as Markdown', async () => {
		const text = readFileSync(path.join(root, fixture), 'utf8');
		const quoted = JSON.stringify(finalAnswer).slice(1, -1);
		expect(text).toContain(quoted);
		const file = path.join(directory, `${agent.replace(' ', '-')}.jsonl`);
		writeFileSync(file, text.replaceAll(quoted, JSON.stringify(answer).slice(1, -1)));
		const session = await loadSession(file);
		const {items} = applyEvents(emptyTranscript, session.events);
		const printed = printItems(items, {
			width: 80,
			expanded: false,
			previewLines: 5,
			painter: createPainter(darkTheme, 0),
		});
		const lines = printed.split('\n').map((line) => line.trimEnd());
		const start = lines.indexOf('Found it');
		expect(start).toBeGreaterThanOrEqual(0);
		expect(lines.slice(start, start + 9)).toEqual([
			'Found it',
			'',
			'The file sets two rules:',
			'',
			'• keep npm test green',
			'• see the guide (https://example.com/guide)',
			'',
			'  const ok = true;',
			'',
		]);
		expect(printed).not.toMatch(/\*\*|```|## /);
	});
});

// In-process the test setup loads the Markdown renderer; the built CLI must load it itself.
test('the built `lector replay --print` renders the answer as Markdown, and `lector read` shows a file as it is', () => {
	const cli = path.join(root, 'dist', 'cli.js');
	expect(existsSync(cli), 'dist/cli.js is missing: run npm run build').toBe(true);
	const [, fixture, finalAnswer] = logs[1];
	const quoted = JSON.stringify(finalAnswer).slice(1, -1);
	const file = path.join(directory, 'cli.jsonl');
	writeFileSync(
		file,
		readFileSync(path.join(root, fixture), 'utf8').replaceAll(quoted, JSON.stringify(answer).slice(1, -1)),
	);
	const env = {...process.env, COLUMNS: '80', NO_COLOR: '1'};
	const replay = spawnSync(process.execPath, [cli, 'replay', file, '--print'], {encoding: 'utf8', env});
	expect(replay.status).toBe(0);
	expect(replay.stdout).toContain('• see the guide (https://example.com/guide)');
	expect(replay.stdout).not.toMatch(/\*\*|```|## /);
	const markdownFile = path.join(directory, 'notes.md');
	writeFileSync(markdownFile, `${answer}\n`);
	const read = spawnSync(process.execPath, [cli, 'read', markdownFile, '--print', '--expanded'], {
		encoding: 'utf8',
		env,
	});
	expect(read.status).toBe(0);
	// A read shows the file's own text, markup and all.
	expect(read.stdout).toContain('The file sets **two** rules:');
});
