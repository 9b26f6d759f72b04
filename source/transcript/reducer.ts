/** The pure transcript reducer. Items are immutable; an index maps ids to positions. */
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

function upsert(draft: Draft, item: TranscriptItem): void {
	const index = draft.indexById.get(item.id);
	if (index === undefined) {
		draft.indexById.set(item.id, draft.items.length);
		draft.items.push(item);
	} else {
		draft.items[index] = item;
	}
}

function existing(draft: Draft, id: string): TranscriptItem | undefined {
	const index = draft.indexById.get(id);
	return index === undefined ? undefined : draft.items[index];
}

function applyTo(draft: Draft, event: TranscriptEvent): void {
	switch (event.type) {
		case 'user-text': {
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
				status: 'running',
				result: undefined,
				...(event.parentId === undefined ? {} : {parentId: event.parentId}),
			});
			return;
		}

		case 'tool-end': {
			const before = existing(draft, event.id);
			const call: ToolCallItem | undefined = before?.type === 'tool' ? before : undefined;
			const parentId = call?.parentId ?? event.parentId;
			upsert(draft, {
				type: 'tool',
				id: event.id,
				name: call?.name ?? event.name ?? 'tool',
				args: call?.args ?? event.args ?? {},
				status: 'done',
				result: event.result,
				...(parentId === undefined ? {} : {parentId}),
			});
			return;
		}

		case 'notice': {
			upsert(draft, {type: 'notice', id: event.id, level: event.level, text: event.text});
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
Apply events in order and return the new state. Copies the item list once per call, so a replay
should pass all its events in one call rather than one call per event.
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

/** The reducer form, for `useReducer`. */
export function transcriptReducer(state: TranscriptState, event: TranscriptEvent): TranscriptState {
	return applyEvents(state, [event]);
}
