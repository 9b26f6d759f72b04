/**
pi's adapter holds every entry's events for branch switches. With a vault, what it holds is the kept
result (text on disk), both when the entry first streams out and when a branch switch replays it.
Run on a log the real pi 0.73.1 wrote: a read of a 5,000-line file, cut by pi's caps.
*/
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {replayFile} from '../../../source/sessions/replay-file.js';
import {isKeptResult, ResultVault} from '../../../source/transcript/result-vault.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {makeTempDir} from '../../helpers/temp-dir.js';

const recorded = path.join(
	import.meta.dirname,
	'../../../fixtures/agents/pi/0.73.1/lines5000_full/transcript.jsonl',
);
const vault = ResultVault.open();
afterAll(() => {
	vault.close();
});

async function replayKept(file: string): Promise<TranscriptEvent[]> {
	const events: TranscriptEvent[] = [];
	await replayFile(file, {
		keepResult: (result) => vault.keep(result),
		onEvents(batch) {
			events.push(...batch);
		},
	});
	return events;
}

const toolEnds = (events: readonly TranscriptEvent[]) =>
	events.filter((event): event is Extract<TranscriptEvent, {type: 'tool-end'}> => event.type === 'tool-end');

test('the read streams out with its result kept', async () => {
	const ends = toolEnds(await replayKept(recorded));
	expect(ends).toHaveLength(1);
	expect(isKeptResult(ends[0]?.result)).toBe(true);
	expect(JSON.stringify(ends[0]?.result.content)).toContain(
		'[Showing lines 1-2000 of 5001. Use offset=2001 to continue.]',
	);
});

test('a branch switch replays the held read with its result still on disk', async () => {
	const lines = fs.readFileSync(recorded, 'utf8').trimEnd().split('\n');
	const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
	const result = entries.find(
		(entry) => (entry['message'] as {role?: string} | undefined)?.role === 'toolResult',
	);
	const prompt = entries.find((entry) => (entry['message'] as {role?: string} | undefined)?.role === 'user');
	expect(result).toBeDefined();
	expect(prompt).toBeDefined();
	// The person went back to just after the read and asked again: a sibling of pi's last answer.
	const branch = {...prompt, id: 'b7a1c0de', parentId: result?.['id']};
	const file = path.join(makeTempDir(), 'branched.jsonl');
	fs.writeFileSync(file, `${[...lines, JSON.stringify(branch)].join('\n')}\n`);

	const events = await replayKept(file);
	const reset = events.findIndex((event) => event.type === 'reset');
	expect(reset).toBeGreaterThan(0);
	const replayed = toolEnds(events.slice(reset));
	expect(replayed).toHaveLength(1);
	expect(isKeptResult(replayed[0]?.result)).toBe(true);
	expect(replayed[0]?.result.content).toEqual(toolEnds(events.slice(0, reset))[0]?.result.content);
});
