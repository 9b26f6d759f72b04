import {expect, test} from 'vitest';
import {markdownOutline} from '../../../source/read/outline/markdown.js';

function names(text: string): string[] {
	return markdownOutline(text).map(
		(entry) => `${entry.depth}:${entry.name}:${entry.startLine}-${entry.endLine}`,
	);
}

test('ATX headings with closing hashes, ranges to the next heading of the same or higher level', () => {
	const text = ['# Title #', 'text', '## One', 'a', '### One.1 ###', 'b', '## Two', 'c'].join('\n');
	expect(names(text)).toEqual(['0:Title:1-8', '1:One:3-6', '2:One.1:5-6', '1:Two:7-8']);
});

test('fenced code (backticks and tildes, longer closing fences) hides headings', () => {
	const text = [
		'# A',
		'````md',
		'# not this',
		'```',
		'# nor this',
		'`````',
		'~~~',
		'## nor this',
		'~~~',
		'## B',
	].join('\n');
	expect(names(text)).toEqual(['0:A:1-10', '1:B:10-10']);
});

test('setext headings take their whole paragraph; a rule after a blank line is no heading', () => {
	const text = ['First line', 'second line', '===', '', '---', 'Sub', '---', 'body'].join('\n');
	expect(names(text)).toEqual(['0:First line second line:1-8', '1:Sub:6-8']);
});

test('front matter is skipped; #hashtag and 7 hashes are not headings; CRLF works', () => {
	const text = ['---', 'title: x', '---', '#tag', '####### seven', '# Real', 'x'].join('\r\n');
	expect(names(text)).toEqual(['0:Real:6-7']);
});

test('indented code and list items do not make setext headings', () => {
	const text = ['- item', '---', '    code', '---', '# H'].join('\n');
	expect(names(text)).toEqual(['0:H:5-5']);
});
