/*
Issue 13, Bounded work: a PDF page drawn by 2 million text operators (5 MB packed, 80 MB of operators)
ran to the worker's 30 s limit at 1.3 GB. Now the worker streams the page's text and stops once the
read cannot show more (source/read/documents/extract-worker.js, PageTally), or past the scan budget on
one endless line, which the notice then says. The files are real deflated PDFs from
bench/hostile-files.mjs's pdfBomb.
*/
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type ReadResult, read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const root = path.resolve(import.meta.dirname, '../..');
const cwd = makeTempDir('lector-pdf-bomb-');

function text(result: ReadResult): string {
	const [first] = result.content;
	return first?.type === 'text' ? first.text : '';
}

function writeBomb(name: string, lines: number, options: {pages?: number; oneLine?: boolean} = {}): void {
	const script = `import('${path.join(root, 'bench', 'hostile-files.mjs')}').then((m) => require('node:fs').writeFileSync(${JSON.stringify(path.join(cwd, name))}, m.pdfBomb(${lines}, ${JSON.stringify(options)})))`;
	const made = spawnSync(process.execPath, ['-e', script], {encoding: 'utf8'});
	expect(made.stderr).toBe('');
	expect(made.status).toBe(0);
}

describe('a PDF page of 2 million text lines', () => {
	it('is cut at the caps after extracting what they allow', async () => {
		writeBomb('bomb.pdf', 2_000_000);
		const result = await read({path: 'bomb.pdf'}, {cwd});
		expect(result.isError).toBe(false);
		expect(result.details.linesShown).toBe(2000);
		expect(result.details.lines.slice(0, 3)).toEqual(['--- page 1 of 1 ---', 'l0', 'l1']);
		expect(result.details.lines.at(-1)).toBe('l1998');
		expect(text(result)).toContain('Page 1 alone is over the output cap');
		expect(text(result)).not.toContain('stopped extracting');
	}, 20_000); // Before, the worker ran to its 30 s limit; the bound here only has to tell the two apart.

	it('a page of one endless line stops at the scan budget and says so', async () => {
		writeBomb('line.pdf', 2_000_000, {oneLine: true});
		const result = await read({path: 'line.pdf'}, {cwd});
		expect(result.isError).toBe(false);
		expect(result.details.lines[1]?.startsWith('l0 l1 l2')).toBe(true);
		expect(text(result)).toMatch(
			/lector stopped extracting page 1 after [\d,]+ characters of text \(its scan budget\); the page may hold more/,
		);
	}, 20_000);
});

describe('pages the caps can show are extracted whole', () => {
	it('a page just under the line cap is not cut', async () => {
		writeBomb('under.pdf', 1998);
		const result = await read({path: 'under.pdf'}, {cwd});
		expect(result.details.linesShown).toBe(1999);
		expect(result.details.lines.at(-1)).toBe('l1997');
		expect(text(result)).not.toContain('over the output cap');
		expect(text(result)).not.toContain('stopped extracting');
	});

	it('three pages that fit together are all shown, and the one that does not is offered next', async () => {
		writeBomb('three.pdf', 600, {pages: 4});
		const result = await read({path: 'three.pdf'}, {cwd});
		expect(result.details.pages?.shown).toEqual([1, 2, 3]);
		expect(result.details.pages?.next).toBe(4);
		expect(text(result)).not.toContain('stopped extracting');
	});
});
