import {execFileSync} from 'node:child_process';
import {once} from 'node:events';
import {appendFileSync, createWriteStream, truncateSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type ReadResult, read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const workspace = makeTempDir();

function text(result: ReadResult): string {
	const [first] = result.content;
	return first?.type === 'text' ? first.text : '';
}

/** Writes `count` numbered source-like lines without holding them all in memory. */
async function writeLines(filePath: string, count: number): Promise<void> {
	const stream = createWriteStream(filePath);
	const batch = 10_000;
	for (let start = 1; start <= count; start += batch) {
		const lines: string[] = [];
		for (let number = start; number < Math.min(start + batch, count + 1); number++) {
			lines.push(`  const value${number} = compute(${number}, 'text'); // line ${number}\n`);
		}

		if (!stream.write(lines.join(''))) {
			await once(stream, 'drain');
		}
	}

	stream.end();
	await once(stream, 'finish');
}

describe('streaming reads', () => {
	it('reads the end of a file too big to count backwards, unnumbered, continuing with tail=N', async () => {
		const filePath = path.join(workspace, 'log.txt');
		writeFileSync(filePath, Array.from({length: 100}, (_, index) => `event ${index + 1}`).join('\r\n'));
		const result = await read({path: filePath, tail: 10}, {limits: {countBudgetBytes: 0, maxLines: 4}});
		expect(result.details.firstLine).toBeUndefined();
		expect(result.details.lines).toEqual(['event 91', 'event 92', 'event 93', 'event 94']);
		expect(result.details.nextTail).toBe(6);
		expect(text(result)).toContain('not numbered');
		expect(text(result)).toContain('tail=6');
		const rest = await read({path: filePath, tail: 6}, {limits: {countBudgetBytes: 0}});
		expect(rest.details.lines.at(-1)).toBe('event 100');
		expect(rest.details.linesShown).toBe(6);
	});

	it('numbers a backwards tail that reaches the start of the file', async () => {
		const filePath = path.join(workspace, 'short-log.txt');
		writeFileSync(filePath, 'a\nb\nc\n');
		const result = await read({path: filePath, tail: 10}, {limits: {countBudgetBytes: 0}});
		expect(result.details).toMatchObject({firstLine: 1, linesShown: 3, totalLines: 3});
	});

	it('reports the total as unknown when counting the rest would not be cheap', async () => {
		const filePath = path.join(workspace, 'uncounted.txt');
		await writeLines(filePath, 5000);
		const result = await read({path: filePath, limit: 10}, {limits: {countBudgetBytes: 1000}});
		expect(result.details.totalLinesKnown).toBe(false);
		expect(result.details.nextOffset).toBe(11);
		expect(text(result)).toContain('its total was not counted');
	});

	it('reads a range deep in a large file holding only a few MB of it', async () => {
		const filePath = path.join(workspace, 'large.ts');
		await writeLines(filePath, 2_000_000);
		const engine = path.resolve('dist/read/index.js');
		const script = `const {read} = await import(${JSON.stringify(engine)});
			const before = process.resourceUsage().maxRSS;
			const result = await read({path: ${JSON.stringify(filePath)}, offset: 1800000, limit: 50});
			console.log(JSON.stringify({first: result.details.lines[0], shown: result.details.linesShown, growthKb: process.resourceUsage().maxRSS - before}));`;
		const output = JSON.parse(
			execFileSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'}),
		);
		expect(output.first).toBe("  const value1800000 = compute(1800000, 'text'); // line 1800000");
		expect(output.shown).toBe(50);
		// The file is over 100 MB; the reader reuses one 1 MB buffer.
		expect(output.growthKb).toBeLessThan(16 * 1024);
	});

	it('gives a consistent result when the file grows or shrinks during the read', async () => {
		const filePath = path.join(workspace, 'changing.txt');
		await writeLines(filePath, 300_000);
		const reading = read({path: filePath, offset: 250_000, limit: 5});
		appendFileSync(filePath, 'appended while reading\n'.repeat(1000));
		const result = await reading;
		expect(result.isError).toBe(false);
		expect(result.details.lines[0]).toContain('line 250000');
		truncateSync(filePath, 1000);
		const shrunk = await read({path: filePath, offset: 250_000});
		expect(shrunk.details.offsetPastEnd).toBe(true);
	});
});
