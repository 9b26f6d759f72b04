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
	expect(panelText(call)).toEqual(['read shapes.py  outline of 7 lines', 'outline: 3 entries sent']);
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
	expect(text.at(-1)).toBe('⚠ model got lines 1-2000 of 3,000 (line cap); told to continue at offset=2001');
});
