/*
One engine measurement in a fresh process, so no run warms the next one's heap or caches.
Usage: node bench/run-read.mjs <file> '<params json>' [--lines | --noop]
Prints one JSON line: the read() call's wall time, the process's peak RSS and a summary of the result.
--lines adds details.lines (for the correctness check, never in timed runs); --noop skips the read and
reports what node plus the imported engine cost on their own.
*/
import {timedRead} from './timed-read.mjs';

const [file, paramsJson = '{}', flag] = process.argv.slice(2);
if (file === undefined) {
	throw new Error("usage: node bench/run-read.mjs <file> '<params json>' [--lines | --noop]");
}

if (flag === '--noop') {
	await import('../dist/read/index.js');
	console.log(JSON.stringify({maxRssKb: process.resourceUsage().maxRSS}));
} else {
	const {result, facts} = await timedRead({path: file, ...JSON.parse(paramsJson)}, {cwd: process.cwd()});
	const {details} = result;
	console.log(
		JSON.stringify({
			...facts,
			firstLine: details.firstLine,
			linesShown: details.linesShown,
			truncation: details.truncation,
			totalLinesKnown: details.totalLinesKnown,
			lines: flag === '--lines' ? details.lines : undefined,
		}),
	);
}
