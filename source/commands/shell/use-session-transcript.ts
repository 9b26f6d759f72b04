/**
The shell's transcript: the events it starts with (banner, demo or continued session) and then
every event the session emits, applied in batches (one per turn of the event loop) to a store that
grows in place, so a long session never copies its item list per delta.
*/
import {useEffect, useState} from 'react';
import type {AgentSession} from '../../agent/index.js';
import {type TranscriptState, TranscriptStore} from '../../transcript/reducer.js';
import type {TranscriptEvent} from '../../transcript/types.js';

/** The part of the session the transcript needs. */
export type EventSource = Pick<AgentSession, 'subscribe'>;

/**
Subscribe to `session` and keep the transcript. `sticky` events (the banner) are shown first and
again after every reset (/clear), followed by the latest /model switch (the banner names the model
the shell started with), so the person always sees which model is in use. With `stickyLast` (a
continued session) they follow the initial events instead: the view opens at the bottom, where the
setup note must be seen.
*/
export function useSessionTranscript(
	session: EventSource,
	initial: readonly TranscriptEvent[],
	sticky: readonly TranscriptEvent[],
	stickyLast = false,
): TranscriptState {
	const [store] = useState(
		() => new TranscriptStore(stickyLast ? [...initial, ...sticky] : [...sticky, ...initial]),
	);
	const [transcript, setTranscript] = useState(store.state);
	useEffect(() => {
		let pending: TranscriptEvent[] = [];
		let lastSwitch: TranscriptEvent | undefined;
		let scheduled: NodeJS.Immediate | undefined;
		const flush = () => {
			scheduled = undefined;
			const batch = pending;
			pending = [];
			// Applied once, here: React may call a state updater twice, and the store changes in place.
			setTranscript(store.apply(batch));
		};

		const unsubscribe = session.subscribe((event) => {
			pending.push(event);
			if (event.type === 'model-switch') {
				lastSwitch = event;
			} else if (event.type === 'reset') {
				pending.push(...sticky, ...(lastSwitch ? [lastSwitch] : []));
			}

			scheduled ??= setImmediate(flush);
		});
		return () => {
			unsubscribe();
			if (scheduled !== undefined) {
				clearImmediate(scheduled);
			}
		};
	}, [session, sticky, store]);
	return transcript;
}
