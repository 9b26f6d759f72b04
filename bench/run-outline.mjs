/*
One outline measurement in a fresh process. Usage: node bench/run-outline.mjs <file> '<params json>' <warm runs>
Prints one JSON line: the first read() call's time (cold: it loads tree-sitter and the grammar when the
read needs an outline), the median of the next calls after changing the file's mtime (warm: parsed
again), the median of calls on the unchanged file (cached outline), the outline size and the peak RSS.
*/
import {utimesSync} from 'node:fs';
import {performance} from 'node:perf_hooks';

const [file, paramsJson = '{}', warmRunsText = '5'] = process.argv.slice(2);
if (file === undefined) {
	throw new Error("usage: node bench/run-outline.mjs <file> '<params json>' <warm runs>");
}

const {read} = await import('../dist/read/index.js');
const params = {path: file, ...JSON.parse(paramsJson)};

async function timed() {
	const start = performance.now();
	const result = await read(params, {cwd: process.cwd()});
	return {ms: performance.now() - start, result};
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
const cold = await timed();
const warm = [];
const cached = [];
for (let run = 0; run < Number(warmRunsText); run++) {
	// A new mtime makes the outline cache miss, so this measures a parse with tree-sitter loaded.
	const time = new Date(Date.now() - (run + 1) * 1000);
	utimesSync(file, time, time);
	warm.push((await timed()).ms);
}

for (let run = 0; run < Number(warmRunsText); run++) {
	cached.push((await timed()).ms);
}

const {details} = cold.result;
console.log(
	JSON.stringify({
		coldMs: cold.ms,
		warmMs: median(warm),
		cachedMs: median(cached),
		// Kilobytes, per the Node.js docs of process.resourceUsage().
		maxRssKb: process.resourceUsage().maxRSS,
		isError: cold.result.isError,
		outlineSent: details.outline?.length,
		outlineTotal: details.outlineTotal,
		truncation: details.truncation,
	}),
);
