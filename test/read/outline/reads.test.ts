import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {modelText, runRead} from '../../../source/commands/read/read-command.js';
import {read} from '../../../source/read/index.js';
import {maxOutlineBytes} from '../../../source/read/outline/outline-file.js';
import {parserCounters} from '../../../source/read/outline/parser.js';
import {makeTempDir} from '../../helpers/temp-dir.js';

const directory = makeTempDir('lector-outline-reads-');

function write(name: string, text: string): string {
	const file = path.join(directory, name);
	writeFileSync(file, text);
	return file;
}

function functions(count: number): string {
	return Array.from({length: count}, (_, index) => `function f${index}() {\n\treturn ${index};\n}\n`).join(
		'',
	);
}

const cliFlags = {
	offset: undefined,
	limit: undefined,
	tail: undefined,
	cwd: directory,
	json: false,
	confine: false,
	lineNumbers: true,
	maxLines: undefined,
	maxBytes: undefined,
};

// These first tests must run before anything in this file loads tree-sitter (vitest isolates test files).
test('a read the caps do not cut never loads tree-sitter', async () => {
	const file = write('small.ts', functions(50));
	const result = await read({path: file}, {cwd: directory});
	expect(result.details.truncation).toBeUndefined();
	expect(result.details.outline).toBeUndefined();
	expect(parserCounters).toEqual({runtimeLoads: 0, languageLoads: 0, parses: 0});
});

test('a cut read of a file over the outline size limit, or of plain text, is not outlined', async () => {
	const huge = write(
		'huge.ts',
		`${'// padding line that makes the file large\n'.repeat(60_000)}function last() {}\n`,
	);
	expect(Buffer.byteLength(functions(0)) + 60_000 * 43).toBeGreaterThan(maxOutlineBytes);
	const result = await read({path: huge}, {cwd: directory});
	expect(result.details.truncation).toBeDefined();
	expect(result.details.outline).toBeUndefined();
	const notes = write('notes.txt', 'line\n'.repeat(3000));
	expect((await read({path: notes}, {cwd: directory})).details.outline).toBeUndefined();
	expect(parserCounters.runtimeLoads).toBe(0);
	expect(parserCounters.parses).toBe(0);
});

test('a cut Markdown read carries its headings without tree-sitter', async () => {
	const text = Array.from({length: 30}, (_, index) => `## Section ${index}\n\n${'text\n'.repeat(100)}`).join(
		'',
	);
	const file = write('guide.md', `# Guide\n\n${text}`);
	const result = await read({path: file}, {cwd: directory});
	expect(result.details.outline?.[0]).toEqual({
		kind: 'heading',
		name: 'Guide',
		startLine: 1,
		endLine: 3062,
		depth: 0,
	});
	expect(modelText(result)).toContain(
		'\n\nOutline of guide.md (use offset/limit to read a part):\n  # Guide  1-3062\n',
	);
	expect(parserCounters.runtimeLoads).toBe(0);
});

test('tree-sitter and each grammar load once per process; an unchanged file is parsed once', async () => {
	const file = write('cut.ts', functions(1000));
	await read({path: file}, {cwd: directory});
	await read({path: file, offset: 500}, {cwd: directory});
	await read({path: file, outline: true}, {cwd: directory});
	expect(parserCounters).toEqual({runtimeLoads: 1, languageLoads: 1, parses: 1});
	write('cut.ts', functions(1001));
	const changed = await read({path: file, outline: true}, {cwd: directory});
	expect(changed.details.outlineTotal).toBe(1001);
	expect(parserCounters).toEqual({runtimeLoads: 1, languageLoads: 1, parses: 2});
});

test('the truncated notice: continuation first, then the outline; details count what was sent', async () => {
	const file = write('notice.ts', functions(1000));
	const result = await read({path: file}, {cwd: directory});
	const text = modelText(result);
	expect(text).toContain(
		'[Output stopped at the 2,000-line cap: showing lines 1-2,000 of 3,000. Continue with offset=2001.]\n\nOutline of notice.ts (use offset/limit to read a part):\n',
	);
	// Too many entries for the budget: those inside the lines shown go first.
	expect(text).toContain(
		'(use offset/limit to read a part):\n  function f666  1999-2001\n  function f667  2002-2004\n',
	);
	expect(text).not.toContain('function f0  ');
	const sent = result.details.outline ?? [];
	expect(result.details.outlineTotal).toBe(1000);
	expect(text).toContain(`(${1000 - sent.length} more entries left out to keep this short)`);
});

test('lector read --outline prints the outline alone', async () => {
	write('cli.py', 'class A:\n    def m(self):\n        pass\n\n\ndef f():\n    pass\n');
	const result = await runRead(['cli.py'], {...cliFlags, outline: true});
	expect(modelText(result)).toBe(
		'Outline of cli.py (7 lines; read a part with offset and limit):\n  class A  1-3\n    method m  2-3\n  function f  6-7',
	);
	expect(result.details.outline).toHaveLength(3);
	expect(result.isError).toBe(false);
});

test('an outline of a language lector cannot outline says so and suggests offset/limit', async () => {
	write('data.txt', 'some text\n');
	const result = await runRead(['data.txt'], {...cliFlags, outline: true});
	expect(result.isError).toBe(false);
	expect(result.details.outline).toBeUndefined();
	expect(modelText(result)).toBe(
		'[No outline for data.txt: outlines cover TypeScript, TSX, JavaScript, Python, Go, Rust, Java, C, C++ and Markdown files, chosen by file extension. Read it in parts with offset and limit instead, e.g. offset=1 limit=200 (the file is 10 bytes).]',
	);
});

test('a code file with nothing to outline, and one too large, get a clear note', async () => {
	const plain = write('consts.js', 'const a = 1;\nconst b = 2;\n');
	expect(modelText(await read({path: plain, outline: true}, {cwd: directory}))).toBe(
		'[No functions, classes or headings found in consts.js (2 lines). Read it with offset and limit instead.]',
	);
	const huge = write('huge2.ts', '// x\n'.repeat(500_000));
	expect(modelText(await read({path: huge, outline: true}, {cwd: directory}))).toContain(
		'No outline for huge2.ts: the file is 2.4 MB, over the 2 MB that lector outlines.',
	);
});

test('an outline read within a tiny byte cap keeps to it', async () => {
	const file = write('tiny.ts', functions(100));
	const result = await read({path: file, outline: true}, {limits: {maxBytes: 300}});
	expect(Buffer.byteLength(modelText(result))).toBeLessThanOrEqual(300);
	expect(modelText(result)).toContain('entries left out');
});

test('an outline read too long for the cap says where to continue; offset/limit narrow it', async () => {
	const file = write('paged.ts', functions(3000));
	const result = await read({path: file, outline: true}, {cwd: directory});
	const text = modelText(result);
	expect(Buffer.byteLength(text)).toBeLessThanOrEqual(50 * 1024);
	const sent = result.details.outline ?? [];
	const next = (sent.at(-1)?.endLine ?? 0) + 1;
	expect(text).toContain(
		`(${3000 - sent.length} more entries left out to keep this short; for the rest, read again with outline=true offset=${next})`,
	);
	const page = await read({path: file, outline: true, offset: next, limit: 30}, {cwd: directory});
	expect(modelText(page)).toBe(
		[
			`Outline of paged.ts, entries starting in lines ${next.toLocaleString('en-US')}-${(next + 29).toLocaleString('en-US')} (9,000 lines; read a part with offset and limit):`,
			...Array.from({length: 10}, (_, index) => {
				const start = next + index * 3;
				return `  function f${(start - 1) / 3}  ${start}-${start + 2}`;
			}),
		].join('\n'),
	);
	expect(page.details.outlineTotal).toBe(10);
});
