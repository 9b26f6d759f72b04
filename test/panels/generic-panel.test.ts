import {expect, test} from 'vitest';
import {renderGenericPanel, summarizeArgs} from '../../source/panels/generic-panel.js';
import {renderReadPanel} from '../../source/panels/read-panel.js';
import {rendererFor} from '../../source/panels/registry.js';
import {makeDetails} from '../../source/read/details.js';
import type {ToolResult} from '../../source/transcript/types.js';
import {panelRows, panelText} from '../helpers/panels.js';
import {toolCall} from '../helpers/transcripts.js';

const output = Array.from({length: 12}, (_, index) => `line ${index + 1}`).join('\n');
const bash = toolCall(
	'bash',
	{command: 'ls -la\nsrc', timeout: 30},
	{content: [{type: 'text', text: output}], isError: false},
);

test('one-line argument summary: primary values first, then name=value', () => {
	expect(summarizeArgs({command: 'ls -la\nsrc', timeout: 30})).toBe('ls -la src timeout=30');
	expect(summarizeArgs({pattern: 'TODO', path: 'src', flags: ['-i']})).toBe('src TODO flags=["-i"]');
	expect(summarizeArgs({})).toBe('');
	expect(summarizeArgs({command: 'echo \u001B[31m'})).toBe('echo ␛[31m');
});

test('collapsed like a read: preview, then the hint', () => {
	expect(panelText(bash)).toEqual([
		'bash ls -la src timeout=30',
		'line 1',
		'line 2',
		'line 3',
		'line 4',
		'line 5',
		'… 7 more lines (ctrl+o to expand)',
	]);
});

test('expanded shows every argument whole, then the whole output', () => {
	const text = panelText(bash, {expanded: true});
	expect(text.slice(0, 4)).toEqual(['bash ls -la src timeout=30', 'command: ls -la', '  src', 'timeout: 30']);
	expect(text).toHaveLength(16);
	expect(text.at(-1)).toBe('line 12');
});

const prompt =
	'Find every caller of loadConfig in the repository and report the files, the line numbers and how each one handles a missing file.';
const task = toolCall(
	'Task',
	{description: 'Find callers', prompt, subagent_type: 'Explore'},
	{content: [{type: 'text', text: 'Found 2 callers.'}], isError: false},
);

test('expanding reveals what the header cut: each argument on its own rows, wrapped at spaces', () => {
	const collapsed = panelText(task, {width: 60});
	expect(collapsed[0]).toMatch(/…$/);
	const expanded = panelText(task, {width: 60, expanded: true});
	expect(expanded).toEqual([
		collapsed[0],
		'description: Find callers',
		'prompt: Find every caller of loadConfig in the repository',
		'  and report the files, the line numbers and how each one',
		'  handles a missing file.',
		'subagent_type: Explore',
		'Found 2 callers.',
	]);
	// The words of the prompt are all there, none cut in the middle.
	expect(expanded.slice(2, 5).join(' ').replaceAll(/\s+/g, ' ').replace('prompt: ', '')).toBe(prompt);
});

test('argument values that are not strings are shown as JSON; lines inside a value stay lines', () => {
	const call = toolCall(
		'TodoWrite',
		{todos: [{content: 'a', status: 'pending'}], note: 'first\n\nthird', empty: ''},
		{content: [], isError: false},
	);
	expect(panelText(call, {expanded: true, width: 40})).toEqual([
		'TodoWrite todos=[{"content":"a","status…',
		// A value too long for the row after its name starts on the next row.
		'todos:',
		'  [{"content":"a","status":"pending"}]',
		'note: first',
		'',
		'  third',
		'empty:',
	]);
});

test('expanded output wraps at spaces; a word longer than a row is cut', () => {
	const call = toolCall(
		'bash',
		{command: 'cat notes'},
		{content: [{type: 'text', text: 'lorem ipsum dolor sit amet averyveryverylongword'}], isError: false},
	);
	expect(panelText(call, {expanded: true, width: 13}).slice(3)).toEqual([
		'lorem ipsum',
		'dolor sit',
		'amet',
		'averyveryvery',
		'longword',
	]);
});

test('an expanded error and a running call show their arguments too', () => {
	const failed = toolCall('grep', {pattern: 'x'}, {content: [{type: 'text', text: 'bad'}], isError: true});
	expect(panelText(failed, {expanded: true})).toEqual(['grep x', 'pattern: x', 'bad']);
	const running = {...task, status: 'running' as const, result: undefined};
	expect(panelText(running, {expanded: true, width: 60}).slice(1, 2)).toEqual(['description: Find callers']);
});

test('previewLines 0 keeps the header and the hint', () => {
	expect(panelText(bash, {previewLines: 0})).toEqual(['bash ls -la src timeout=30  (ctrl+o to expand)']);
});

test('results are never highlighted and errors are shown whole in the error colour', () => {
	const failed = toolCall(
		'grep',
		{pattern: 'x'},
		{content: [{type: 'text', text: 'one\ntwo\nthree\nfour\nfive\nsix\nseven'}], isError: true},
	);
	const rows = panelRows(failed, {previewLines: 1});
	expect(rows).toHaveLength(8);
	expect(rows.slice(1).every((row) => row.every((segment) => segment.role === 'error'))).toBe(true);
	expect(
		panelRows(bash)
			.slice(1, 6)
			.every((row) => row.every((segment) => segment.role === 'text')),
	).toBe(true);
});

test('empty output adds no row', () => {
	expect(panelText(toolCall('ls', {path: '.'}, {content: [], isError: false}))).toEqual(['ls .']);
});

test('the registry picks the renderer by the details tag, with the generic fallback', () => {
	const details = {...makeDetails({}), displayPath: 'a.ts'};
	const done = (name: string, result: ToolResult) => toolCall(name, {}, result);
	expect(rendererFor(done('anything', {content: [], isError: false, details}))).toBe(renderReadPanel);
	const foreign = {...details, tool: 'claude-code-read' as const, cut: undefined};
	expect(rendererFor(done('Read', {content: [], isError: false, details: foreign}))).toBe(renderReadPanel);
	// A name alone decides nothing: a finished `read` without details is drawn as what it is.
	expect(rendererFor(done('read', {content: [], isError: false}))).toBe(renderGenericPanel);
	const running = {...toolCall('Read', {}, {content: [], isError: false}), status: 'running' as const};
	expect(rendererFor({...running, result: undefined, tag: 'claude-code-read'})).toBe(renderReadPanel);
	expect(rendererFor({...running, result: undefined})).toBe(renderGenericPanel);
});
