/**
The transcript reducer. Items are immutable; an index maps ids to positions. `applyEvents` is pure;
TranscriptStore applies batches in place, for transcripts that grow.
*/
import {assertNever} from './assert-never.js';
import type {ToolCallItem, TranscriptEvent, TranscriptItem} from './types.js';

/** Items in order, and where each id sits. */
export type TranscriptState = {
	readonly items: readonly TranscriptItem[];
	readonly indexById: ReadonlyMap<string, number>;
};

/** A transcript with nothing in it. */
export const emptyTranscript: TranscriptState = {items: [], indexById: new Map()};

type Draft = {items: TranscriptItem[]; indexById: Map<string, number>};

/**
Most items a nested call is moved back past to join its parent's calls. Parallel subagents write
their calls interleaved; placing each after its own parent's keeps every subagent's calls together,
and this bound keeps the cost of an event small whatever the log holds.
*/
export const maxNestShift = 256;

/**
Where a new call under `parentId` goes: right after its parent and the calls already nested under
it (to any depth), when that is within the last `maxNestShift` items; else at the end.
*/
function nestedPosition(draft: Draft, parentId: string | undefined): number {
	const end = draft.items.length;
	const parentIndex = parentId === undefined ? undefined : draft.indexById.get(parentId);
	if (parentId === undefined || parentIndex === undefined || end - parentIndex > maxNestShift) {
		return end;
	}

	const subtree = new Set([parentId]);
	let index = parentIndex + 1;
	for (; index < end; index++) {
		const item = draft.items[index];
		if (item?.type !== 'tool' || item.parentId === undefined || !subtree.has(item.parentId)) {
			break;
		}

		subtree.add(item.id);
	}

	return index;
}

function upsert(draft: Draft, item: TranscriptItem): void {
	const index = draft.indexById.get(item.id);
	if (index !== undefined) {
		draft.items[index] = item;
		return;
	}

	const at = item.type === 'tool' ? nestedPosition(draft, item.parentId) : draft.items.length;
	if (at === draft.items.length) {
		draft.indexById.set(item.id, at);
		draft.items.push(item);
		return;
	}

	draft.items.splice(at, 0, item);
	for (let moved = at; moved < draft.items.length; moved++) {
		const shifted = draft.items[moved];
		if (shifted !== undefined) {
			draft.indexById.set(shifted.id, moved);
		}
	}
}

/** Take the item with this id out (if there is one); the items after it move up. O(items after it). */
function remove(draft: Draft, id: string): void {
	const index = draft.indexById.get(id);
	if (index === undefined) {
		return;
	}

	draft.items.splice(index, 1);
	draft.indexById.delete(id);
	for (let moved = index; moved < draft.items.length; moved++) {
		const shifted = draft.items[moved];
		if (shifted !== undefined) {
			draft.indexById.set(shifted.id, moved);
		}
	}
}

function existing(draft: Draft, id: string): TranscriptItem | undefined {
	const index = draft.indexById.get(id);
	return index === undefined ? undefined : draft.items[index];
}

/**
Deepest nesting the transcript keeps: a call nested deeper is drawn at this depth, so a log whose
subagents start subagents without end cannot indent rows without end.
*/
export const maxNestDepth = 8;

/** The nesting fields of a call under `parentId`: the parent's depth plus 1, capped. */
function nesting(
	draft: Draft,
	id: string,
	parentId: string | undefined,
): {parentId?: string; depth?: number} {
	if (parentId === undefined) {
		return {};
	}

	const parent = parentId === id ? undefined : existing(draft, parentId);
	const above = parent?.type === 'tool' ? (parent.depth ?? 0) : 0;
	return {parentId, depth: Math.min(maxNestDepth, above + 1)};
}

/** What the person sees of a compaction: what happened, then the summary the model goes on from. */
export function compactionText(summary: string): string {
	return `Compacted the conversation into a summary; files will be read afresh.\n\nSummary:\n${summary}`;
}

function applyTo(draft: Draft, event: TranscriptEvent): void {
	switch (event.type) {
		case 'user-text':
		case 'direct-command': {
			upsert(draft, {type: 'user', id: event.id, text: event.text});
			return;
		}

		case 'assistant-text': {
			upsert(draft, {type: 'assistant', id: event.id, text: event.text});
			return;
		}

		case 'assistant-delta': {
			const before = existing(draft, event.id);
			const text = before?.type === 'assistant' ? before.text + event.delta : event.delta;
			upsert(draft, {type: 'assistant', id: event.id, text});
			return;
		}

		case 'tool-start': {
			upsert(draft, {
				type: 'tool',
				id: event.id,
				name: event.name,
				args: event.args,
				...(event.tag === undefined ? {} : {tag: event.tag}),
				status: 'running',
				result: undefined,
				...(event.displayPath === undefined ? {} : {displayPath: event.displayPath}),
				...nesting(draft, event.id, event.parentId),
			});
			return;
		}

		case 'tool-end': {
			const before = existing(draft, event.id);
			const call: ToolCallItem | undefined = before?.type === 'tool' ? before : undefined;
			upsert(draft, {
				type: 'tool',
				id: event.id,
				name: call?.name ?? event.name ?? 'tool',
				args: call?.args ?? event.args ?? {},
				...(call?.tag === undefined ? {} : {tag: call.tag}),
				status: 'done',
				result: event.result,
				// The call keeps the place it started in; a result for an unknown call nests by its own event.
				...(call?.parentId === undefined
					? nesting(draft, event.id, event.parentId)
					: {parentId: call.parentId, ...(call.depth === undefined ? {} : {depth: call.depth})}),
			});
			return;
		}

		case 'notice': {
			upsert(draft, {type: 'notice', id: event.id, level: event.level, text: event.text});
			return;
		}

		case 'compaction': {
			upsert(draft, {type: 'notice', id: event.id, level: 'info', text: compactionText(event.summary)});
			return;
		}

		case 'model-switch': {
			upsert(draft, {type: 'notice', id: event.id, level: 'info', text: event.text});
			return;
		}

		case 'retry': {
			upsert(draft, {type: 'notice', id: event.id, level: 'warning', text: event.text});
			return;
		}

		case 'notice-cleared': {
			// Only a notice: an id that names anything else (a damaged log) removes nothing.
			if (existing(draft, event.id)?.type === 'notice') {
				remove(draft, event.id);
			}

			return;
		}

		case 'reset': {
			draft.items.length = 0;
			draft.indexById.clear();
			return;
		}

		default: {
			assertNever(event);
		}
	}
}

/**
Apply events in order and return a new state; `state` is left as it was. Copies the item list once
per call: for a transcript that grows batch by batch (a replay, a session), use TranscriptStore.
*/
export function applyEvents(state: TranscriptState, events: readonly TranscriptEvent[]): TranscriptState {
	if (events.length === 0) {
		return state;
	}

	const draft: Draft = {items: [...state.items], indexById: new Map(state.indexById)};
	for (const event of events) {
		applyTo(draft, event);
	}

	return draft;
}

/**
A transcript that grows in place: each batch costs what it holds, never a copy of what came before,
so loading a log is linear in its size. The states it returns share one item list and one index: a
state is a view of the store as of the latest `apply`, and a new object after each change, so
memos keyed on it see the change. Keep the latest one; an older one shows the newer items.
*/
export class TranscriptStore {
	private readonly draft: Draft = {items: [], indexById: new Map()};
	private current: TranscriptState = emptyTranscript;
	constructor(initial: readonly TranscriptEvent[] = []) {
		this.apply(initial);
	}

	/** The transcript as of the latest batch. */
	get state(): TranscriptState {
		return this.current;
	}

	/** Apply a batch in place; returns the new state, or the same one when the batch is empty. */
	apply(events: readonly TranscriptEvent[]): TranscriptState {
		if (events.length === 0) {
			return this.current;
		}

		for (const event of events) {
			applyTo(this.draft, event);
		}

		this.current = {items: this.draft.items, indexById: this.draft.indexById};
		return this.current;
	}

	/**
	Take the first `count` items out (a printer is done with them) and return them. A later event for a
	taken id starts a new item. Costs the items kept, so take parts at least as large as what stays.
	*/
	release(count: number): readonly TranscriptItem[] {
		const {items, indexById} = this.draft;
		const released = items.splice(0, count);
		for (const item of released) {
			indexById.delete(item.id);
		}

		for (const [index, item] of items.entries()) {
			indexById.set(item.id, index);
		}

		this.current = {items, indexById};
		return released;
	}
}
