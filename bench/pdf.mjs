/*
PDF text extraction: a 300-page PDF (generated into .bench/ by the fixture script's writer), read by
lector's engine in a fresh process per run. Run after `npm run build`: `node bench/pdf.mjs`.
Env: LECTOR_BENCH_RUNS (runs per case, default 7), LECTOR_BENCH_PAGES (default 300).

Rows: the default read (the first pages that fit the caps), one page from the middle, and every page
with the caps lifted; `node + engine import` is the floor every run pays. pdftotext (poppler) is
timed around its process for comparison when it is installed. Prints a Markdown table of medians.
*/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {timedRead} from './timed-read.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const self = fileURLToPath(import.meta.url);
const runs = Number(process.env.LECTOR_BENCH_RUNS ?? 7);
const pageCount = Number(process.env.LECTOR_BENCH_PAGES ?? 300);

/** Child mode: one read in this process; prints wall time, peak RSS and a summary as one JSON line. */
async function child([file, paramsJson, limitsJson, noop]) {
	if (noop === '--noop') {
		await import('../dist/read/index.js');
		console.log(JSON.stringify({ms: null, maxRssKb: process.resourceUsage().maxRSS}));
		return;
	}

	const {result, facts} = await timedRead(
		{path: file, ...JSON.parse(paramsJson)},
		{limits: JSON.parse(limitsJson)},
	);
	console.log(JSON.stringify({...facts, pagesShown: result.details.pages?.shown.length ?? 0}));
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** About 40 lines of prose per page, numbered so every page differs. */
function pageLines(page) {
	return Array.from(
		{length: 40},
		(_, line) =>
			`Page ${page}, line ${line + 1}: the quarterly figures for region ${(page * 7 + line) % 13} rose again.`,
	);
}

function runEngine(file, params, limits, noop) {
	const result = spawnSync(
		process.execPath,
		[self, '--child', file, JSON.stringify(params), JSON.stringify(limits), ...(noop ? ['--noop'] : [])],
		{cwd: projectRoot, encoding: 'utf8'},
	);
	if (result.status !== 0) {
		throw new Error(`child failed: ${result.stderr}`);
	}

	const parsed = JSON.parse(result.stdout.trim().split('\n').at(-1));
	if (parsed.isError) {
		throw new Error(`read failed: ${parsed.errorMessage}`);
	}

	return parsed;
}

function runPdftotext(file) {
	const start = performance.now();
	const result = spawnSync('/usr/bin/time', ['-f', '%M', 'pdftotext', file, '-'], {
		encoding: 'utf8',
		stdio: ['ignore', 'ignore', 'pipe'],
	});
	const ms = performance.now() - start;
	if (result.status !== 0) {
		return undefined;
	}

	return {ms, maxRssKb: Number(result.stderr.trim().split('\n').at(-1)), pagesShown: pageCount};
}

async function main() {
	if (!fs.existsSync(path.join(projectRoot, 'dist', 'read', 'index.js'))) {
		console.error('dist/read/index.js is missing: run `npm run build` first.');
		process.exit(1);
	}

	const {makePdf} = await import('../scripts/make-document-fixtures.mjs');
	const dir = path.join(projectRoot, '.bench');
	fs.mkdirSync(dir, {recursive: true});
	const file = path.join(dir, `pages-${pageCount}.pdf`);
	fs.writeFileSync(file, makePdf(Array.from({length: pageCount}, (_, index) => pageLines(index + 1))));
	const size = fs.statSync(file).size;
	const lifted = {maxLines: 1e9, maxBytes: 1e12};
	const cases = [
		{name: 'node + engine import (floor)', run: () => runEngine(file, {}, {}, true)},
		{name: 'default read (first pages that fit)', run: () => runEngine(file, {}, {})},
		{
			name: `pages="${Math.ceil(pageCount / 2)}"`,
			run: () => runEngine(file, {pages: String(Math.ceil(pageCount / 2))}, {}),
		},
		{name: `all ${pageCount} pages (caps lifted)`, run: () => runEngine(file, {}, lifted)},
	];
	const hasPdftotext = spawnSync('pdftotext', ['-v'], {stdio: 'ignore'}).status === 0;
	if (hasPdftotext) {
		cases.push({name: `pdftotext, all ${pageCount} pages (process)`, run: () => runPdftotext(file)});
	}

	const samples = new Map(cases.map((benchCase) => [benchCase.name, []]));
	for (let round = 0; round < runs; round++) {
		for (const benchCase of cases) {
			samples.get(benchCase.name).push(benchCase.run());
		}
	}

	console.log(
		`PDF: ${pageCount} pages, ${(size / 1024).toFixed(0)} KB, ${runs} runs per row, Node ${process.version}\n`,
	);
	console.log('| case | pages shown | median ms | median peak RSS MB |');
	console.log('|---|---:|---:|---:|');
	for (const benchCase of cases) {
		const rows = samples.get(benchCase.name);
		const ms = median(rows.map((row) => row.ms));
		const rss = median(rows.map((row) => row.maxRssKb)) / 1024;
		const shown = rows[0]?.pagesShown ?? 0;
		const time = rows[0]?.ms === null ? '—' : ms.toFixed(1);
		console.log(`| ${benchCase.name} | ${shown} | ${time} | ${rss.toFixed(1)} |`);
	}

	console.log(
		'\nEngine rows time the read() call alone in a fresh process; the pdftotext row includes its process start.',
	);
}

if (process.argv[2] === '--child') {
	await child(process.argv.slice(3));
} else {
	await main();
}
