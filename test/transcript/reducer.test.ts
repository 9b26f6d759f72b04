import {expect, test} from 'vitest';
import {
	applyEvents,
	emptyTranscript,
	type TranscriptState,
	TranscriptStore,
} from '../../source/transcript/reducer.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';

/** One event at a time, as a live session delivers them. */
function transcriptReducer(state: TranscriptState, event: TranscriptEvent): TranscriptState {
	return applyEvents(state, [event]);
}

import {
	focusedIndex,
	focusOn,
	initialViewState,
	isExpanded,
	nextFocusable,
	toggleAll,
	toggleOne,
} from '../../source/transcript/view-state.js';

const result = {content: [{type: 'text', text: 'ok'}] as const, isError: false};

test('tool calls start running and finish in place', () => {
	const started = transcriptReducer(emptyTranscript, {
		type: 'tool-start',
		id: 'a',
		name: 'read',
		args: {path: 'x'},
	});
	expect(started.items).toEqual([
		{type: 'tool', id: 'a', name: 'read', args: {path: 'x'}, status: 'running', result: undefined},
	]);
	const done = transcriptReducer(started, {type: 'tool-end', id: 'a', result});
	expect(done.items[0]).toMatchObject({status: 'done', name: 'read', args: {path: 'x'}, result});
	expect(started.items[0]).toMatchObject({status: 'running'});
});

test('a result without a start adds the call (replayed logs can lose starts)', () => {
	const state = applyEvents(emptyTranscript, [
		{type: 'tool-end', id: 'b', name: 'ls', args: {path: '.'}, result},
	]);
	expect(state.items[0]).toMatchObject({type: 'tool', name: 'ls', status: 'done'});
});

test('text, deltas, notices and reset', () => {
	const state = applyEvents(emptyTranscript, [
		{type: 'user-text', id: 'u', text: 'read it'},
		{type: 'assistant-delta', id: 'm', delta: 'Hel'},
		{type: 'assistant-delta', id: 'm', delta: 'lo'},
		{type: 'notice', id: 'n', level: 'warning', text: 'careful'},
	]);
	expect(state.items.map((item) => item.type)).toEqual(['user', 'assistant', 'notice']);
	expect(state.items[1]).toMatchObject({text: 'Hello'});
	expect(state.indexById.get('n')).toBe(2);
	expect(applyEvents(state, [{type: 'reset'}]).items).toEqual([]);
});

test('a cleared notice goes, the items after it move up; an id of another item or of none removes nothing', () => {
	const events: TranscriptEvent[] = [
		{type: 'user-text', id: 'u', text: 'hi'},
		{type: 'retry', id: 'r', attempt: 1, maxRetries: 4, delayMs: 1000, text: 'Retrying in 1.0 s.'},
		{type: 'assistant-text', id: 'a', text: 'Hello'},
		{type: 'notice-cleared', id: 'r'},
		{type: 'notice-cleared', id: 'u'},
		{type: 'notice-cleared', id: 'nothing'},
	];
	const state = applyEvents(emptyTranscript, events);
	expect(state.items.map((item) => item.id)).toEqual(['u', 'a']);
	expect([...state.indexById]).toEqual([
		['u', 0],
		['a', 1],
	]);
	// The store that grows in place gives the same.
	expect(new TranscriptStore(events).state.items).toEqual(state.items);
});

test('applyEvents with no events returns the same state', () => {
	expect(applyEvents(emptyTranscript, [])).toBe(emptyTranscript);
});

test('expansion is keyed by id, with toggle-all in O(1)', () => {
	let view = toggleOne(initialViewState, 'a');
	expect(isExpanded(view, 'a')).toBe(true);
	expect(isExpanded(view, 'b')).toBe(false);
	view = toggleAll(view);
	expect(isExpanded(view, 'a')).toBe(true);
	expect(isExpanded(view, 'b')).toBe(true);
	view = toggleOne(view, 'b');
	expect(isExpanded(view, 'b')).toBe(false);
	view = toggleAll(view);
	expect([isExpanded(view, 'a'), isExpanded(view, 'b')]).toEqual([true, true]);
	view = toggleAll(view);
	expect([isExpanded(view, 'a'), isExpanded(view, 'b')]).toEqual([false, false]);
});

test('focus defaults to the last tool call and moves between tool calls only', () => {
	const state = applyEvents(emptyTranscript, [
		{type: 'tool-end', id: 't1', name: 'read', args: {}, result},
		{type: 'user-text', id: 'u', text: 'hi'},
		{type: 'tool-end', id: 't2', name: 'ls', args: {}, result},
		{type: 'assistant-text', id: 'm', text: 'done'},
	]);
	expect(focusedIndex(initialViewState, state.items, state.indexById)).toBe(2);
	expect(nextFocusable(state.items, 2, -1)).toBe(0);
	expect(nextFocusable(state.items, 2, 1)).toBe(-1);
	expect(focusedIndex(focusOn(initialViewState, 't1'), state.items, state.indexById)).toBe(0);
	expect(focusedIndex(focusOn(initialViewState, 'gone'), state.items, state.indexById)).toBe(2);
});

test('a store appends 100,000 events in 2,000 batches without copying: one index write per new item', () => {
	const store = new TranscriptStore();
	const first = store.apply([{type: 'user-text', id: 'u', text: 'go'}]);
	// Every position the index records, counted on the store's own Map: a copy or a rebuild per batch
	// would write it again for every item already there.
	const index = first.indexById as Map<string, number>;
	let writes = 0;
	const set = index.set.bind(index);
	index.set = (key, value) => {
		writes++;
		return set(key, value);
	};

	const all: TranscriptEvent[] = [{type: 'user-text', id: 'u', text: 'go'}];
	let previous = first;
	let shared = true;
	for (let batch = 0; batch < 2000; batch++) {
		const events: TranscriptEvent[] = [];
		for (let call = 0; call < 25; call++) {
			const id = `t${batch}-${call}`;
			events.push({type: 'tool-start', id, name: 'read', args: {path: id}}, {type: 'tool-end', id, result});
		}

		all.push(...events);
		const state = store.apply(events);
		// The same item list and index, in a new state object (what React and the memos compare).
		if (state.items !== first.items || state.indexById !== first.indexById || state === previous) {
			shared = false;
		}

		previous = state;
	}

	expect(shared).toBe(true);
	expect(writes).toBe(50_000);
	expect(store.state.items).toHaveLength(50_001);
	// The same transcript as the pure reducer builds from all the events at once.
	expect(store.state.items).toEqual(applyEvents(emptyTranscript, all).items);
	expect(store.apply([])).toBe(store.state);
});

test('a store starts from its initial events, and a reset empties it in place', () => {
	const store = new TranscriptStore([{type: 'notice', id: 'banner', level: 'info', text: 'hello'}]);
	expect(store.state.items.map((item) => item.id)).toEqual(['banner']);
	const reset = store.apply([{type: 'reset'}, {type: 'user-text', id: 'u', text: 'again'}]);
	expect(reset.items.map((item) => item.id)).toEqual(['u']);
	expect(reset.indexById.get('u')).toBe(0);
	expect(reset.indexById.has('banner')).toBe(false);
});
