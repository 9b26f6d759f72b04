/**
grep's matching runs in a worker thread with a time budget: a catastrophically backtracking pattern ends
as an error, the event loop keeps running meanwhile, and an abort stops it at once.
*/
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {grep} from '../../source/tools/grep.js';
import {grepMaxFileBytes} from '../../source/tools/grep-file.js';
import {grepTimeBudgetMs} from '../../source/tools/grep-matcher.js';
import {nestedRepetition} from '../../source/tools/regex-safety.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const text = (outcome: {content: readonly {type: string; text?: string}[]}) => outcome.content[0]?.text ?? '';

/** (a|a)*$ passes the nested-repetition check, and takes exponential time on "aaa…ab". */
const overlapping = '(a|a)*$';

function slowWorkspace(): string {
	const root = makeTempDir('lector-grep-slow-');
	writeFileSync(path.join(root, 'a-normal.txt'), 'aaa\nbbb\n');
	writeFileSync(path.join(root, 'long.txt'), `short line\n${'a'.repeat(64)}b\n`);
	return root;
}

/** Counts the ticks of a 10 ms interval and the longest gap between two, while `run` runs. */
async function whileTicking<Result>(
	run: () => Promise<Result>,
): Promise<{result: Result; ticks: number; longestGapMs: number; elapsedMs: number}> {
	let ticks = 0;
	let last = performance.now();
	let longestGapMs = 0;
	const timer = setInterval(() => {
		const now = performance.now();
		longestGapMs = Math.max(longestGapMs, now - last);
		last = now;
		ticks++;
	}, 10);
	const start = performance.now();
	try {
		const result = await run();
		return {result, ticks, longestGapMs, elapsedMs: performance.now() - start};
	} finally {
		clearInterval(timer);
	}
}

describe('grep with a catastrophic pattern', () => {
	it('is not caught by the nested-repetition check', () => {
		expect(nestedRepetition(overlapping)).toBeUndefined();
	});

	it('ends with a clear error after the time budget, and the event loop keeps ticking meanwhile', async () => {
		const cwd = slowWorkspace();
		const {result, ticks, longestGapMs, elapsedMs} = await whileTicking(async () =>
			grep({pattern: overlapping}, {cwd}),
		);
		expect(result.isError).toBe(true);
		expect(text(result)).toContain(
			`Grep stopped: matching "${overlapping}" against the lines of long.txt took longer than 1 s`,
		);
		expect(text(result)).toMatch(/simpler pattern.*literal=true/);
		expect(result.details.errorMessage).toBe(text(result));
		expect(elapsedMs).toBeGreaterThanOrEqual(grepTimeBudgetMs - 50);
		expect(elapsedMs).toBeLessThan(grepTimeBudgetMs + 2000);
		// On the main thread the match would block the loop for the whole search: no tick at all.
		expect(ticks).toBeGreaterThan(elapsedMs / 10 / 4);
		expect(longestGapMs).toBeLessThan(300);
		// The stopped thread is replaced: the next search works.
		const next = await grep({pattern: 'bbb'}, {cwd});
		expect(text(next)).toBe('a-normal.txt:2: bbb');
	});

	it('stops at once when aborted', async () => {
		const cwd = slowWorkspace();
		const controller = new AbortController();
		setTimeout(() => {
			controller.abort();
		}, 100);
		const {result, elapsedMs} = await whileTicking(async () =>
			grep({pattern: overlapping}, {cwd, signal: controller.signal}),
		);
		expect(result.isError).toBe(true);
		expect(text(result)).toBe(`The search for "${overlapping}" was aborted.`);
		expect(elapsedMs).toBeLessThan(grepTimeBudgetMs - 200);
	});

	it('runs as is with literal=true', async () => {
		const cwd = slowWorkspace();
		const outcome = await grep({pattern: 'a'.repeat(64), literal: true}, {cwd});
		expect(text(outcome)).toBe(`long.txt:2: ${'a'.repeat(64)}b`);
	});
});

describe('grep over many files', () => {
	it('applies the caps in walk order across batches: the same counts as one file at a time', async () => {
		const cwd = makeTempDir('lector-grep-many-');
		for (let index = 0; index < 150; index++) {
			writeFileSync(path.join(cwd, `f${String(index).padStart(3, '0')}.txt`), `x\nmatch ${index}\n`);
		}

		// Over the file cap: one before the file where the search stops (counted), one after (never reached).
		const big = Buffer.alloc(grepMaxFileBytes + 1, 'match\n');
		writeFileSync(path.join(cwd, 'f050-big.txt'), big);
		writeFileSync(path.join(cwd, 'f120-big.txt'), big);
		writeFileSync(path.join(cwd, 'f060.bin'), Buffer.from([0, 1, 2, 3, 0, 0x6d, 0x61, 0x74, 0x63, 0x68]));
		const outcome = await grep({pattern: 'match'}, {cwd});
		expect(outcome.details).toMatchObject({
			filesSearched: 101,
			filesMatched: 100,
			hiddenMatches: 0,
			skippedLarge: 1,
			truncated: true,
			incomplete: false,
		});
		expect(outcome.details.matches.map((match) => match.text)).toEqual(
			Array.from({length: 100}, (_, index) => `match ${index}`),
		);
		expect(outcome.details.matches[99]).toEqual({path: 'f099.txt', line: 2, text: 'match 99'});
		expect(text(outcome)).toMatch(/\[Stopped at 100 matches.*\]\n\[1 files over 4 MB were not searched\.\]$/);
	});
});
