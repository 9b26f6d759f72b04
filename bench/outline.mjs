/*
Outlines: a generated 10,000-line TypeScript file, outlined alone (outline=true) and as the notice of a
default read the line cap cuts, against the same text as .txt (no outline). Run after `npm run build`:
`node bench/outline.mjs`. Env: LECTOR_BENCH_RUNS (processes per case, default 7).

Each run is a fresh `node bench/run-outline.mjs` process: "cold" is its first read() call, which
imports web-tree-sitter and loads the wasm grammar; "warm" is the median of 5 more calls in it, each
after touching the file so it is parsed again; "cached" the median of 5 calls on the unchanged file.
*/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runner = path.join(projectRoot, 'bench', 'run-outline.mjs');
const runs = Number(process.env.LECTOR_BENCH_RUNS ?? 7);
const targetLines = 10_000;

if (!fs.existsSync(path.join(projectRoot, 'dist', 'read', 'index.js'))) {
	console.error('dist/read/index.js is missing: run `npm run build` first.');
	process.exit(1);
}

/** Classes with methods, functions, interfaces, types and arrow functions, like real modules. */
function typescriptSource(lines) {
	const out = ["import {readFile} from 'node:fs/promises';", ''];
	for (let index = 0; out.length < lines; index++) {
		out.push(
			`/** Stores items of kind ${index}. */`,
			`export class Store${index}<T> {`,
			'\tprivate readonly items = new Map<string, T>();',
			'',
			`\tconstructor(private readonly name = 'store${index}') {}`,
			'',
			'\tget(key: string): T | undefined {',
			'\t\treturn this.items.get(key);',
			'\t}',
			'',
			`\tasync load${index}(file: string): Promise<number> {`,
			"\t\tconst text = await readFile(file, 'utf8');",
			'\t\tfor (const line of text.split("\\n")) {',
			'\t\t\tif (line.trim() !== "") {',
			'\t\t\t\tthis.items.set(line, JSON.parse(line) as T);',
			'\t\t\t}',
			'\t\t}',
			'\t\treturn this.items.size;',
			'\t}',
			'}',
			'',
			`export interface Options${index} {`,
			'\treadonly limit: number;',
			'\treadonly label?: string;',
			'}',
			'',
			`export type Key${index} = \`key-\${number}\`;`,
			'',
			`export function make${index}(options: Options${index}): Store${index}<string> {`,
			`\tconst store = new Store${index}<string>();`,
			`\treturn options.limit > 0 ? store : new Store${index}<string>();`,
			'}',
			'',
			`export const double${index} = (value: number): number => value * 2;`,
			'',
		);
	}

	return `${out.slice(0, lines).join('\n')}\n`;
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function runOnce(file, params) {
	const child = spawnSync(process.execPath, [runner, file, JSON.stringify(params), '5'], {
		cwd: projectRoot,
		encoding: 'utf8',
	});
	if (child.status !== 0) {
		throw new Error(`run-outline.mjs failed: ${child.stderr}`);
	}

	const result = JSON.parse(child.stdout);
	if (result.isError) {
		throw new Error(`read(${JSON.stringify(params)}) of ${file} failed`);
	}

	return result;
}

const directory = path.join(projectRoot, '.bench');
fs.mkdirSync(directory, {recursive: true});
const source = typescriptSource(targetLines);
const tsFile = path.join(directory, 'outline-10k.ts');
const txtFile = path.join(directory, 'outline-10k.txt');
fs.writeFileSync(tsFile, source);
fs.writeFileSync(txtFile, source);

const cases = [
	{name: 'outline=true', file: tsFile, params: {outline: true}},
	{name: 'default read, cut at 2,000 lines, outline in the notice', file: tsFile, params: {}},
	{name: 'default read of the same text as .txt (no outline)', file: txtFile, params: {}},
];

const samples = new Map(cases.map((benchCase) => [benchCase, []]));
for (let round = 0; round < runs; round++) {
	for (const benchCase of cases) {
		samples.get(benchCase).push(runOnce(path.relative(projectRoot, benchCase.file), benchCase.params));
	}

	process.stderr.write(`round ${round + 1}/${runs} done\n`);
}

const ms = (value) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const rows = [
	'| Read of a 10,000-line TypeScript file | Outline entries sent | Cold ms | Warm ms | Cached ms | Peak RSS MB |',
	'| --- | ---: | ---: | ---: | ---: | ---: |',
];
for (const benchCase of cases) {
	const runsOfCase = samples.get(benchCase);
	const first = runsOfCase[0];
	const entries =
		first.outlineSent === undefined
			? '-'
			: first.outlineTotal === first.outlineSent
				? String(first.outlineSent)
				: `${first.outlineSent} of ${first.outlineTotal}`;
	rows.push(
		`| ${benchCase.name} | ${entries} | ${ms(median(runsOfCase.map((run) => run.coldMs)))} | ${ms(median(runsOfCase.map((run) => run.warmMs)))} | ${ms(median(runsOfCase.map((run) => run.cachedMs)))} | ${(median(runsOfCase.map((run) => run.maxRssKb)) / 1024).toFixed(1)} |`,
	);
}

console.log(
	`File: ${targetLines.toLocaleString('en')} lines, ${(Buffer.byteLength(source) / 1024).toFixed(0)} KB of generated TypeScript.`,
);
console.log(
	`Medians of ${runs} processes; ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} CPUs, Node.js ${process.version}.`,
);
console.log('');
console.log(rows.join('\n'));
console.log('');
console.log(
	'Cold: the first read() in a fresh process (imports web-tree-sitter, loads its wasm and the grammar, parses). Warm: the median of 5 more calls in the same process, each after a change of the mtime, so the file is parsed again. Cached: the median of 5 calls on the unchanged file (the outline is reused).',
);
