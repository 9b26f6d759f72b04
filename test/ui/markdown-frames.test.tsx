/**
Frames of a model's answer rendered as Markdown, at 40, 80 and 120 columns: a heading, bold text, a
list, inline code, a link and a fenced TypeScript block, each styled (never its raw markup), every
row within the width and the frame rows - 1 tall.
*/
import {afterEach, describe, expect, test} from 'vitest';
import {defaultBindings} from '../../source/keys/bindings.js';
import {displayWidth} from '../../source/text/width.js';
import {createPainter} from '../../source/theme/ansi.js';
import type {Role} from '../../source/theme/roles.js';
import {darkTheme} from '../../source/theme/themes.js';
import {applyEvents, emptyTranscript} from '../../source/transcript/reducer.js';
import {ansiRuns} from '../../source/ui/ansi-svg.js';
import TranscriptView from '../../source/ui/transcript-view.js';
import {type Rendered, renderAt} from '../helpers/render.js';

const rows = 30;
let current: Rendered | undefined;
afterEach(() => {
	current?.unmount();
	current = undefined;
});

const answer = [
	'## Reading the config',
	'',
	'The loader is **strict**: it reads `lector.json` once.',
	'',
	'- it checks the *keys*',
	'- then the values',
	'  1. numbers first',
	'',
	'See [the docs](https://example.com/config) for more.',
	'',
	'```ts',
	'export function load(path: string): Config {',
	'  return parse(readFileSync(path, "utf8"));',
	'}',
	'```',
].join('\n');

const transcript = applyEvents(emptyTranscript, [
	{type: 'user-text', id: 'u1', text: 'How is the config read?'},
	{type: 'assistant-text', id: 'a1', text: answer},
]);

async function show(columns: number): Promise<Rendered> {
	current = await renderAt(
		<TranscriptView
			transcript={transcript}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 3)}
			previewLines={5}
		/>,
		columns,
		rows,
	);
	return current;
}

/** The answer's rows at each width, as the frame shows them (after the prompt and a blank row). */
const expected: Record<number, string[]> = {
	40: [
		'  Reading the config',
		'',
		'  The loader is strict: it reads',
		'  lector.json once.',
		'',
		'  • it checks the keys',
		'  • then the values',
		'    1. numbers first',
		'',
		'  See the docs',
		'  (https://example.com/config) for more.',
		'',
		'    export function load(path: string):',
		'    Config {',
		'      return parse(readFileSync(path, "u',
		'    tf8"));',
		'    }',
	],
	80: [
		'  Reading the config',
		'',
		'  The loader is strict: it reads lector.json once.',
		'',
		'  • it checks the keys',
		'  • then the values',
		'    1. numbers first',
		'',
		'  See the docs (https://example.com/config) for more.',
		'',
		'    export function load(path: string): Config {',
		'      return parse(readFileSync(path, "utf8"));',
		'    }',
	],
};
expected[120] = expected[80] ?? [];

describe.each([40, 80, 120])('at %i columns', (columns) => {
	test('the answer shows as Markdown: styled, never its markup', async () => {
		const view = await show(columns);
		const lines = view.frame().split('\n');
		expect(lines).toHaveLength(rows - 1);
		for (const line of lines) {
			expect(displayWidth(line)).toBeLessThanOrEqual(columns);
		}

		const shown = lines.map((line) => line.trimEnd());
		expect(shown.slice(0, 2)).toEqual(['  › How is the config read?', '']);
		const body = expected[columns] ?? [];
		expect(shown.slice(2, 2 + body.length)).toEqual(body);
		expect(shown.slice(2 + body.length, -1).every((line) => line === '')).toBe(true);
		expect(view.frame()).not.toMatch(/\*\*|```|##|\[the docs\]|`lector/);
	});

	test('each piece of the answer has its role’s style', async () => {
		const view = await show(columns);
		const lines = view.rawFrame().split('\n');
		const painter = createPainter(darkTheme, 3);
		// Ink writes its own SGR sequences for the same styles: compare the pens, not the bytes.
		const penOf = (text: string) =>
			lines.flatMap((line) => ansiRuns(line)).find((run) => run.text.includes(text))?.pen;
		const styleOf = (text: string, role: Role) => ansiRuns(painter.paint([{text, role}]))[0]?.pen;
		const pieces: Array<[string, Role]> = [
			['Reading the config', 'heading'],
			['strict', 'strong'],
			['keys', 'emphasis'],
			['lector.json', 'inlineCode'],
			['the docs', 'link'],
			['(https://example.com/config)', 'url'],
			['•', 'bullet'],
			['export', 'keyword'],
			['string', 'builtIn'],
		];
		for (const [text, role] of pieces) {
			expect(penOf(text), text).toEqual(styleOf(text, role));
		}

		expect(penOf('strict')?.bold).toBe(true);
		expect(penOf('keys')?.italic).toBe(true);
	});
});
