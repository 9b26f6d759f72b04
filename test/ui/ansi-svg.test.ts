import {expect, test} from 'vitest';
import {ansiRuns, ansiToSvg} from '../../source/ui/ansi-svg.js';

test('runs carry colours, attributes and columns (wide characters take two)', () => {
	const runs = ansiRuns('\u001B[1;38;2;255;0;0m漢x\u001B[0m plain \u001B[33mY\u001B[39m');
	expect(runs.map((run) => [run.text, run.column, run.width, run.pen.color, run.pen.bold])).toEqual([
		['漢x', 0, 3, '#ff0000', true],
		[' plain ', 3, 7, undefined, false],
		['Y', 10, 1, '#e5e510', false],
	]);
	expect(ansiRuns('\u001B[38;5;196mr')[0]?.pen.color).toBe('#ff0000');
});

test('the SVG escapes XML and draws inverse runs on a filled rectangle', () => {
	const svg = ansiToSvg(['a <b> & c', '\u001B[7m status \u001B[27m'], {columns: 20, title: 'x & y'});
	expect(svg).toContain('a &lt;b&gt; &amp; c');
	expect(svg).toContain('<title>x &amp; y</title>');
	expect(svg.match(/<rect /g)).toHaveLength(2);
	expect(svg.startsWith('<svg ')).toBe(true);
});
