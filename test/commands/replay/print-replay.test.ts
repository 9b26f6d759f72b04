import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {maxPrintWindow, printLog, scanLog} from '../../../source/commands/replay/print-replay.js';
import {headerEvent} from '../../../source/commands/replay/replay-command.js';
import {loadSession} from '../../../source/sessions/replay-file.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import {applyEvents, emptyTranscript, maxNestShift} from '../../../source/transcript/reducer.js';
import type {TranscriptItem} from '../../../source/transcript/types.js';
import {printItems} from '../../../source/ui/print.js';
import {makeTempDir} from '../../helpers/temp-dir.js';

const directory = makeTempDir();
const painter = createPainter(darkTheme, 0);
const options = {width: 100, expanded: false, previewLines: 5, painter};

/** A lector log: `calls` read calls, one left running, and a /clear after the first `resetAfter`. */
function writeLog(name: string, calls: number, resetAfter: number, runningAt: number): string {
	const lines = [
		JSON.stringify({
			type: 'lector-session',
			version: 2,
			id: name,
			cwd: '/srv',
			startedAt: '2025-06-02T09:00:00.000Z',
		}),
	];
	const event = (value: object) =>
		lines.push(JSON.stringify({type: 'event', at: '2025-06-02T09:00:01.000Z', event: value}));
	for (let call = 0; call < calls; call++) {
		if (call === resetAfter) {
			event({type: 'reset'});
		}

		const id = `call-${call}`;
		event({type: 'user-text', id: `u-${call}`, text: `prompt ${call}`});
		event({type: 'tool-start', id, name: 'ls', args: {path: `dir${call}`}, tag: 'ls'});
		if (call !== runningAt) {
			const entries = [`a${call}.ts`, `b${call}.ts`];
			const details = {tool: 'ls', path: `dir${call}`, entries, total: 2, truncated: false};
			event({
				type: 'tool-end',
				id,
				name: 'ls',
				args: {path: `dir${call}`},
				result: {content: [{type: 'text', text: entries.join('\n')}], details, isError: false},
			});
		}
	}

	const file = path.join(directory, `${name}.jsonl`);
	writeFileSync(file, `${lines.join('\n')}\n`);
	return file;
}

/** What printing the whole transcript at once gives (the output before --print streamed). */
async function printedAtOnce(file: string): Promise<string> {
	const session = await loadSession(file);
	const {items} = applyEvents(emptyTranscript, [headerEvent(session.meta, file), ...session.events]);
	return printItems(items, options);
}

async function printedInParts(file: string): Promise<{text: string; parts: number; largest: number}> {
	const scanned = await scanLog(file);
	const parts: string[] = [];
	let largest = 0;
	let continues = false;
	await printLog(
		file,
		scanned.resets,
		[headerEvent(scanned.meta, file)],
		async (items: readonly TranscriptItem[]) => {
			if (items.length > 0) {
				largest = Math.max(largest, items.length);
				parts.push(printItems(items, {...options, continues}));
				continues = true;
			}
		},
	);
	return {text: parts.join(''), parts: parts.length, largest};
}

test('--print of a long log prints in parts what printing it at once prints, after the last reset', async () => {
	// 6,000 calls (12,000 items) after a reset; one call early on never gets its result.
	const file = writeLog('long', 6500, 500, 800);
	const scanned = await scanLog(file);
	expect(scanned.resets).toBe(1);
	const streamed = await printedInParts(file);
	const whole = await printedAtOnce(file);
	expect(streamed.text).toBe(whole);
	expect(whole).toContain('prompt 6499');
	expect(whole).not.toContain('prompt 499\n');
	// Printed as it was read: many parts, none holding more than the window kept.
	expect(streamed.parts).toBeGreaterThan(5);
	expect(streamed.largest).toBeLessThanOrEqual(maxPrintWindow + maxNestShift * 2);
});

test('--print of a log with no reset and a short one print the same as at once', async () => {
	for (const [name, calls] of [
		['short', 3],
		['medium', 400],
	] as const) {
		const file = writeLog(name, calls, -1, -1);
		// eslint-disable-next-line no-await-in-loop
		expect((await printedInParts(file)).text).toBe(await printedAtOnce(file));
	}
});
