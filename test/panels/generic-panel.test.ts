import {expect, test} from 'vitest';
import {renderGenericPanel, summarizeArgs} from '../../source/panels/generic-panel.js';
import {renderReadPanel} from '../../source/panels/read-panel.js';
import {registerPanel, rendererFor} from '../../source/panels/registry.js';
import {arrayView} from '../../source/panels/view.js';
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

test('expanded shows everything', () => {
	const text = panelText(bash, {expanded: true});
	expect(text).toHaveLength(13);
	expect(text.at(-1)).toBe('line 12');
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

test('the registry maps names to renderers with the generic fallback', () => {
	expect(rendererFor('read')).toBe(renderReadPanel);
	expect(rendererFor('Read')).toBe(renderReadPanel);
	expect(rendererFor('whatever')).toBe(renderGenericPanel);
	const custom = () => arrayView([[{text: 'custom', role: 'text'}]]);
	registerPanel('custom-tool', custom);
	expect(panelText(toolCall('custom-tool', {}, {content: [], isError: false}))).toEqual(['custom']);
});
