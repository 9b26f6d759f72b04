import {expect, test} from 'vitest';
import {highlightCharLimit, highlightLines, htmlToLines} from '../../source/highlight/highlight.js';
import {resolveLanguage} from '../../source/highlight/language.js';
import {lineText} from '../../source/text/styled.js';

test.each([
	['typescript', 'x.js', 'typescript'],
	[undefined, 'src/app.tsx', 'typescript'],
	[undefined, 'a/b.py', 'python'],
	[undefined, 'tool.nim', 'nim'],
	[undefined, '.env', 'bash'],
	[undefined, 'Dockerfile', 'dockerfile'],
	[undefined, 'x.mjs', 'javascript'],
	[undefined, 'notes.txt', undefined],
	[undefined, 'README', undefined],
	['no-such-language', 'x.unknownext', undefined],
])('resolveLanguage(%j, %j) is %j', (guess, file, expected) => {
	expect(resolveLanguage(guess, file)).toBe(expected);
});

test('a block comment spanning lines keeps its role on every line', () => {
	const lines = ['/**', ' * spans', ' */', 'const x = 1;'];
	const styled = highlightLines(lines, 'typescript');
	expect(styled).toHaveLength(4);
	expect(styled.map((line) => lineText(line))).toEqual(lines);
	for (const line of styled.slice(0, 3)) {
		expect(line.every((segment) => segment.role === 'comment')).toBe(true);
	}

	expect(styled[3]?.[0]).toEqual({text: 'const', role: 'keyword'});
});

test('a template string spanning lines stays a string', () => {
	const styled = highlightLines(['const s = `a', 'b`;'], 'javascript');
	expect(styled[1]?.[0]?.role).toBe('string');
});

test('entities are decoded and text round-trips', () => {
	const lines = ['if (a < b && c > d) { s = "x" + \'y\'; }'];
	expect(highlightLines(lines, 'javascript').map((line) => lineText(line))).toEqual(lines);
});

test('unknown languages and oversized blocks stay plain text', () => {
	expect(highlightLines(['const x = 1;'], undefined)).toEqual([[{text: 'const x = 1;', role: 'text'}]]);
	const big = Array.from({length: 10}, () => 'x'.repeat(highlightCharLimit / 8));
	expect(
		highlightLines(big, 'javascript').every((line) => line.every((segment) => segment.role === 'text')),
	).toBe(true);
});

test('results are memoised per text and language', () => {
	const first = highlightLines(['let a = 1;'], 'javascript');
	expect(highlightLines(['let a = 1;'], 'javascript')).toBe(first);
	expect(highlightLines(['let a = 1;'], 'typescript')).not.toBe(first);
});

test('htmlToLines splits nested spans across lines', () => {
	const html = '<span class="hljs-string">&quot;a\nb&quot;</span> x';
	expect(htmlToLines(html)).toEqual([
		[{text: '"a', role: 'string'}],
		[
			{text: 'b"', role: 'string'},
			{text: ' x', role: 'text'},
		],
	]);
});
