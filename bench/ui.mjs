// npm run bench:ui: the transcript view with 10,000 generated tool panels (mixed languages and
// sizes, errors, skills, generic tools). Reports time to first frame, Ctrl+O on the focused panel,
// expand-all, a page of scrolling, a `/` search and `n` (median and worst over repeated keys) and
// peak RSS.
// Runs the built code in dist/ (npm run build first). Ink runs in debug mode so every render is
// written at once: the numbers are the cost of computing a frame, without the 60 fps throttle.
import {performance} from 'node:perf_hooks';
import process from 'node:process';
import {render} from 'ink';
import React from 'react';
import {defaultBindings} from '../dist/keys/bindings.js';
import {makeDetails} from '../dist/read/details.js';
import {createPainter} from '../dist/theme/ansi.js';
import {darkTheme} from '../dist/theme/themes.js';
import {applyEvents, emptyTranscript} from '../dist/transcript/reducer.js';
import TranscriptView from '../dist/ui/transcript-view.js';
import {FakeStdin, FakeStdout} from '../scripts/fake-terminal.mjs';

const panelCount = 10_000;
const columns = 120;
const rows = 40;
const repeats = 40;

const samples = {
	typescript: [
		'export function add(a: number, b: number): number {',
		'\t// add two numbers',
		'\treturn a + b;',
		'}',
		'const label = "sum: " + add(1, 2);',
	],
	python: [
		'def handler(request):',
		'    """Handle a request."""',
		"    return {'ok': True, 'n': 42}",
		'',
		'# end',
	],
	rust: [
		'fn main() {',
		'    let v: Vec<u32> = (0..10).collect();',
		'    println!("{:?}", v);',
		'}',
		'/* done */',
	],
	go: ['package main', 'import "fmt"', 'func main() {', '\tfmt.Println("hi")', '}'],
	json: ['{', '  "name": "lector",', '  "version": "0.1.0",', '  "private": true', '}'],
	markdown: ['# Title', '', 'Some *emphasis* and `code`.', '', '- item'],
};
const extensions = {typescript: 'ts', python: 'py', rust: 'rs', go: 'go', json: 'json', markdown: 'md'};
const languages = Object.keys(samples);
const sizes = [3, 12, 40, 150, 600, 2000];

/** A text read's details: makeDetails fills every field this does not set, as the engine does. */
function details(filePath, language, lines, extra = {}) {
	return makeDetails({
		path: `/work/${filePath}`,
		displayPath: filePath,
		language,
		selection: {mode: 'range', offset: 1, limit: undefined},
		encoding: 'utf-8',
		firstLine: 1,
		linesShown: lines.length,
		lines,
		totalLines: lines.length,
		totalLinesKnown: true,
		linesAfter: 0,
		fileBytes: lines.join('\n').length,
		outputBytes: lines.join('\n').length,
		mtimeMs: 0,
		size: 0,
		...extra,
	});
}

function linesFor(language, count, seed) {
	const sample = samples[language];
	return Array.from(
		{length: count},
		(_, index) => `${sample[index % sample.length]}${index % 7 === 0 ? ` // ${seed}-${index}` : ''}`,
	);
}

function events() {
	const list = [];
	for (let index = 0; index < panelCount; index++) {
		const id = `call-${index}`;
		const kind = index % 10;
		if (kind === 7) {
			list.push({
				type: 'tool-end',
				id,
				name: 'read',
				args: {path: `src/missing-${index}.ex`},
				result: {
					content: [
						{
							type: 'text',
							text: `File does not exist: src/missing-${index}.ex. The working folder is /work.`,
						},
					],
					details: details(`src/missing-${index}.ex`, 'elixir', [], {
						kind: 'error',
						errorCode: 'not-found',
						errorMessage: `File does not exist: src/missing-${index}.ex. The working folder is /work.`,
						linesShown: 0,
						firstLine: undefined,
					}),
					isError: true,
				},
			});
			continue;
		}

		if (kind === 8) {
			const lines = linesFor('markdown', 30, index);
			list.push({
				type: 'tool-end',
				id,
				name: 'read',
				args: {path: `skills/skill-${index}/SKILL.md`},
				result: {
					content: [{type: 'text', text: lines.join('\n')}],
					details: details(`skills/skill-${index}/SKILL.md`, 'markdown', lines),
					isError: false,
				},
			});
			continue;
		}

		if (kind === 9) {
			const output = Array.from({length: 1 + (index % 50)}, (_, line) => `file-${line}.txt`).join('\n');
			list.push({
				type: 'tool-end',
				id,
				name: 'bash',
				args: {command: `ls dir-${index}`},
				result: {content: [{type: 'text', text: output}], isError: false},
			});
			continue;
		}

		const language = languages[index % languages.length];
		const size = sizes[(index * 7) % sizes.length];
		const lines = linesFor(language, size, index);
		const filePath = `src/file-${index}.${extensions[language]}`;
		const truncated = size === 2000 ? {totalLines: 4312, truncation: 'lines', nextOffset: 2001} : {};
		list.push({
			type: 'tool-end',
			id,
			name: 'read',
			args: {path: filePath},
			result: {
				content: [{type: 'text', text: lines.join('\n')}],
				details: details(filePath, language, lines, truncated),
				isError: false,
			},
		});
	}

	return list;
}

function nextFrame(stdout) {
	return new Promise((resolve) => {
		stdout.onWrite = () => {
			stdout.onWrite = undefined;
			resolve(performance.now());
		};
	});
}

async function timeKey(stdout, stdin, data) {
	const frame = nextFrame(stdout);
	const start = performance.now();
	stdin.press(data);
	return (await frame) - start;
}

function summary(times) {
	const sorted = [...times].sort((a, b) => a - b);
	return {median: sorted[Math.floor(sorted.length / 2)], worst: sorted.at(-1)};
}

const generated = events();
const buildStart = performance.now();
const transcript = applyEvents(emptyTranscript, generated);
const buildMs = performance.now() - buildStart;

const stdout = new FakeStdout(columns, rows);
const stdin = new FakeStdin();
const firstFrame = nextFrame(stdout);
const renderStart = performance.now();
const instance = render(
	React.createElement(TranscriptView, {
		transcript,
		bindings: defaultBindings,
		painter: createPainter(darkTheme, 3),
		previewLines: 5,
	}),
	{stdout, stdin, stderr: stdout, debug: true, exitOnCtrlC: false, patchConsole: false},
);
const firstFrameMs = (await firstFrame) - renderStart;
// Let effects settle (the input subscription) before pressing keys.
await new Promise((resolve) => {
	setTimeout(resolve, 50);
});

const results = {};
async function measure(name, keys) {
	const times = [];
	for (let index = 0; index < repeats; index++) {
		// eslint-disable-next-line no-await-in-loop
		times.push(await timeKey(stdout, stdin, keys[index % keys.length]));
	}

	results[name] = summary(times);
}

await measure('Ctrl+O on the focused panel', ['\u000F']);
await measure('expand-all / collapse-all (e)', ['e']);
await measure('page down / page up', ['\u001B[6~', '\u001B[6~', '\u001B[5~', '\u001B[5~']);
await measure('focus previous / next (k, j)', ['k', 'k', 'j', 'j']);

// A `/` search: the prompt is opened and the query typed first; the time is from enter to the frame
// showing the match. Every query is new (its verdicts are not cached yet); the first builds the
// per-item text cache.
const searchTimes = [];
for (let index = 0; index < repeats; index++) {
	const query =
		index % 2 === 0 ? `missing-${(index * 977) % panelCount}.ex` : `dir-${(index * 613) % panelCount}`;
	// eslint-disable-next-line no-await-in-loop
	await timeKey(stdout, stdin, '/');
	// eslint-disable-next-line no-await-in-loop
	await timeKey(stdout, stdin, query);
	// eslint-disable-next-line no-await-in-loop
	searchTimes.push(await timeKey(stdout, stdin, '\r'));
}

results['search: / query enter (a new query each time)'] = summary(searchTimes);
// Many matches: the Rust and Go samples say println.
await timeKey(stdout, stdin, '/');
await timeKey(stdout, stdin, 'println');
await timeKey(stdout, stdin, '\r');
if (!/match \d+ of/.test(stdout.lastFrame)) {
	throw new Error(`search found nothing:\n${stdout.lastFrame}`);
}

await measure('search: next / previous match (n, N)', ['n', 'n', 'N', 'n']);
instance.unmount();

const rssMb = process.resourceUsage().maxRSS / 1024;
const format = (value) => `${value.toFixed(1)} ms`;
const lines = [
	`lector bench:ui: ${panelCount.toLocaleString('en-US')} tool panels, ${columns}x${rows} terminal, ${repeats} presses per key, Node ${process.version}`,
	'',
	'| measure | median | worst | target |',
	'| --- | ---: | ---: | --- |',
	`| build transcript (reducer, ${panelCount.toLocaleString('en-US')} events) | ${format(buildMs)} | | |`,
	`| time to first frame | ${format(firstFrameMs)} | | < 300 ms |`,
	...Object.entries(results).map(
		([name, {median, worst}]) =>
			`| ${name} | ${format(median)} | ${format(worst)} | < 30 ms median, < 100 ms worst |`,
	),
	`| peak RSS | ${rssMb.toFixed(0)} MB | | < 300 MB |`,
];
console.log(lines.join('\n'));
process.exit(0);
