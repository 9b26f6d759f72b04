/*
Replay of a large Claude Code style log: time to the first screen and peak memory.
Run after `npm run build`: `npm run bench:replay`.
Env: LECTOR_BENCH_REPLAY_MB (log size, default 200), LECTOR_BENCH_FIRST_EVENTS (events on the
first screen, default 200).

The log is generated once into .bench/ (prompts, assistant text, Read calls with toolUseResult.file,
Bash calls, some 400 KB lines and one 20 MB line over the line cap). Each measurement runs in a
fresh child process (`node bench/replay.mjs --child <mode> <log>`), so module loading is included
in the time and the peak RSS is that process's own.
- first-screen: stream the log until N events are parsed, reduce them to transcript items and
  render them to text at 120 columns, then stop.
- whole-log: stream the whole log into one transcript state as the interactive view holds it (large
  results kept on disk in a ResultVault as they are read), rendering the first screen on the way.
- whole-log-in-memory: the same with every result held in memory, for comparison.
*/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targetBytes = Number(process.env.LECTOR_BENCH_REPLAY_MB ?? 200) * 1024 * 1024;
const firstEvents = Number(process.env.LECTOR_BENCH_FIRST_EVENTS ?? 200);

async function child(mode, logPath) {
	const dist = (file) => path.join(projectRoot, 'dist', file);
	// As `lector replay` does before it reads a log.
	const {boundHeapGrowth} = await import(dist('commands/heap-growth.js'));
	boundHeapGrowth();
	const {replayFile} = await import(dist('sessions/replay-file.js'));
	const {TranscriptStore} = await import(dist('transcript/reducer.js'));
	const {ResultVault, keepResults} = await import(dist('transcript/result-vault.js'));
	const vault = mode === 'whole-log' ? ResultVault.open() : undefined;
	const {printItems} = await import(dist('ui/print.js'));
	const {createPainter} = await import(dist('theme/ansi.js'));
	const {darkTheme} = await import(dist('theme/themes.js'));
	const painter = createPainter(darkTheme, 0);
	const controller = new AbortController();
	// The view's store: each batch applied in place, as the replay view applies each flush.
	const store = new TranscriptStore();
	let firstScreenMs;
	let screenLines = 0;
	let events = 0;
	try {
		await replayFile(logPath, {
			signal: controller.signal,
			onEvents(batch) {
				events += batch.length;
				const transcript = store.apply(vault === undefined ? batch : keepResults(batch, vault));
				if (firstScreenMs === undefined && events >= firstEvents) {
					const text = printItems(transcript.items, {width: 120, expanded: false, previewLines: 5, painter});
					screenLines = text.split('\n').length;
					firstScreenMs = performance.now();
					if (mode === 'first-screen') {
						controller.abort();
					}
				}
			},
		});
	} catch (error) {
		if (!controller.signal.aborted) {
			throw error;
		}
	}

	const result = {
		firstScreenMs,
		totalMs: performance.now(),
		events,
		items: store.state.items.length,
		screenLines,
		maxRssMb: process.resourceUsage().maxRSS / 1024,
	};
	process.stdout.write(JSON.stringify(result));
}

function generate(logPath) {
	fs.mkdirSync(path.dirname(logPath), {recursive: true});
	const cwd = '/home/bench/project';
	const sessionId = 'bench-0000-4000-8000-000000000000';
	const codeLine = (index) => `\tconst value${index} = compute(${index}, 'bench'); // line ${index}`;
	const fileContent = (lines) => Array.from({length: lines}, (_, index) => codeLine(index + 1)).join('\n');
	const smallFile = fileContent(120);
	const largeFile = fileContent(6500);
	const base = (n) => ({
		parentUuid: null,
		isSidechain: false,
		cwd,
		sessionId,
		version: '2.0.14',
		uuid: `u-${n}`,
		timestamp: '2025-03-02T08:00:00.000Z',
	});
	const fd = fs.openSync(logPath, 'w');
	let written = 0;
	let n = 0;
	const write = (value) => {
		const line = `${typeof value === 'string' ? value : JSON.stringify(value)}\n`;
		fs.writeSync(fd, line);
		written += Buffer.byteLength(line);
	};

	while (written < targetBytes) {
		n++;
		const big = n % 97 === 0;
		const content = big ? largeFile : smallFile;
		const lines = big ? 6500 : 120;
		const id = `toolu_${n}`;
		write({...base(`${n}a`), type: 'user', message: {role: 'user', content: `Please look at module ${n}.`}});
		write({
			...base(`${n}b`),
			type: 'assistant',
			message: {
				id: `msg_${n}`,
				role: 'assistant',
				model: 'claude-opus-4-1',
				content: [{type: 'text', text: `Reading src/module${n}.ts first.`}],
			},
		});
		write({
			...base(`${n}c`),
			type: 'assistant',
			message: {
				id: `msg_${n}`,
				role: 'assistant',
				model: 'claude-opus-4-1',
				content: [{type: 'tool_use', id, name: 'Read', input: {file_path: `${cwd}/src/module${n}.ts`}}],
			},
		});
		const numbered = content
			.split('\n')
			.map((line, index) => `${String(index + 1).padStart(6)}→${line}`)
			.join('\n');
		write({
			...base(`${n}d`),
			type: 'user',
			message: {role: 'user', content: [{tool_use_id: id, type: 'tool_result', content: numbered}]},
			toolUseResult: {
				type: 'text',
				file: {
					filePath: `${cwd}/src/module${n}.ts`,
					content,
					numLines: lines,
					startLine: 1,
					totalLines: lines,
				},
			},
		});
		write({
			...base(`${n}e`),
			type: 'assistant',
			message: {
				id: `msg_${n}x`,
				role: 'assistant',
				model: 'claude-opus-4-1',
				content: [{type: 'tool_use', id: `${id}b`, name: 'Bash', input: {command: 'npm test'}}],
			},
		});
		write({
			...base(`${n}f`),
			type: 'user',
			message: {
				role: 'user',
				content: [{tool_use_id: `${id}b`, type: 'tool_result', content: 'Tests: 42 passed'}],
			},
		});
		if (n === 500) {
			// One line over the 16 MB line cap: skipped and counted, never held in memory.
			write({...base('giant'), type: 'user', message: {role: 'user', content: 'x'.repeat(20 * 1024 * 1024)}});
		}
	}

	fs.closeSync(fd);
}

function measure(mode, logPath) {
	const started = performance.now();
	const run = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', mode, logPath], {
		cwd: projectRoot,
		encoding: 'utf8',
		maxBuffer: 16 * 1024 * 1024,
	});
	if (run.status !== 0) {
		throw new Error(`child ${mode} failed: ${run.stderr}`);
	}

	return {...JSON.parse(run.stdout), wallMs: performance.now() - started};
}

async function main() {
	if (process.argv[2] === '--child') {
		await child(process.argv[3], process.argv[4]);
		return;
	}

	if (!fs.existsSync(path.join(projectRoot, 'dist', 'sessions', 'replay-file.js'))) {
		console.error('dist/sessions/replay-file.js is missing: run `npm run build` first.');
		process.exit(1);
	}

	const logPath = path.join(projectRoot, '.bench', `claude-code-${targetBytes / 1024 / 1024}mb.jsonl`);
	if (!fs.existsSync(logPath) || fs.statSync(logPath).size < targetBytes) {
		console.error(`Generating ${logPath} …`);
		generate(logPath);
	}

	const sizeMb = fs.statSync(logPath).size / 1024 / 1024;
	const rows = [];
	for (const mode of ['first-screen', 'whole-log', 'whole-log-in-memory']) {
		const result = measure(mode, logPath);
		rows.push(
			`| ${mode} | ${sizeMb.toFixed(0)} MB | ${result.events.toLocaleString('en-US')} | ${result.firstScreenMs.toFixed(0)} ms | ${result.totalMs.toFixed(0)} ms | ${result.maxRssMb.toFixed(0)} MB |`,
		);
	}

	console.log(
		`Replay of a generated Claude Code log (${firstEvents} events on the first screen, 120 columns; node ${process.version}).\n`,
	);
	console.log('| run | log | events parsed | first screen | process total | peak RSS |');
	console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
	for (const row of rows) {
		console.log(row);
	}

	console.log('\nTargets (issue 14, on a quiet machine): whole log < 2 s, peak RSS < 250 MB.');
}

await main();
