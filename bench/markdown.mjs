// npm run bench:markdown: the Markdown renderer of the model's answers. Reports, for a generated
// 10,000-line answer (headings, paragraphs, list items with bold, code and links, then a 2,000-line
// TypeScript fence): the first layout at 80 and at 120 columns (parse, blocks, rows on screen), the
// words search looks in, and a stream of 200-character deltas over its last 100 KB (median, p99 and
// worst per delta: the blocks before the last two are kept, so a delta costs its own text). Then
// hostile answers that marked alone would hang or crash on. Runs the built code in dist/.
import {performance} from 'node:perf_hooks';
import {viewForItem} from '../dist/panels/item-view.js';
import {answerText} from '../dist/panels/markdown-view.js';

const context = {width: 80, expanded: false, previewLines: 5, expandHint: 'ctrl+o to expand', spinner: '⠋'};
const screenRows = 40;

function answer() {
	const lines = [];
	for (let index = 0; index < 10_000; index++) {
		lines.push(
			index % 100 === 0
				? `\n## Section ${index}\n`
				: index % 7 === 0
					? `- item **${index}** with \`code\` and [a link](https://example.com/${index})`
					: `Line ${index} with *some* words, and more words to wrap around at eighty columns.`,
		);
	}

	lines.push(
		'```ts',
		...Array.from({length: 2000}, (_, index) => `const x${index}: number = ${index};`),
		'```',
		'The end.',
	);
	return lines.join('\n');
}

let ids = 0;
function timeLayout(text, width) {
	ids++;
	const start = performance.now();
	const view = viewForItem({type: 'assistant', id: `bench-${ids}`, text}, {...context, width});
	view.rows(Math.max(0, view.height - screenRows), view.height);
	return {ms: performance.now() - start, rows: view.height};
}

function quantile(sorted, q) {
	return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
}

const text = answer();
const out = [
	`answer: ${text.length.toLocaleString('en-US')} characters, ${text.split('\n').length.toLocaleString('en-US')} lines`,
];
for (const width of [80, 120]) {
	const {ms, rows} = timeLayout(text, width);
	out.push(`first layout at ${width} columns: ${ms.toFixed(0)} ms (${rows.toLocaleString('en-US')} rows)`);
}

const item = {type: 'assistant', id: 'search', text};
let start = performance.now();
answerText(item);
out.push(`search text of a fresh item (parse included): ${(performance.now() - start).toFixed(0)} ms`);

const from = text.length - 100_000;
viewForItem({type: 'assistant', id: 'stream', text: text.slice(0, from)}, context);
const deltas = [];
for (let end = from + 200; end <= text.length + 199; end += 200) {
	start = performance.now();
	const view = viewForItem({type: 'assistant', id: 'stream', text: text.slice(0, end)}, context);
	view.rows(Math.max(0, view.height - screenRows), view.height);
	deltas.push(performance.now() - start);
}

deltas.sort((a, b) => a - b);
out.push(
	`stream, ${deltas.length} deltas of 200 characters: median ${quantile(deltas, 0.5).toFixed(2)} ms, p99 ${quantile(deltas, 0.99).toFixed(2)} ms, worst ${(deltas.at(-1) ?? 0).toFixed(1)} ms`,
);

const hostile = {
	'lists nested 1,000 deep': Array.from({length: 1000}, (_, index) => `${'  '.repeat(index)}- a`).join('\n'),
	'5,000 nested quotes': `${'> '.repeat(5000)}x`,
	'40,000 characters of *a': '*a'.repeat(20_000),
	'1 MB of *__a (the time budget)': '*__a'.repeat(250_000),
	'100 paragraphs of 2,000 characters of **_a**': Array.from({length: 100}, () => '**_a** '.repeat(285)).join(
		'\n\n',
	),
	'200 lines of 64 nested quotes': Array.from({length: 200}, () => `${'> '.repeat(64)}a`).join('\n'),
};
for (const [name, body] of Object.entries(hostile)) {
	const {ms} = timeLayout(body, 80);
	out.push(`hostile, ${name}: ${ms.toFixed(0)} ms`);
}

console.log(out.join('\n'));
