import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {viewForItem} from '../../source/panels/item-view.js';
import {read} from '../../source/read/index.js';
import {lineText} from '../../source/text/styled.js';
import {context, panelText} from '../helpers/panels.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {toolCall} from '../helpers/transcripts.js';

const directory = makeTempDir('lector-prose-wrap-');
const lorem =
	'lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua';
const files: Record<string, string> = {
	'notes.txt': `${lorem}\nshort\n\n${lorem} averyveryveryveryveryveryveryverylongword end\n`,
	'notes.md': `# Title\n\n${lorem} **bold words here** and \`code span\` too.\n`,
	'notes.ts': `// ${lorem}\nexport const x = 1;\n`,
	'notes.unknownext': `${lorem}\n`,
};
for (const [name, text] of Object.entries(files)) {
	writeFileSync(path.join(directory, name), text);
}

async function expandedRows(name: string, width: number): Promise<string[]> {
	const result = await read({path: name}, {cwd: directory});
	return panelText(toolCall('read', {path: name}, result), {width, expanded: true}).slice(1);
}

/** The gutter's line number, or undefined on a continuation row. */
function gutterNumber(row: string): string | undefined {
	return /^\s*(\d+) │/.exec(row)?.[1];
}

/** Each source line's text from its rows, spaces left out (the spaces at a break are dropped). */
function joinedLines(rows: readonly string[]): string[] {
	const lines: string[] = [];
	for (const row of rows) {
		const body = row.slice(4).replaceAll(' ', '');
		if (gutterNumber(row) === undefined && lines.length > 0) {
			lines[lines.length - 1] += body;
		} else {
			lines.push(body);
		}
	}

	return lines;
}

test('a .txt file wraps at spaces; only a word longer than a row is cut', async () => {
	expect(await expandedRows('notes.txt', 30)).toEqual([
		'1 │ lorem ipsum dolor sit',
		'  │ amet, consectetur',
		'  │ adipiscing elit, sed do',
		'  │ eiusmod tempor incididunt',
		'  │ ut labore et dolore magna',
		'  │ aliqua',
		'2 │ short',
		'3 │',
		'4 │ lorem ipsum dolor sit',
		'  │ amet, consectetur',
		'  │ adipiscing elit, sed do',
		'  │ eiusmod tempor incididunt',
		'  │ ut labore et dolore magna',
		'  │ aliqua',
		'  │ averyveryveryveryveryveryv',
		'  │ eryverylongword end',
	]);
});

test.each(['notes.txt', 'notes.md', 'notes.unknownext'])(
	'%s: every width keeps the gutter aligned and loses no text',
	async (name) => {
		for (const width of [20, 30, 47, 80, 200]) {
			// eslint-disable-next-line no-await-in-loop
			const rows = await expandedRows(name, width);
			for (const row of rows) {
				expect(row.indexOf('│')).toBe(2);
			}

			const original = (files[name] ?? '').split('\n').slice(0, -1);
			expect(joinedLines(rows)).toEqual(original.map((line) => line.replaceAll(' ', '')));
		}
	},
);

test('code keeps hard wrapping: rows are full to the last column', async () => {
	const rows = await expandedRows('notes.ts', 40);
	expect(rows[0]).toHaveLength(40);
	expect(rows[0]).toMatch(/^1 │ \/\/ lorem ipsum/);
	expect(rows[1]?.startsWith('  │ ')).toBe(true);
	expect(rows[1]).toHaveLength(40);
});

test.each([
	['notes.txt', 23],
	['notes.md', 31],
	['notes.ts', 40],
])('%s at %i columns: the counted height matches the rows drawn, from any start', async (name, width) => {
	const result = await read({path: name}, {cwd: directory});
	const view = viewForItem(toolCall('read', {path: name}, result), context({width, expanded: true}));
	const all = view.rows(0, view.height).map((row) => lineText(row));
	expect(all).toHaveLength(view.height);
	for (let start = 0; start < view.height; start++) {
		expect(view.rows(start, start + 3).map((row) => lineText(row))).toEqual(all.slice(start, start + 3));
	}
});
