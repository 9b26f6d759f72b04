import {expect, test} from 'vitest';
import {createPainter} from '../../source/theme/ansi.js';
import {darkTheme} from '../../source/theme/themes.js';
import {printItems} from '../../source/ui/print.js';
import {readFixture, toolCall, transcriptOf} from '../helpers/transcripts.js';

const plain = createPainter(darkTheme, 0);

test('print mode writes every panel once, collapsed with a flag hint, or expanded', async () => {
	const transcript = transcriptOf([
		toolCall('read', {path: 'fixtures/ui/greeting.ts'}, await readFixture('fixtures/ui/greeting.ts')),
		toolCall(
			'read',
			{path: 'fixtures/ui/skills/pdf-tools/SKILL.md'},
			await readFixture('fixtures/ui/skills/pdf-tools/SKILL.md'),
		),
	]);
	const collapsed = printItems(transcript.items, {
		width: 80,
		expanded: false,
		previewLines: 5,
		painter: plain,
	});
	expect(collapsed.split('\n')).toEqual([
		'read fixtures/ui/greeting.ts:1-25  25 lines',
		' 1 │ /**',
		" 2 │  * A small greeter used by lector's UI fixtures.",
		' 3 │  * This comment spans several lines, so highlighting must keep its colour …',
		' 4 │  */',
		" 5 │ import {format} from 'node:util';",
		'… 20 more lines (--expanded shows all)',
		'',
		'[skill] pdf-tools  (--expanded shows all)',
		'',
	]);
	const expanded = printItems(transcript.items, {width: 80, expanded: true, previewLines: 5, painter: plain});
	expect(expanded).toContain('25 │ console.log');
	expect(expanded).toContain('11 │ 2. Read pages in ranges of 20.');
	expect(expanded).not.toContain('\u001B');
});

test('with colour on, escape sequences from files still never get through', async () => {
	const transcript = transcriptOf([
		toolCall('read', {path: 'fixtures/ui/escape.txt'}, await readFixture('fixtures/ui/escape.txt')),
	]);
	const printed = printItems(transcript.items, {
		width: 100,
		expanded: true,
		previewLines: 5,
		painter: createPainter(darkTheme, 3),
	});
	expect(printed).toContain('␛[2J␛]0;pwned␇');
	// The only escapes left are SGR colour sequences written by the painter.
	expect(printed.replaceAll(/\u001B\[[\d;]*m/g, '')).not.toContain('\u001B');
});
