import {expect, test} from 'vitest';
import {cutLine, lineText, lineWidth, wrapLine, wrappedRowCount} from '../../source/text/styled.js';

const line = [
	{text: 'const ', role: 'keyword'},
	{text: 'name', role: 'title'},
	{text: ' = "漢字";', role: 'string'},
] as const;

test('cutLine keeps roles and ends with an ellipsis in the cut role', () => {
	const cut = cutLine(line, 8);
	expect(lineText(cut)).toBe('const n…');
	expect(cut.at(-1)).toEqual({text: '…', role: 'title'});
	expect(lineWidth(cut)).toBe(8);
});

test('cutLine returns short lines unchanged', () => {
	expect(cutLine(line, 40)).toBe(line);
});

test('wrapLine splits across segments and never straddles a wide character', () => {
	const rows = wrapLine(line, 7);
	expect(rows.map((row) => lineText(row))).toEqual(['const n', 'ame = "', '漢字";']);
	expect(rows[1]?.map((segment) => segment.role)).toEqual(['title', 'string']);
	expect(wrappedRowCount(line, 7)).toBe(3);
	for (const row of rows) {
		expect(lineWidth(row)).toBeLessThanOrEqual(7);
	}
});
