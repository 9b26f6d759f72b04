/*
The read engine against the shell tools agents reach for, on one large source-like file.
Run after `npm run build`: `node bench/read-engine.mjs` (or `npm run bench`).
Env: LECTOR_BENCH_BYTES (file size, default 1 GiB), LECTOR_BENCH_RUNS (runs per contender, default 7).

Each engine run is a fresh `node bench/run-read.mjs` process that times only the read() call; each
baseline run is timed around spawnSync and includes starting the process (see the overhead line
printed under the table). Contenders alternate within each round so they share the machine's noise.
*/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';
import {sourceFile} from './source-file.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runner = path.join(projectRoot, 'bench', 'run-read.mjs');
const targetBytes = Number(process.env.LECTOR_BENCH_BYTES ?? 2 ** 30);
const runs = Number(process.env.LECTOR_BENCH_RUNS ?? 7);

if (!fs.existsSync(path.join(projectRoot, 'dist', 'read', 'index.js'))) {
	console.error('dist/read/index.js is missing: run `npm run build` first.');
	process.exit(1);
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function runEngine(filePath, params, flag) {
	const child = spawnSync(
		process.execPath,
		[runner, filePath, JSON.stringify(params), ...(flag ? [flag] : [])],
		{
			cwd: projectRoot,
			encoding: 'utf8',
			maxBuffer: 64 * 1024 * 1024,
		},
	);
	if (child.status !== 0) {
		throw new Error(`run-read.mjs failed: ${child.stderr}`);
	}

	const result = JSON.parse(child.stdout);
	if (result.isError) {
		throw new Error(`read(${JSON.stringify(params)}) failed: ${result.errorMessage}`);
	}

	return result;
}

/** GNU time reports the peak RSS (%M, KB); the wall time comes from performance.now around the spawn. */
function runBaseline(command, stdout = 'ignore') {
	const start = performance.now();
	const child = spawnSync('/usr/bin/time', ['-f', '%M', ...command], {
		encoding: 'utf8',
		stdio: ['ignore', stdout, 'pipe'],
		maxBuffer: 64 * 1024 * 1024,
	});
	const ms = performance.now() - start;
	if (child.status !== 0) {
		throw new Error(`${command.join(' ')} failed: ${child.stderr}`);
	}

	const maxRssKb = Number(child.stderr.trim().split('\n').at(-1));
	return {ms, maxRssKb, stdout: child.stdout};
}

const textLines = (output) => output.replace(/\n$/, '').split('\n');

/** Before timing anything: the engine must show the same text as the baseline, or the race means nothing. */
function verify(benchCase, filePath) {
	const engine = runEngine(filePath, benchCase.params, '--lines');
	const baseline = runBaseline(benchCase.baseline, 'pipe');
	const expected = textLines(baseline.stdout);
	const shown = engine.lines;
	// The engine may stop earlier at its byte cap; a tail shows the end of what the baseline printed.
	const comparable =
		benchCase.params.tail === undefined ? expected.slice(0, shown.length) : expected.slice(-shown.length);
	if (shown.length === 0 || JSON.stringify(shown) !== JSON.stringify(comparable)) {
		throw new Error(`${benchCase.name}: the engine's lines differ from \`${benchCase.baseline.join(' ')}\``);
	}

	return engine;
}

function measure(benchCases, filePath) {
	const samples = new Map(benchCases.map((benchCase) => [benchCase, {engine: [], baseline: []}]));
	for (let round = 0; round < runs; round++) {
		for (const benchCase of benchCases) {
			const sample = samples.get(benchCase);
			const engineFirst = round % 2 === 0;
			const contenders = [
				() => sample.engine.push(runEngine(filePath, benchCase.params)),
				() => sample.baseline.push(runBaseline(benchCase.baseline)),
			];
			for (const run of engineFirst ? contenders : contenders.reverse()) run();
		}

		process.stderr.write(`round ${round + 1}/${runs} done\n`);
	}

	return samples;
}

const megabytes = (kilobytes) => (kilobytes / 1024).toFixed(1);
const milliseconds = (ms) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1));

function table(benchCases, samples, shownBy) {
	const rows = [
		'| Read | lector | Baseline | lector ms | Baseline ms | lector / baseline | lector peak RSS MB | Baseline peak RSS MB |',
		'| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
	];
	for (const benchCase of benchCases) {
		const {engine, baseline} = samples.get(benchCase);
		const engineMs = median(engine.map((run) => run.ms));
		const baselineMs = median(baseline.map((run) => run.ms));
		const shown = shownBy.get(benchCase);
		rows.push(
			[
				'',
				`${benchCase.name} (${shown.linesShown} lines shown)`,
				`\`${benchCase.engineLabel}\``,
				`\`${benchCase.baselineLabel}\``,
				milliseconds(engineMs),
				milliseconds(baselineMs),
				`${(engineMs / baselineMs).toFixed(2)}×`,
				megabytes(median(engine.map((run) => run.maxRssKb))),
				megabytes(median(baseline.map((run) => run.maxRssKb))),
				'',
			]
				.join(' | ')
				.trim(),
		);
	}

	return rows.join('\n');
}

const file = sourceFile(path.join(projectRoot, '.bench'), targetBytes);
const relative = path.relative(projectRoot, file.filePath);
const depthLine = Math.floor(file.lines * 0.9);
const benchCases = [
	{
		name: 'Default read',
		params: {},
		engineLabel: 'read path',
		baseline: ['head', '-n', '2000', relative],
		baselineLabel: 'head -n 2000',
	},
	{
		name: '50 lines at 90% depth',
		params: {offset: depthLine, limit: 50},
		engineLabel: `offset=${depthLine} limit=50`,
		baseline: ['sed', '-n', `${depthLine},${depthLine + 49}p`, relative],
		baselineLabel: `sed -n '${depthLine},${depthLine + 49}p'`,
	},
	{
		name: 'Last 100 lines',
		params: {tail: 100},
		engineLabel: 'tail=100',
		baseline: ['tail', '-n', '100', relative],
		baselineLabel: 'tail -n 100',
	},
];

process.chdir(projectRoot);
const shownBy = new Map(benchCases.map((benchCase) => [benchCase, verify(benchCase, relative)]));
const samples = measure(benchCases, relative);
const startup = median(Array.from({length: runs}, () => runBaseline(['true']).ms));
const nodeAlone = median(Array.from({length: 3}, () => runEngine(relative, {}, '--noop').maxRssKb));

const gib = (file.bytes / 2 ** 30).toFixed(2);
console.log(
	`File: ${gib} GiB, ${file.lines.toLocaleString('en')} lines of generated source (${(file.bytes / file.lines).toFixed(1)} bytes a line), in the page cache.`,
);
console.log(
	`Medians of ${runs} runs; ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} CPUs, Node.js ${process.version}, ${os.type()} ${os.release()}.`,
);
console.log('');
console.log(table(benchCases, samples, shownBy));
console.log('');
console.log(
	`lector ms is the read() call alone, in a fresh process per run; baseline ms is the whole process, including about ${milliseconds(startup)} ms to start one (\`/usr/bin/time true\`).`,
);
console.log(
	`lector peak RSS is the whole node process; node with the engine imported and no read peaks at ${megabytes(nodeAlone)} MB.`,
);
