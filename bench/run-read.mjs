/*
One engine measurement in a fresh process, so no run warms the next one's heap or caches.
Usage: node bench/run-read.mjs <file> '<params json>' [--lines | --noop]
Prints one JSON line: the read() call's wall time, the process's peak RSS and a summary of the result.
--lines adds details.lines (for the correctness check, never in timed runs); --noop skips the read and
reports what node plus the imported engine cost on their own.
*/
import {performance} from 'node:perf_hooks';

const [file, paramsJson = '{}', flag] = process.argv.slice(2);
if (file === undefined) {
	throw new Error("usage: node bench/run-read.mjs <file> '<params json>' [--lines | --noop]");
}

const {read} = await import('../dist/read/index.js');

if (flag === '--noop') {
	console.log(JSON.stringify({maxRssKb: process.resourceUsage().maxRSS}));
} else {
	const params = {path: file, ...JSON.parse(paramsJson)};
	const start = performance.now();
	const result = await read(params, {cwd: process.cwd()});
	const ms = performance.now() - start;
	const {details} = result;
	console.log(
		JSON.stringify({
			ms,
			// Kilobytes, per the Node.js docs of process.resourceUsage().
			maxRssKb: process.resourceUsage().maxRSS,
			isError: result.isError,
			errorMessage: details.errorMessage,
			firstLine: details.firstLine,
			linesShown: details.linesShown,
			outputBytes: details.outputBytes,
			truncation: details.truncation,
			totalLinesKnown: details.totalLinesKnown,
			lines: flag === '--lines' ? details.lines : undefined,
		}),
	);
}
