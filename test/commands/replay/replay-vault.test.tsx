// The replay view over a queue that keeps results in a vault: panels, expansion and search work on
// results read back from disk, exactly as on results held in memory.
import fs from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {EventQueue} from '../../../source/commands/replay/event-queue.js';
import {LiveTranscript} from '../../../source/commands/replay/replay-view.js';
import {defaultBindings} from '../../../source/keys/bindings.js';
import {read} from '../../../source/read/index.js';
import {createPainter} from '../../../source/theme/ansi.js';
import {darkTheme} from '../../../source/theme/themes.js';
import {isKeptResult, ResultVault} from '../../../source/transcript/result-vault.js';
import type {TranscriptEvent} from '../../../source/transcript/types.js';
import {keys, type Rendered, renderAt} from '../../helpers/render.js';
import {makeTempDir} from '../../helpers/temp-dir.js';

let current: Rendered | undefined;
let vault: ResultVault | undefined;
afterEach(() => {
	current?.unmount();
	vault?.close();
	current = undefined;
	vault = undefined;
});

async function readEvents(count: number): Promise<TranscriptEvent[]> {
	const folder = makeTempDir();
	const events: TranscriptEvent[] = [{type: 'user-text', id: 'u', text: 'Read the modules.'}];
	for (let index = 1; index <= count; index++) {
		const file = path.join(folder, `module${index}.ts`);
		const lines = Array.from({length: 400}, (_, line) => `export const value${index}x${line + 1} = ${line};`);
		fs.writeFileSync(file, `${lines.join('\n')}\n`);
		const result = await read({path: file});
		events.push(
			{type: 'tool-start', id: `call${index}`, name: 'read', args: {path: file}},
			{type: 'tool-end', id: `call${index}`, result},
		);
	}

	return events;
}

test('panels of kept results show, expand and are found by search as the read gave them', async () => {
	vault = ResultVault.open();
	const queue = new EventQueue(vault);
	const events = await readEvents(3);
	queue.push(events);
	current = await renderAt(
		<LiveTranscript
			queue={queue}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 3)}
			previewLines={5}
			expanded={false}
			filePath="/logs/session.jsonl"
			follow={false}
		/>,
		100,
		30,
	);
	const first = await current.waitForFrame((frame) => frame.includes('module3.ts'));
	expect(first).toContain('export const value1x1 = 0;');
	expect(first).not.toContain('value1x40 ');
	// The reads went to the vault, not into the view's memory.
	expect(vault.kept).toBe(3);
	// Expanding the second panel reads its lines back; a search finds a line deep in the third read.
	await current.press(keys.down);
	await current.press(keys.ctrlO);
	const expanded = await current.waitForFrame((frame) => frame.includes('value2x15 = 14;'));
	expect(expanded).toContain('value2x15 = 14;');
	await current.press('/');
	await current.press('value3x399');
	await current.press(keys.enter);
	const found = await current.waitForFrame((frame) => /match 1 of 1/.test(frame));
	expect(found).toContain('module3.ts');
});

test('a queue with a vault hands the view kept results; one without hands them as they came', async () => {
	vault = ResultVault.open();
	const bigResult = {content: [{type: 'text' as const, text: 'x'.repeat(10_000)}], isError: false};
	const end: TranscriptEvent = {type: 'tool-end', id: 'c', result: bigResult};
	for (const [queue, expectKept] of [
		[new EventQueue(vault), true],
		[new EventQueue(), false],
	] as const) {
		const delivered: TranscriptEvent[] = [];
		queue.push([end]);
		queue.subscribe((batch) => {
			delivered.push(...batch.events);
		});
		const [event] = delivered;
		expect(event?.type).toBe('tool-end');
		const result = event?.type === 'tool-end' ? event.result : undefined;
		expect(isKeptResult(result)).toBe(expectKept);
		expect(result?.content).toEqual(bigResult.content);
	}
});
