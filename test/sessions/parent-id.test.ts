import {expect, test} from 'vitest';
import {applyEvents, emptyTranscript} from '../../source/transcript/reducer.js';
import {loadFixture} from './helpers.js';

test('subagent calls keep their parentId through the reducer', async () => {
	const {events} = await loadFixture('claude-code', '5f0c9a6e-2b1d-4c8e-9a7f-1d2e3f4a5b6c.jsonl');
	const {items} = applyEvents(emptyTranscript, events);
	const nested = items.flatMap((item) =>
		item.type === 'tool' && item.parentId !== undefined ? [[item.id, item.parentId, item.status]] : [],
	);
	expect(nested).toEqual([
		['toolu_sub1', 'toolu_task1', 'done'],
		['toolu_sub2', 'toolu_task1', 'done'],
		['toolu_orphan1', 'subagent:agent-orphan9', 'done'],
	]);
});
