// Every log recorded from the real agents, replayed with its results on disk and in memory: the
// panels printed from both are the same, collapsed and expanded, and search finds the same items.
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {loadSession} from '../../source/sessions/replay-file.js';
import {createPainter} from '../../source/theme/ansi.js';
import {darkTheme} from '../../source/theme/themes.js';
import {TranscriptStore} from '../../source/transcript/reducer.js';
import {isKeptResult, keepResults, ResultVault} from '../../source/transcript/result-vault.js';
import {printItems} from '../../source/ui/print.js';
import {TranscriptSearch} from '../../source/ui/search.js';

const agentsFolder = path.join(import.meta.dirname, '../../fixtures/agents');

function transcripts(folder: string): string[] {
	return fs
		.readdirSync(folder, {withFileTypes: true, recursive: true})
		.filter(
			(entry) => entry.isFile() && entry.name.endsWith('.jsonl') && !entry.parentPath.includes('subagents'),
		)
		.map((entry) => path.join(entry.parentPath, entry.name))
		.sort();
}

const vault = ResultVault.open();
afterAll(() => vault.close());
const painter = createPainter(darkTheme, 0);

test('recorded logs print the same with their results kept on disk', async () => {
	const logs = transcripts(agentsFolder);
	expect(logs.length).toBeGreaterThan(100);
	let keptResults = 0;
	for (const log of logs) {
		const {events} = await loadSession(log);
		const inMemory = new TranscriptStore(events).state.items;
		const onDisk = new TranscriptStore(keepResults(events, vault)).state.items;
		const kept = onDisk.filter((item) => item.type === 'tool' && isKeptResult(item.result)).length;
		keptResults += kept;
		if (kept === 0) {
			continue;
		}

		for (const expanded of [false, true]) {
			const options = {width: 100, expanded, previewLines: 5, painter};
			expect(printItems(onDisk, options), `${log} expanded=${expanded}`).toBe(printItems(inMemory, options));
		}

		for (const query of ['const', 'lines', '日本', 'error']) {
			expect(new TranscriptSearch(query).matches(onDisk), `${log} "${query}"`).toEqual(
				new TranscriptSearch(query).matches(inMemory),
			);
		}
	}

	// The recorded sessions hold large reads (5,000-line files, a 60k short-line file, images).
	expect(keptResults).toBeGreaterThan(50);
	expect(vault.kept).toBeGreaterThanOrEqual(keptResults);
});
