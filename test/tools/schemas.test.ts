import {copyFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {read} from '../../source/read/index.js';
import {toolSchemas} from '../../source/tools/schemas.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const workspace = makeTempDir('lector-schemas-');

function setUp(): void {
	writeFileSync(
		path.join(workspace, 'long.txt'),
		`${Array.from({length: 300}, (_, index) => `row ${index}`).join('\n')}\n`,
	);
	const methods = Array.from(
		{length: 80},
		(_, index) => `\tmethod${index}(): number {\n\t\treturn ${index};\n\t}\n`,
	);
	writeFileSync(path.join(workspace, 'big.ts'), `export class Big {\n${methods.join('\n')}}\n`);
	copyFileSync(path.join(repoRoot, 'fixtures/documents/three-pages.pdf'), path.join(workspace, 'three.pdf'));
	copyFileSync(
		path.join(repoRoot, 'fixtures/documents/analysis.ipynb'),
		path.join(workspace, 'analysis.ipynb'),
	);
	copyFileSync(path.join(repoRoot, 'fixtures/images/tiny.png'), path.join(workspace, 'tiny.png'));
}

/** Calls whose answers carry notices naming parameters: cuts, wrong parameters for the form, past the end. */
const calls: ReadonlyArray<Record<string, unknown>> = [
	{path: 'long.txt'},
	{path: 'long.txt', offset: 900},
	{path: 'long.txt', tail: 5, pages: '2'},
	{path: 'big.ts'},
	{path: 'big.ts', outline: true},
	{path: 'three.pdf'},
	{path: 'three.pdf', offset: 3, cells: '1'},
	{path: 'analysis.ipynb'},
	{path: 'analysis.ipynb', pages: '1', limit: 2},
	{path: 'tiny.png', offset: 4},
];

describe('what the model is told names only declared parameters', () => {
	it('declares all seven read parameters', () => {
		expect(Object.keys(toolSchemas().read.schema.properties)).toEqual([
			'path',
			'offset',
			'limit',
			'tail',
			'pages',
			'cells',
			'outline',
		]);
	});

	it('every name=value a read notice suggests is a parameter of the read schema', async () => {
		setUp();
		const declared = new Set(Object.keys(toolSchemas().read.schema.properties));
		const named = new Set<string>();
		// Tight caps, so that every form is cut and says how to continue.
		const limits = {maxLines: 40, maxBytes: 600};
		for (const call of calls) {
			const result = await read(call, {cwd: workspace, limits});
			const text = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
			// Only the notices: numbered file lines are the file's own words.
			const notices = text
				.split('\n')
				.filter((line) => !/^\s*\d+\t/.test(line))
				.join('\n');
			for (const match of notices.matchAll(/\b([a-z_]+)=["\d.t]/g)) {
				named.add(match[1] ?? '');
			}
		}

		// The calls above must make the engine suggest each way on, or this test proves nothing.
		expect([...named].sort()).toEqual(expect.arrayContaining(['cells', 'offset', 'pages']));
		expect([...named].filter((name) => !declared.has(name))).toEqual([]);
	}, 30_000);
});
