import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {read} from '../../source/read/index.js';
import {panelText} from '../helpers/panels.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {toolCall} from '../helpers/transcripts.js';

const directory = makeTempDir('lector-outline-panel-');
writeFileSync(
	path.join(directory, 'shapes.py'),
	'class Square:\n    def area(self):\n        return 1\n\n\ndef make():\n    return Square()\n',
);

test('an outline read: collapsed, one summary row; expanded, every entry with its lines', async () => {
	const args = {path: 'shapes.py', outline: true};
	const result = await read(args, {cwd: directory});
	const call = toolCall('read', args, result);
	expect(panelText(call)).toEqual([
		'read shapes.py  outline of 7 lines',
		'outline: 3 entries sent  (ctrl+o to expand)',
	]);
	// The hint names the key it is given (the first key bound to toggleExpand).
	expect(panelText(call, {expandHint: 'enter to expand'})[1]).toBe(
		'outline: 3 entries sent  (enter to expand)',
	);
	expect(panelText(call, {expanded: true})).toEqual([
		'read shapes.py  outline of 7 lines',
		'outline: 3 entries sent',
		'  class Square  1-3',
		'    method area  2-3',
		'  function make  6-7',
	]);
});

test('a cut read says how much of its outline was sent, above the truncation warning', async () => {
	const code = Array.from({length: 1500}, (_, index) => `def f${index}():\n    return ${index}\n`).join('');
	writeFileSync(path.join(directory, 'many.py'), code);
	const result = await read({path: 'many.py'}, {cwd: directory});
	const sent = result.details.outline?.length ?? 0;
	const text = panelText(toolCall('read', {path: 'many.py'}, result));
	expect(text.at(-2)).toBe(`outline: ${sent} of 1,500 entries sent`);
	expect(text.at(-1)).toBe('⚠ model got lines 1-2,000 of 3,000 (line cap); told to continue at offset=2001');
});

test('an outline read the budget cut: the hint collapsed, the count of entries left out expanded', async () => {
	const code = Array.from({length: 1500}, (_, index) => `def f${index}():\n    return ${index}\n`).join('');
	writeFileSync(path.join(directory, 'big.py'), code);
	const args = {path: 'big.py', outline: true};
	const result = await read(args, {cwd: directory, limits: {maxBytes: 8192}});
	const sent = result.details.outline?.length ?? 0;
	expect(sent).toBeLessThan(1500);
	const left = 1500 - sent;
	const modelText = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
	expect(modelText).toContain(`(${left} more entries left out to keep this short`);
	const call = toolCall('read', args, result);
	const sentLabel = sent.toLocaleString('en-US');
	expect(panelText(call)).toEqual([
		'read big.py  outline of 3,000 lines',
		`outline: ${sentLabel} of 1,500 entries sent  (ctrl+o to expand)`,
	]);
	const expanded = panelText(call, {expanded: true});
	expect(expanded).toHaveLength(2 + sent + 1);
	expect(expanded[1]).toBe(`outline: ${sentLabel} of 1,500 entries sent`);
	expect(expanded.at(-1)).toBe(
		`  (${left.toLocaleString('en-US')} more entries left out to keep this short)`,
	);
});

test('a cut read with a preview names the key once, in its "more lines" row', async () => {
	const result = await read({path: 'many.py'}, {cwd: directory});
	const text = panelText(toolCall('read', {path: 'many.py'}, result));
	expect(text.filter((line) => line.includes('ctrl+o'))).toEqual(['… 1,995 more lines (ctrl+o to expand)']);
});
