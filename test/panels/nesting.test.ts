import {expect, test} from 'vitest';
import {gapRow, minNestedWidth, nestIndent, nestLevels} from '../../source/panels/item-view.js';
import {lineText} from '../../source/text/styled.js';
import {maxNestDepth} from '../../source/transcript/reducer.js';
import type {ToolCallItem} from '../../source/transcript/types.js';
import {panelText} from '../helpers/panels.js';

function grep(id: string, depth: number | undefined, pattern = 'loadConfig'): ToolCallItem {
	return {
		type: 'tool',
		id,
		name: 'Grep',
		args: {pattern},
		status: 'done',
		result: {content: [{type: 'text', text: 'src/a.ts'}], isError: false},
		...(depth === undefined ? {} : {parentId: 'task', depth}),
	};
}

test('each level adds a guide and 2 columns; the panel is laid out that much narrower', () => {
	expect(panelText(grep('top', undefined))).toEqual(['Grep loadConfig', 'src/a.ts']);
	expect(panelText(grep('one', 1))).toEqual(['│ Grep loadConfig', '│ src/a.ts']);
	expect(panelText(grep('three', 3))).toEqual(['│ │ │ Grep loadConfig', '│ │ │ src/a.ts']);
	// A call with a parent but no depth (built by hand, not by the reducer) is one level in.
	const {depth: _, ...undated} = grep('undated', 1);
	expect(panelText(undated)).toEqual(['│ Grep loadConfig', '│ src/a.ts']);
	// 40 columns at depth 3: 6 for the guides, 34 for the panel, whose long header is cut to fit.
	const [header] = panelText(grep('long', 3, 'x'.repeat(60)), {width: 40});
	expect(header).toBe(`│ │ │ Grep ${'x'.repeat(28)}…`);
});

test(`the deepest level drawn is ${maxNestDepth}, and a narrow screen keeps ${minNestedWidth} columns for the panel`, () => {
	expect(panelText(grep('deep', maxNestDepth))[0]).toBe(`${'│ '.repeat(maxNestDepth)}Grep loadConfig`);
	expect(nestLevels(grep('deep', maxNestDepth), 80)).toBe(maxNestDepth);
	const narrow = minNestedWidth + 3 * nestIndent;
	expect(nestLevels(grep('deep', maxNestDepth), narrow)).toBe(3);
	expect(panelText(grep('deep', maxNestDepth), {width: narrow})[0]).toBe('│ │ │ Grep loadConfig');
	expect(nestLevels(grep('deep', maxNestDepth), minNestedWidth)).toBe(0);
});

test('the blank row above a nested call carries one guide per level', () => {
	expect(lineText(gapRow(grep('top', undefined)))).toBe('');
	expect(lineText(gapRow(grep('one', 1)))).toBe('│');
	expect(lineText(gapRow(grep('three', 3)))).toBe('│ │ │');
	expect(lineText(gapRow(grep('three', 3), minNestedWidth + nestIndent))).toBe('│');
});
