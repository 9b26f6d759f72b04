import path from 'node:path';
import {type LoadedSession, loadSession} from '../../source/sessions/replay-file.js';
import {type AnyReadDetails, isAnyReadDetails} from '../../source/transcript/details.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';

/** A fixture under fixtures/sessions. */
export function fixture(...parts: string[]): string {
	return path.join(import.meta.dirname, '..', '..', 'fixtures', 'sessions', ...parts);
}

/** Load a fixture log. */
export async function loadFixture(...parts: string[]): Promise<LoadedSession> {
	return loadSession(fixture(...parts));
}

/** The tool-end event of a call. */
export function endOf(
	events: readonly TranscriptEvent[],
	id: string,
): Extract<TranscriptEvent, {type: 'tool-end'}> {
	const event = events.find((candidate) => candidate.type === 'tool-end' && candidate.id === id);
	if (event?.type !== 'tool-end') {
		throw new Error(`no tool-end for ${id}`);
	}

	return event;
}

/** The read details of a call's result. */
export function readDetailsOf(events: readonly TranscriptEvent[], id: string): AnyReadDetails {
	const details = endOf(events, id).result.details;
	if (!isAnyReadDetails(details)) {
		throw new Error(`no ReadDetails for ${id}`);
	}

	return details;
}

/** Ids of events of one type, in order. */
export function idsOf(events: readonly TranscriptEvent[], type: TranscriptEvent['type']): string[] {
	return events.flatMap((event) => (event.type === type && 'id' in event ? [event.id] : []));
}

/** Reasons noted in the stats, as `kind: reason` strings. */
export function reasons(session: LoadedSession): string[] {
	return session.stats.notes.map((note) => `${note.kind}: ${note.reason}`);
}

/** Resolves once `predicate` holds for the events seen so far (polls; no fixed sleeps in assertions). */
export async function until(
	events: TranscriptEvent[],
	predicate: (seen: TranscriptEvent[]) => boolean,
): Promise<void> {
	const deadline = Date.now() + 5000;
	while (!predicate(events)) {
		if (Date.now() > deadline) {
			throw new Error(`timed out; saw ${JSON.stringify(events)}`);
		}

		await new Promise((resolve) => {
			setTimeout(resolve, 10);
		});
	}
}
