/**
The model's answers as Markdown: each construct's rows and roles, wrapping that keeps styles, and
hostile text (escape sequences in prose, link URLs, code and fence tags) that never reaches the
terminal as an escape.
*/
import {describe, expect, test} from 'vitest';
import {viewForItem} from '../../source/panels/item-view.js';
import type {Row} from '../../source/panels/types.js';
import {lineText} from '../../source/text/styled.js';
import {createPainter} from '../../source/theme/ansi.js';
import type {Role} from '../../source/theme/roles.js';
import {darkTheme} from '../../source/theme/themes.js';
import type {AssistantTextItem} from '../../source/transcript/types.js';
import {context, panelRows, panelText} from '../helpers/panels.js';

let counter = 0;

/** A fresh answer item (a new id each time, so no stream shares its parse). */
function answer(text: string): AssistantTextItem {
	counter++;
	return {type: 'assistant', id: `answer-${counter}`, text};
}

function rows(text: string, width = 80): string[] {
	return panelText(answer(text), {width});
}

/** The role of the segment holding `needle` in the rows. */
function roleOf(rowsOf: readonly Row[], needle: string): Role | undefined {
	for (const row of rowsOf) {
		for (const segment of row) {
			if (segment.text.includes(needle)) {
				return segment.role;
			}
		}
	}

	return undefined;
}

describe('constructs', () => {
	test('headings lose their #s and take the heading role, inline marks inside them too', () => {
		const item = answer('# Title *here*\n\n### Smaller\n\ntext');
		expect(panelText(item)).toEqual(['Title here', '', 'Smaller', '', 'text']);
		const shown = panelRows(item);
		expect(roleOf(shown, 'Title')).toBe('heading');
		expect(roleOf(shown, 'here')).toBe('heading');
		expect(roleOf(shown, 'Smaller')).toBe('heading');
		expect(roleOf(shown, 'text')).toBe('assistant');
	});

	test('bold, italic, both, struck and inline code take their roles; no marker is shown', () => {
		const item = answer('a **bold** b *it* c ***both*** d ~~gone~~ e `x = 1` f __under__');
		expect(panelText(item)).toEqual(['a bold b it c both d gone e x = 1 f under']);
		const shown = panelRows(item);
		expect(roleOf(shown, 'bold')).toBe('strong');
		expect(roleOf(shown, 'it')).toBe('emphasis');
		expect(roleOf(shown, 'both')).toBe('strongEmphasis');
		expect(roleOf(shown, 'gone')).toBe('strike');
		expect(roleOf(shown, 'x = 1')).toBe('inlineCode');
		expect(roleOf(shown, 'under')).toBe('strong');
	});

	test('unordered lists nest with their own bullets; ordered ones keep their start and align', () => {
		expect(rows('- one\n- two\n  - inner\n    - deeper\n- three')).toEqual([
			'• one',
			'• two',
			'  ◦ inner',
			'    ▪ deeper',
			'• three',
		]);
		expect(rows('9. nine\n10. ten\n11. eleven')).toEqual([' 9. nine', '10. ten', '11. eleven']);
		expect(rows('1. first\n   - sub\n2. second')).toEqual(['1. first', '   ◦ sub', '2. second']);
	});

	test('a loose list keeps a blank row between items; task items show their box', () => {
		expect(rows('- a\n\n- b')).toEqual(['• a', '', '• b']);
		expect(rows('- [x] done\n- [ ] todo')).toEqual(['• [x] done', '• [ ] todo']);
	});

	test('a list item wraps under its text, not under its bullet, and bold stays bold across the break', () => {
		const item = answer('- a long item with **several bold words in it** to wrap');
		expect(panelText(item, {width: 24})).toEqual([
			'• a long item with',
			'  several bold words in',
			'  it to wrap',
		]);
		const shown = panelRows(item, {width: 24});
		expect(roleOf(shown.slice(1, 2), 'several')).toBe('strong');
		expect(roleOf(shown.slice(2), 'it')).toBe('strong');
		expect(roleOf(shown.slice(2), 'to wrap')).toBe('assistant');
	});

	test('block quotes get a bar on every row, blank ones included, and nest', () => {
		expect(rows('> first\n>\n> second\n> > inner')).toEqual(['│ first', '│', '│ second', '│', '│ │ inner']);
		expect(roleOf(panelRows(answer('> quoted')), 'quoted')).toBe('quote');
	});

	test('links show as text (url); an autolink or bare URL shows once; images as their alt text', () => {
		const item = answer(
			'see [the docs](https://example.com/docs) or <https://a.example> or https://b.example',
		);
		expect(panelText(item, {width: 100})).toEqual([
			'see the docs (https://example.com/docs) or https://a.example or https://b.example',
		]);
		const shown = panelRows(item, {width: 100});
		expect(roleOf(shown, 'the docs')).toBe('link');
		expect(roleOf(shown, '(https://example.com/docs)')).toBe('url');
		expect(rows('mail <me@example.com>')).toEqual(['mail me@example.com']);
		expect(rows('![a cat](cat.png)')).toEqual(['image: a cat (cat.png)']);
	});

	test('fenced code is indented, not wrapped at spaces, and highlighted in its language', () => {
		const item = answer('Look:\n\n```ts\nconst answer: number = 42;\n```\n\nDone.');
		expect(panelText(item)).toEqual(['Look:', '', '  const answer: number = 42;', '', 'Done.']);
		const shown = panelRows(item);
		expect(roleOf(shown, 'const')).toBe('keyword');
		expect(roleOf(shown, '42')).toBe('number');
	});

	test('a fence with no or an unknown language is plain text', () => {
		const shown = panelRows(answer('```nosuchlanguage\nconst x = 1;\n```\n\n```\nconst y = 2;\n```'));
		expect(shown.map((row) => lineText(row).trimEnd())).toEqual(['  const x = 1;', '', '  const y = 2;']);
		expect(roleOf(shown, 'const x')).toBe('text');
		expect(roleOf(shown, 'const y')).toBe('text');
	});

	test('horizontal rules span the width', () => {
		expect(rows('above\n\n---\n\nbelow', 20)).toEqual(['above', '', '─'.repeat(20), '', 'below']);
	});

	test('tables: a grid when it fits, cells wrapped when narrowed, header: value lines when too narrow', () => {
		const table = '| Name | Size |\n|------|-----:|\n| a.ts | 10 |\n| longer-name.ts | 2000 |';
		expect(rows(table)).toEqual([
			'Name           │ Size',
			'───────────────┼─────',
			'a.ts           │   10',
			'longer-name.ts │ 2000',
		]);
		expect(roleOf(panelRows(answer(table)), 'Name')).toBe('strong');
		const wide = '| What | Why |\n|---|---|\n| the first thing | because it matters a lot |';
		expect(rows(wide, 30)).toEqual([
			'What          │ Why',
			'──────────────┼───────────────',
			'the first     │ because it',
			'thing         │ matters a lot',
		]);
		expect(rows(wide, 12)).toEqual(['What: the', 'first thing', 'Why: because', 'it matters a', 'lot']);
	});

	test('raw HTML shows as the text it was written as', () => {
		expect(rows('a <b>bold?</b> word\n\n<div>\nblock\n</div>')).toEqual([
			'a <b>bold?</b> word',
			'',
			'<div>',
			'block',
			'</div>',
		]);
	});

	test('a soft line break is a space, a hard one (two spaces, backslash) breaks the row', () => {
		expect(rows('one\ntwo  \nthree\\\nfour')).toEqual(['one two', 'three', 'four']);
	});

	test('an answer that shows nothing still takes one row', () => {
		expect(rows('')).toEqual(['']);
		expect(rows('\n\n  \n')).toEqual(['']);
		expect(rows('```')).toEqual(['']);
	});

	test('entities a model writes show as their characters', () => {
		expect(rows('a &amp; b &lt;c&gt; &quot;d&quot;')).toEqual(['a & b <c> "d"']);
	});

	test('every row fits the width, at every width', () => {
		const text =
			'# A heading that is long enough to wrap\n\n- **item** with `code` and [a link](https://example.com/a/very/long/path/that/wraps)\n\n```ts\nexport const aVeryLongIdentifierName = anotherVeryLongFunctionName(argumentNumberOne);\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |';
		for (const width of [1, 5, 12, 40, 80]) {
			// panelText throws on a row wider than the width.
			expect(panelText(answer(text), {width}).length).toBeGreaterThan(0);
		}
	});
});

/** Every escape sequence a painted row holds is one of the painter's own SGR colour sequences. */
function paintedEscapes(item: AssistantTextItem, width = 80): string[] {
	const painter = createPainter(darkTheme, 3);
	const painted = panelRows(item, {width})
		.map((row) => painter.paint(row))
		.join('\n');
	return painted.replaceAll(/\u001B\[[\d;]*m/g, '').match(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g) ?? [];
}

describe('hostile text', () => {
	const esc = '\u001B';
	const bel = '\u0007';
	const osc8 = `${esc}]8;;https://evil.example${bel}click${esc}]8;;${bel}`;

	test.each([
		['prose', `hello ${esc}[31mred${esc}[0m and ${osc8}`],
		['emphasis', `**bold ${esc}[2J** *it ${esc}c*`],
		['a link URL', `[docs](https://example.com/${esc}]8;;x${bel}) and [t](<a${esc}[1mb>)`],
		['a link text', `[${osc8}](https://example.com)`],
		['inline code', `\`${esc}[5m blink\``],
		['a fenced block', `\`\`\`ts\nconst a = "${esc}]0;title${bel}";\n${esc}[2J\n\`\`\``],
		['a fence language tag', `\`\`\`ts${esc}[31m\ncode\n\`\`\`\n\n\`\`\`${esc}]8;;x${bel}\nmore\n\`\`\``],
		['a numeric entity', 'a &#27;[31m red &#x1b;]8;;x&#7; b &#155;1m'],
		['a heading and a table', `# ${esc}[1m head\n\n| ${esc}[2J | b |\n|---|---|\n| ${bel} | ${esc}P |`],
		['raw HTML', `<span>${esc}[31m</span>\n\n<div>${esc}]0;x${bel}</div>`],
		['C1 controls and bidi overrides', 'a \u009B31m b \u202Egnp.exe\u202C c \u0085 d'],
	])('escapes in %s become placeholders', (_, text) => {
		const item = answer(text);
		expect(paintedEscapes(item)).toEqual([]);
		expect(panelText(item).join('\n')).not.toMatch(/[\u001B\u0007\u009B]/);
	});

	test('an escape is still seen: ESC shows as ␛', () => {
		expect(rows(`before ${esc}[31m after`)).toEqual(['before ␛[31m after']);
		expect(rows(`[t](<https://x.example/${esc}y>) and https://z.example/${esc}`)).toEqual([
			't (https://x.example/␛y) and https://z.example/␛',
		]);
	});

	test('a fence language tag never picks a language it does not name, nor shows itself', () => {
		const shown = panelRows(answer(`\`\`\`ts${esc}\nconst x = 1;\n\`\`\``));
		expect(shown.map((row) => lineText(row).trimEnd())).toEqual(['  const x = 1;']);
		expect(roleOf(shown, 'const')).toBe('text');
	});

	test('deep nesting, long delimiter runs and huge quotes are shown without hanging', () => {
		const cases = [
			Array.from({length: 1000}, (_, index) => `${' '.repeat(index * 2)}- a`).join('\n'),
			`${'> '.repeat(5000)}x`,
			`${'- '.repeat(2000)}x`,
			'*a'.repeat(40_000),
			// Costs marked 200 times what prose does, at any length: bounded by the time budget.
			'*__a'.repeat(50_000),
			Array.from({length: 100}, () => '**_a** '.repeat(300)).join('\n\n'),
			'['.repeat(20_000),
			`${'`'.repeat(5000)}a${'``'.repeat(5000)}`,
		];
		for (const text of cases) {
			const view = viewForItem(answer(text), context({width: 80}));
			expect(view.height).toBeGreaterThan(0);
			expect(view.rows(0, 3).length).toBeGreaterThan(0);
		}
	});

	test('text too deeply nested to parse shows as its plain lines', () => {
		const text = Array.from({length: 40}, (_, index) => `${' '.repeat(index * 2)}- **a**`).join('\n');
		const shown = rows(text, 200);
		expect(shown).toHaveLength(40);
		expect(shown[0]).toBe('- **a**');
	});
});

describe('size', () => {
	test('a 10,000-line answer lays out, and its last rows come back', () => {
		const lines: string[] = [];
		for (let index = 0; index < 10_000; index++) {
			lines.push(
				index % 100 === 0
					? `\n## Section ${index}\n`
					: index % 7 === 0
						? `- item **${index}** with \`code\``
						: `Line ${index} with *some* words.`,
			);
		}

		lines.push(
			'```ts',
			...Array.from({length: 2000}, (_, index) => `const x${index} = ${index};`),
			'```',
			'The end.',
		);
		const view = viewForItem(answer(lines.join('\n')), context({width: 80}));
		const last = view.rows(view.height - 2, view.height).map((row) => lineText(row).trimEnd());
		expect(last).toEqual(['', 'The end.']);
		const code = view.rows(view.height - 4, view.height - 3);
		expect(roleOf(code, 'const')).toBe('keyword');
	});
});
