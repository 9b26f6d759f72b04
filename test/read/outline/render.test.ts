import {expect, test} from 'vitest';
import {fitOutline, outlineBlock, outlineLine} from '../../../source/read/outline/render.js';
import type {OutlineEntry} from '../../../source/read/types.js';

function entry(name: string, startLine: number, depth: number, kind = 'function'): OutlineEntry {
	return {kind, name, startLine, endLine: startLine + 4, depth};
}

const entries: OutlineEntry[] = [];
for (let index = 0; index < 40; index++) {
	entries.push(entry(`Class${index}`, index * 100 + 1, 0, 'class'));
	for (let method = 0; method < 5; method++) {
		entries.push(entry(`method${method}`, index * 100 + 10 + method * 10, 1, 'method'));
	}
}

test('lines: kind, name, range, two spaces per level; headings show their hashes', () => {
	expect(outlineLine(entry('greet', 12, 0), 0)).toBe('  function greet  12-16');
	expect(outlineLine(entry('m', 3, 1, 'method'), 0)).toBe('    method m  3-7');
	expect(outlineLine({kind: 'heading', name: 'Install', startLine: 5, endLine: 5, depth: 1}, 1)).toBe(
		'  ## Install  5',
	);
});

test('everything when it fits; nested levels go first; the block stays within the budget', () => {
	const header = 'Outline of x.ts (use offset/limit to read a part):';
	expect(fitOutline(entries, header, 1_000_000)).toEqual(entries);
	const sent = fitOutline(entries, header, 1000) ?? [];
	expect(sent.length).toBeGreaterThan(0);
	expect(sent.every((item) => item.depth === 0)).toBe(true);
	const block = outlineBlock(header, sent, entries.length);
	expect(Buffer.byteLength(block)).toBeLessThanOrEqual(1000);
	expect(block).toContain(`(${entries.length - sent.length} more entries left out to keep this short)`);

	// Every top-level entry, and the next level in file order as far as the rest of the budget goes.
	const topLevelFirst = fitOutline(entries, header, 1700) ?? [];
	expect(topLevelFirst.filter((item) => item.depth === 0)).toEqual(
		entries.filter((item) => item.depth === 0),
	);
	expect(topLevelFirst.every((item) => item.depth <= 1)).toBe(true);
	expect(Buffer.byteLength(outlineBlock(header, topLevelFirst, entries.length))).toBeLessThanOrEqual(1700);
});

test('entries inside the lines already shown are left out first when space is short', () => {
	const header = 'Outline:';
	const sent = fitOutline(entries, header, 400, {first: 1, last: 2000}) ?? [];
	expect(sent[0]?.name).toBe('Class20');
});

test('nothing when not even one entry fits', () => {
	expect(fitOutline(entries, 'Outline of a long header', 10)).toBeUndefined();
	expect(fitOutline([], 'x', 1000)).toBeUndefined();
});
