/*
The hostile files of issue 13 (bench/hostile-files.mjs), each read by lector's engine in a fresh
process per run (bench/run-read.mjs). Run after `npm run build`: `node bench/hostile.mjs`.
Env: LECTOR_BENCH_RUNS (runs per case, default 5). Files go to .bench/hostile/ (sparse ones cost no disk).
Prints a Markdown table: the median wall time of the read() call, the highest peak RSS of its process,
and the answer (error or capped output, with its size); `node + engine import` is the floor.
*/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {writeHostileFiles} from './hostile-files.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.LECTOR_BENCH_RUNS ?? 5);
const dir = path.join(projectRoot, '.bench', 'hostile');

function once(file, params, flag) {
	const run = spawnSync(
		process.execPath,
		[path.join(projectRoot, 'bench', 'run-read.mjs'), file, JSON.stringify(params), ...(flag ? [flag] : [])],
		{cwd: dir, encoding: 'utf8', timeout: 60_000},
	);
	if (run.status !== 0) {
		throw new Error(`${file} ${JSON.stringify(params)}: ${run.stderr || run.signal}`);
	}

	return JSON.parse(run.stdout);
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

fs.rmSync(dir, {recursive: true, force: true});
const cases = writeHostileFiles(dir, {large: true});
const floor = Math.max(...Array.from({length: runs}, () => once('x', {}, '--noop').maxRssKb));
const rows = [`| case | read() median | peak RSS | answer |`, `|---|---:|---:|---|`];
rows.push(`| node + engine import | | ${(floor / 1024).toFixed(0)} MB | |`);
for (const hostile of cases) {
	const measured = Array.from({length: runs}, () => once(hostile.file, hostile.params));
	const [first] = measured;
	const answer = first.isError
		? `error: ${first.errorMessage.slice(0, 50)}…`
		: `capped: ${first.outputBytes} bytes`;
	const ms = median(measured.map((one) => one.ms));
	const rss = Math.max(...measured.map((one) => one.maxRssKb));
	rows.push(`| ${hostile.name} | ${ms.toFixed(1)} ms | ${(rss / 1024).toFixed(0)} MB | ${answer} |`);
}

fs.rmSync(dir, {recursive: true, force: true});
process.stdout.write(`${rows.join('\n')}\n`);
