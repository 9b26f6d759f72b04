import {expect, test} from 'vitest';
import {applyEvents, emptyTranscript, maxNestDepth, maxNestShift} from '../../source/transcript/reducer.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';

const result = {content: [{type: 'text', text: 'ok'}] as const, isError: false};

function start(id: string, parentId?: string): TranscriptEvent {
	return {type: 'tool-start', id, name: 'Task', args: {}, ...(parentId === undefined ? {} : {parentId})};
}

/** `id<parent@depth` for each item, in order. */
function shape(events: readonly TranscriptEvent[]): string[] {
	return applyEvents(emptyTranscript, events).items.map((item) =>
		item.type === 'tool' && item.parentId !== undefined
			? `${item.id}<${item.parentId}@${item.depth ?? '?'}`
			: item.id,
	);
}

test('each level is its parent’s depth plus 1; a parent not in the transcript counts as the top', () => {
	expect(
		shape([start('a'), start('b', 'a'), start('c', 'b'), start('d', 'c'), start('x', 'missing')]),
	).toEqual(['a', 'b<a@1', 'c<b@2', 'd<c@3', 'x<missing@1']);
});

test(`depth stops at ${maxNestDepth}, so a chain of any length cannot indent without end`, () => {
	const events = Array.from({length: 20}, (_, index) =>
		start(`c${index}`, index === 0 ? undefined : `c${index - 1}`),
	);
	const depths = applyEvents(emptyTranscript, events).items.map((item) =>
		item.type === 'tool' ? (item.depth ?? 0) : -1,
	);
	expect(depths).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
});

test('a result keeps the place and depth its call started with; a call naming itself is depth 1', () => {
	const state = applyEvents(emptyTranscript, [
		start('a'),
		start('b', 'a'),
		{type: 'tool-end', id: 'b', result, parentId: 'elsewhere'},
		{type: 'tool-end', id: 'orphan', result, parentId: 'b'},
		start('self', 'self'),
	]);
	expect(
		state.items.map((item) => (item.type === 'tool' ? [item.id, item.parentId, item.depth] : [])),
	).toEqual([
		['a', undefined, undefined],
		['b', 'a', 1],
		['orphan', 'b', 2],
		['self', 'self', 1],
	]);
});

test('interleaved subagents: each call joins its own parent’s calls, to any depth', () => {
	expect(
		shape([
			start('p'),
			start('q'),
			start('q1', 'q'),
			start('p1', 'p'),
			start('p1a', 'p1'),
			start('q2', 'q'),
			start('p2', 'p'),
			{type: 'assistant-text', id: 'after', text: 'done'},
			start('p3', 'p'),
		]),
	).toEqual(['p', 'p1<p@1', 'p1a<p1@2', 'p2<p@1', 'p3<p@1', 'q', 'q1<q@1', 'q2<q@1', 'after']);
	// Positions stay consistent with the index.
	const state = applyEvents(emptyTranscript, [start('p'), start('q'), start('p1', 'p')]);
	expect(Object.fromEntries(state.indexById)).toEqual({p: 0, p1: 1, q: 2});
	expect(state.items.map((item) => item.id)).toEqual(['p', 'p1', 'q']);
});

test(`a parent more than ${maxNestShift} items back: the call is added at the end`, () => {
	const filler = Array.from(
		{length: maxNestShift},
		(_, index): TranscriptEvent => ({type: 'notice', id: `n${index}`, level: 'info', text: 'x'}),
	);
	const items = shape([start('p'), ...filler, start('late', 'p')]);
	expect(items.at(-1)).toBe('late<p@1');
	expect(items[1]).toBe('n0');
});
