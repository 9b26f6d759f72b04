#!/usr/bin/env node
/**
Writes fixtures/demo-session.jsonl, the session `npm start` shows: a lector session log whose tool
results are what lector's own tools return today on fixtures/demo (run here, not typed by hand), so the
demo stays true as the engine changes. The prompt and the assistant's words are scripted.

Run after `npm run build`: node scripts/make-demo-session.mjs [output]
(the output defaults to fixtures/demo-session.jsonl; test/shell/cli.test.ts writes elsewhere and
compares, so a stale committed log fails the tests).
*/
import {rmSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {LectorLogWriter} from '../dist/agent/session-log.js';
import {runTool} from '../dist/agent/tools.js';
import {ReadCache} from '../dist/read/index.js';
import {lectorLogVersion} from '../dist/sessions/lector/log-format.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspace = path.join(root, 'fixtures', 'demo');
const output = path.resolve(process.argv[2] ?? path.join(root, 'fixtures', 'demo-session.jsonl'));

/** The scripted conversation: text, and tool calls that really run. */
const script = [
	{type: 'user-text', text: 'What is in this folder, and how do I greet someone with it?'},
	{
		type: 'assistant-text',
		text: "I'll look at the folder first, then read the code and the notes for agents.",
	},
	{type: 'tool', name: 'ls', args: {}},
	{type: 'tool', name: 'read', args: {path: 'AGENTS.md'}},
	{type: 'tool', name: 'read', args: {path: 'greeting.ts'}},
	{type: 'tool', name: 'read', args: {path: 'skills/release-notes/SKILL.md'}},
	{type: 'tool', name: 'read', args: {path: 'server.py', limit: 60}},
	{
		type: 'assistant-text',
		text: [
			'greeting.ts exports `greet({name, excited})`, which trims the name, refuses an empty one and',
			'returns `Hello, <name>.` (or `!` when excited); `greetAll(names)` greets a list.',
			'AGENTS.md asks for small, reviewed changes and `npm test` before reporting done; the',
			'release-notes skill explains how to write notes from the commits since the last tag.',
			'server.py is a small HTTP server; I read its first 60 of 243 lines.',
		].join(' '),
	},
];

/** A fixed modification time: a fresh clone's files carry the time of the checkout. */
const fixedMtimeMs = Date.parse('2025-06-01T00:00:00.000Z');

/**
The committed log must not carry the generating machine's folders or checkout times: the read engine's
absolute `details.path` becomes the path relative to the repository (the panel shows `displayPath`),
and `details.mtimeMs` a fixed time.
*/
function portable(result) {
	const {details} = result;
	if (
		details &&
		typeof details === 'object' &&
		typeof details.path === 'string' &&
		path.isAbsolute(details.path)
	) {
		const mtimeMs = typeof details.mtimeMs === 'number' ? fixedMtimeMs : details.mtimeMs;
		return {...result, details: {...details, path: path.relative(root, details.path), mtimeMs}};
	}

	return result;
}

rmSync(output, {force: true});
// Fixed times, so regenerating gives the same file unless the engine's answers changed.
const start = Date.parse('2025-06-02T09:00:00.000Z');
const log = new LectorLogWriter(output, {
	type: 'lector-session',
	version: lectorLogVersion,
	id: 'demo',
	cwd: 'fixtures/demo',
	startedAt: new Date(start).toISOString(),
});
const cache = new ReadCache();
let second = 0;
let count = 0;
const at = () => new Date(start + 1000 * ++second);
for (const step of script) {
	count++;
	if (step.type === 'tool') {
		const id = `demo-call-${count}`;
		log.append({type: 'tool-start', id, name: step.name, args: step.args, tag: step.name}, at());
		const result = await runTool(step.name, step.args, {
			cwd: workspace,
			cache,
			signal: AbortSignal.timeout(10_000),
		});
		if (result.isError) {
			throw new Error(`${step.name} ${JSON.stringify(step.args)} failed: ${JSON.stringify(result.content)}`);
		}

		log.append({type: 'tool-end', id, name: step.name, args: step.args, result: portable(result)}, at());
	} else {
		log.append({type: step.type, id: `demo-${step.type}-${count}`, text: step.text}, at());
	}
}

log.close();
process.stdout.write(`wrote ${path.relative(root, output)} (${count} steps of the script)\n`);
