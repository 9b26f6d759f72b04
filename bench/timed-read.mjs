// One timed engine read, for the benchmarks' child processes (bench/run-read.mjs, bench/pdf.mjs): the
// engine is imported before the clock starts, so the time is the read() call alone.
import {performance} from 'node:perf_hooks';
import process from 'node:process';

/**
The engine's read() on `params`: the result, and the facts every benchmark prints about it (wall time
in ms, the process's peak RSS in KB after the read, whether it failed and the output's size in bytes).
*/
export async function timedRead(params, options) {
	const {read} = await import('../dist/read/index.js');
	const start = performance.now();
	const result = await read(params, options);
	const ms = performance.now() - start;
	const {details} = result;
	const facts = {
		ms,
		// Kilobytes, per the Node.js docs of process.resourceUsage().
		maxRssKb: process.resourceUsage().maxRSS,
		isError: result.isError,
		errorMessage: details.errorMessage,
		outputBytes: details.outputBytes,
	};
	return {result, facts};
}
