/*
Start-up cost of the built CLI against a bare `node -e 0`, side by side.
Run with `npm run bench:start` (builds first). Env: LECTOR_BENCH_START_RUNS (runs per command,
default 15); LECTOR_BENCH_START_OTHER, the cli.js of another build (another checkout's dist/cli.js), to
time the same commands with it in the same rounds (before/after a change, side by side).

Each round runs every command once, in the same order (node -e 0 first), so that a busy moment of
the machine falls on all of them alike; the table gives each command's median wall time over the
rounds and its ratio to the median of `node -e 0`. The file read is a generated 300-line
TypeScript file in .bench/, so `--print` pays for syntax highlighting as a person's read would.
*/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cli = path.join(projectRoot, 'dist', 'cli.js');
const runs = Number(process.env.LECTOR_BENCH_START_RUNS ?? 15);
const targets = {'--version': 1.3, 'read --model-view': 1.5, 'read --print': 2.5};

function sampleFile() {
	const file = path.join(projectRoot, '.bench', 'start-sample.ts');
	if (!fs.existsSync(file)) {
		fs.mkdirSync(path.dirname(file), {recursive: true});
		const lines = ["import fs from 'node:fs';", ''];
		for (let index = 0; lines.length < 300; index++) {
			lines.push(
				`/** Reads part ${index} of the file. */`,
				`export function readPart${index}(file: string, limit = ${index * 10}): string[] {`,
				`\tconst text = fs.readFileSync(file, 'utf8'); // ${index}`,
				"\treturn text.split('\\n').slice(0, limit);",
				'}',
				'',
			);
		}

		fs.writeFileSync(file, `${lines.join('\n')}\n`);
	}

	return file;
}

function timeOnce(args) {
	const started = performance.now();
	const run = spawnSync(process.execPath, args, {
		cwd: projectRoot,
		encoding: 'utf8',
		// No terminal: --print prints the panel once and exits, as in a pipe.
		stdio: ['ignore', 'pipe', 'pipe'],
		env: {...process.env, FORCE_COLOR: '1', COLUMNS: '120'},
	});
	const ms = performance.now() - started;
	if (run.status !== 0) {
		throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
	}

	return ms;
}

function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function main() {
	if (!fs.existsSync(cli)) {
		console.error('dist/cli.js is missing: run `npm run build` first.');
		process.exit(1);
	}

	const file = sampleFile();
	const lectorCommands = (name, script) => [
		[`${name}--version`, [script, '--version']],
		[`${name}read --model-view`, [script, 'read', file, '--model-view']],
		[`${name}read --print`, [script, 'read', file, '--print']],
	];
	const other = process.env.LECTOR_BENCH_START_OTHER;
	const commands = [
		['node -e 0', ['-e', '0']],
		...lectorCommands('', cli),
		...(other === undefined ? [] : lectorCommands('other: ', path.resolve(other))),
	];
	// One warm-up round: the first run of each pays for the disk cache, not for lector.
	for (const [, args] of commands) {
		timeOnce(args);
	}

	const times = new Map(commands.map(([name]) => [name, []]));
	for (let round = 0; round < runs; round++) {
		for (const [name, args] of commands) {
			times.get(name).push(timeOnce(args));
		}
	}

	const baseline = median(times.get('node -e 0'));
	console.log(
		`Start-up, medians of ${runs} interleaved runs (node ${process.version}, load ${os.loadavg()[0].toFixed(2)}, ${new Date().toISOString().slice(0, 16)}Z).\n`,
	);
	console.log('| command | median | ratio to node -e 0 | target |');
	console.log('| --- | ---: | ---: | ---: |');
	for (const [name] of commands) {
		const value = median(times.get(name));
		const target = targets[name] === undefined ? '' : `≤ ${targets[name]}x`;
		console.log(`| ${name} | ${value.toFixed(0)} ms | ${(value / baseline).toFixed(2)}x | ${target} |`);
	}
}

main();
