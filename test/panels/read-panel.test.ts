import {describe, expect, test} from 'vitest';
import {formatClock} from '../../source/panels/format.js';
import {ReadCache, read} from '../../source/read/index.js';
import {context, panelRows, panelText} from '../helpers/panels.js';
import {readFixture, root, toolCall} from '../helpers/transcripts.js';

const widths = [80, 120, 160];

describe.each(widths)('at %i columns', (width) => {
	test('collapsed: header with range and count, five numbered lines, the expand hint', async () => {
		const result = await readFixture('fixtures/ui/greeting.ts');
		const text = panelText(toolCall('read', {path: 'fixtures/ui/greeting.ts'}, result), {width});
		expect(text).toEqual([
			'read fixtures/ui/greeting.ts:1-25  25 lines',
			' 1 │ /**',
			" 2 │  * A small greeter used by lector's UI fixtures.",
			' 3 │  * This comment spans several lines, so highlighting must keep its colour across them.'.slice(
				0,
				width === 80 ? 79 : 200,
			) + (width === 80 ? '…' : ''),
			' 4 │  */',
			" 5 │ import {format} from 'node:util';",
			'… 20 more lines (ctrl+o to expand)',
		]);
	});

	test('expanded: every line the model got, with real numbers, long lines wrapped', async () => {
		const result = await readFixture('fixtures/ui/greeting.ts');
		const text = panelText(toolCall('read', {path: 'fixtures/ui/greeting.ts'}, result), {
			width,
			expanded: true,
		});
		expect(text[0]).toBe('read fixtures/ui/greeting.ts:1-25  25 lines');
		expect(text.filter((line) => /^\s*\d+ │/.test(line))).toHaveLength(25);
		expect(text.at(-1)).toContain("25 │ console.log(greetAll(['Ada', 'Grace', 'Linus']), answer);");
		expect(text.join('\n')).not.toContain('more lines');
		expect(text.length).toBe(width === 80 ? 27 : 26);
	});
});

test('the gutter starts at the real first line and the header shows the range read', async () => {
	const result = await readFixture('fixtures/ui/server.py', {offset: 120, limit: 101});
	const text = panelText(toolCall('read', {path: 'fixtures/ui/server.py', offset: 120, limit: 101}, result));
	expect(text[0]).toBe('read fixtures/ui/server.py:120-220  101 of 243 lines');
	expect(text[1]).toMatch(/^120 │ /);
	expect(text[5]).toMatch(/^124 │ /);
	expect(text[6]).toBe('… 96 more lines (ctrl+o to expand)');
});

test('engine truncation gets a warning line with the next offset', async () => {
	const result = await readFixture('fixtures/ui/server.py', {}, {maxLines: 50});
	const text = panelText(toolCall('read', {path: 'fixtures/ui/server.py'}, result));
	expect(text[0]).toBe('read fixtures/ui/server.py:1-50  50 of 243 lines');
	expect(text.at(-1)).toBe('⚠ model got lines 1-50 of 243 (line cap); told to continue at offset=51');
	const rows = panelRows(toolCall('read', {path: 'fixtures/ui/server.py'}, result));
	expect(rows.at(-1)?.[0]?.role).toBe('warning');
});

test('preview lines are a setting; 0 shows the header alone, with the hint', async () => {
	const result = await readFixture('fixtures/ui/greeting.ts');
	const call = toolCall('read', {path: 'fixtures/ui/greeting.ts'}, result);
	expect(panelText(call, {previewLines: 0})).toEqual([
		'read fixtures/ui/greeting.ts:1-25  25 lines  (ctrl+o to expand)',
	]);
	expect(panelText(call, {previewLines: 2})).toHaveLength(4);
	expect(panelText(call, {previewLines: 100})).toHaveLength(26);
});

test('the hint names the key it is given', async () => {
	const result = await readFixture('fixtures/ui/greeting.ts');
	const text = panelText(toolCall('read', {path: 'fixtures/ui/greeting.ts'}, result), {
		expandHint: 'ctrl+x to expand',
	});
	expect(text.at(-1)).toBe('… 20 more lines (ctrl+x to expand)');
});

describe('skills and context files fold to one line', () => {
	test('SKILL.md', async () => {
		const result = await readFixture('fixtures/ui/skills/pdf-tools/SKILL.md');
		const call = toolCall('read', {path: 'fixtures/ui/skills/pdf-tools/SKILL.md'}, result);
		expect(panelText(call)).toEqual(['[skill] pdf-tools  (ctrl+o to expand)']);
		const expanded = panelText(call, {expanded: true});
		expect(expanded[0]).toBe('read fixtures/ui/skills/pdf-tools/SKILL.md:1-11  11 lines');
		expect(expanded).toHaveLength(12);
	});

	test('a partial SKILL.md read says so', async () => {
		const result = await readFixture('fixtures/ui/skills/pdf-tools/SKILL.md', {limit: 3});
		const call = toolCall('read', {path: 'fixtures/ui/skills/pdf-tools/SKILL.md', limit: 3}, result);
		expect(panelText(call)).toEqual(['[skill] pdf-tools  partial: lines 1-3 of 11  (ctrl+o to expand)']);
	});

	test.each(['fixtures/ui/AGENTS.md', 'fixtures/ui/docs/CLAUDE.MD', 'fixtures/demo/AGENTS.md'])(
		'%s',
		async (file) => {
			const result = await readFixture(file);
			expect(panelText(toolCall('read', {path: file}, result))).toEqual([
				`read resource ${file}  (ctrl+o to expand)`,
			]);
		},
	);

	test('a partial AGENTS.md read says so', async () => {
		const result = await readFixture('fixtures/ui/AGENTS.md', {offset: 2, limit: 1});
		expect(panelText(toolCall('read', {path: 'fixtures/ui/AGENTS.md'}, result))).toEqual([
			'read resource fixtures/ui/AGENTS.md  partial: line 2 of 4  (ctrl+o to expand)',
		]);
	});
});

describe('errors', () => {
	test('are plain text in the error colour, never highlighted, never folded', async () => {
		const result = await readFixture('fixtures/ui/missing.exs');
		expect(result.isError).toBe(true);
		const call = toolCall('read', {path: 'fixtures/ui/missing.exs'}, result);
		for (const overrides of [{}, {previewLines: 0}, {width: 40}]) {
			const rows = panelRows(call, overrides);
			expect(rows.length).toBeGreaterThan(1);
			for (const row of rows.slice(1)) {
				expect(row.every((segment) => segment.role === 'error')).toBe(true);
			}

			expect(panelText(call, overrides).slice(1).join('')).toContain('File does not exist');
		}
	});

	test('a failed SKILL.md read shows its error', async () => {
		const result = await readFixture('fixtures/ui/skills/nope/SKILL.md');
		const text = panelText(toolCall('read', {path: 'fixtures/ui/skills/nope/SKILL.md'}, result));
		expect(text[0]).toBe('read fixtures/ui/skills/nope/SKILL.md');
		expect(text.slice(1).join(' ')).toContain('does not exist');
	});
});

test('an unchanged re-read is one dim line', async () => {
	const cache = new ReadCache();
	await read({path: 'fixtures/ui/greeting.ts'}, {cwd: root, cache});
	const again = await read({path: 'fixtures/ui/greeting.ts'}, {cwd: root, cache});
	expect(again.details.kind).toBe('unchanged');
	const call = toolCall('read', {path: 'fixtures/ui/greeting.ts'}, again);
	const rows = panelRows(call);
	expect(rows).toHaveLength(1);
	expect(rows[0]?.every((segment) => segment.role === 'dim')).toBe(true);
	const since = again.details.unchangedSince ?? 0;
	expect(panelText(call)[0]).toContain(`unchanged since the read at ${formatClock(since)}`);
	expect(formatClock(since)).toMatch(/^\d\d:\d\d:\d\d$/);
});

test('an unchanged re-read from an older log, without the time, says "the earlier read"', async () => {
	const cache = new ReadCache();
	await read({path: 'fixtures/ui/greeting.ts'}, {cache, cwd: root});
	const again = await read({path: 'fixtures/ui/greeting.ts'}, {cache, cwd: root});
	const {unchangedSince: _dropped, ...older} = again.details;
	const call = toolCall('read', {path: 'fixtures/ui/greeting.ts'}, {...again, details: older});
	expect(panelText(call)[0]).toContain('unchanged since the earlier read');
});

test('a running read shows a spinner', () => {
	const call = {
		type: 'tool',
		id: 'r',
		name: 'read',
		args: {path: 'a.ts'},
		status: 'running',
		result: undefined,
	} as const;
	expect(panelText(call, {spinner: '⠙'})).toEqual(['⠙ read a.ts']);
});

test('escape sequences in the file reach the rows only as placeholders', async () => {
	const result = await readFixture('fixtures/ui/escape.txt');
	const text = panelText(toolCall('read', {path: 'fixtures/ui/escape.txt'}, result), {expanded: true}).join(
		'\n',
	);
	expect(text).toContain('␛[2J␛]0;pwned␇');
	expect(text).toContain('third   line    with    tabs');
	expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/);
});

test('wide characters are cut and wrapped by columns', async () => {
	const result = await readFixture('fixtures/ui/wide.txt');
	const call = toolCall('read', {path: 'fixtures/ui/wide.txt'}, result);
	const collapsed = panelText(call, {width: 40});
	expect(collapsed[2]).toMatch(/^2 │ 漢字.*…$/);
	const expanded = panelText(call, {width: 40, expanded: true});
	expect(expanded.length).toBeGreaterThan(5);
	expect(expanded.some((line) => line.startsWith('  │ '))).toBe(true);
});

test('a read call without engine details falls back to the generic panel', () => {
	const call = toolCall(
		'read',
		{file_path: '/x/y.ts'},
		{content: [{type: 'text', text: 'a\nb'}], isError: false},
	);
	expect(panelText(call)).toEqual(['read /x/y.ts', 'a', 'b']);
});

test('the context width is respected by every row', async () => {
	const result = await readFixture('fixtures/ui/server.py', {}, {maxLines: 50});
	for (const width of [10, 20, 33]) {
		expect(() =>
			panelText(toolCall('read', {path: 'fixtures/ui/server.py'}, result), context({width, expanded: true})),
		).not.toThrow();
	}
});
