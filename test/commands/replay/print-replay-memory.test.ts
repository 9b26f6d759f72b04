/**
`--print` holds no printed result in memory, pi's included: pi's adapter holds every entry
for branch switches, so its results go to a vault on disk in the printing pass and are dropped in the
scanning pass. The session is the real pi 0.73.1's log of a 5,000-line read, its read repeated 600
times (fresh ids, one chain); measured in a child process with the built modules, after collections.
*/
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';

const root = path.join(import.meta.dirname, '..', '..', '..');
const recorded = path.join(root, 'fixtures/agents/pi/0.73.1/lines5000_full/transcript.jsonl');

/** The recorded session with its call and result repeated `reads` times, each entry the child of the last. */
function longSession(reads: number): string {
	const entries = fs
		.readFileSync(recorded, 'utf8')
		.trimEnd()
		.split('\n')
		.map((line) => JSON.parse(line) as Record<string, unknown>);
	const role = (entry: Record<string, unknown>) => (entry['message'] as {role?: string} | undefined)?.role;
	const call = entries.findIndex((entry) => role(entry) === 'assistant');
	const head = entries.slice(0, call);
	const [toolCall, toolResult, answer] = entries.slice(call);
	const lines = head.map((entry) => JSON.stringify(entry));
	let parent = head.at(-1)?.['id'];
	const callId = 'toolu_fake_01';
	for (let index = 0; index < reads; index++) {
		for (const [kind, entry] of [
			['c', toolCall],
			['r', toolResult],
		] as const) {
			const id = `${kind}${String(index).padStart(7, '0')}`;
			const text = JSON.stringify({...entry, id, parentId: parent});
			lines.push(text.replaceAll(callId, `toolu_${index}`));
			parent = id;
		}
	}

	lines.push(JSON.stringify({...answer, parentId: parent}));
	const file = path.join(makeTempDir(), 'pi-long.jsonl');
	fs.writeFileSync(file, `${lines.join('\n')}\n`);
	return file;
}

test('printing a long pi session holds its results on disk, not in memory', () => {
	const file = longSession(600);
	const printModule = path.join(root, 'dist', 'commands', 'replay', 'print-replay.js');
	// Measured each time a part is printed, while the log is still being read (the adapter is alive).
	const script = `
		const {scanLog, printLog} = await import(${JSON.stringify(printModule)});
		const scanned = await scanLog(${JSON.stringify(file)});
		globalThis.gc();
		const before = process.memoryUsage().heapUsed;
		let printed = 0;
		let reads = 0;
		let grownMb = 0;
		await printLog(${JSON.stringify(file)}, scanned.resets, [], async (items) => {
			printed += items.length;
			reads += items.filter((item) => item.type === 'tool' && JSON.stringify(item.result).includes('Use offset=2001')).length;
			globalThis.gc();
			grownMb = Math.max(grownMb, (process.memoryUsage().heapUsed - before) / 1e6);
		});
		console.log(JSON.stringify({printed, reads, grownMb}));`;
	const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
		encoding: 'utf8',
	});
	const {printed, reads, grownMb} = JSON.parse(output) as {printed: number; reads: number; grownMb: number};
	expect(reads).toBe(600);
	expect(printed).toBeGreaterThanOrEqual(1201);
	// 600 results of about 50 KB each: 30 MB of text (twice that as content and lines) if they were held.
	// What stays is the window of items being printed and the tree of entries with their skeletons (about 4 MB).
	expect(grownMb).toBeLessThan(12);
});
