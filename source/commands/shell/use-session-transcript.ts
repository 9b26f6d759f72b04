/**
The shell's transcript: the events it starts with (banner, demo or continued session) and then
every event the session emits, applied in batches so a burst of streamed deltas costs one reducer
call (one copy of the item list) per turn of the event loop rather than one per delta.
*/
import {useEffect, useState} from 'react';
import type {AgentSession} from '../../agent/index.js';
import {applyEvents, emptyTranscript, type TranscriptState} from '../../transcript/reducer.js';
import type {TranscriptEvent} from '../../transcript/types.js';

/** The part of the session the transcript needs. */
export type EventSource = Pick<AgentSession, 'subscribe'>;

/**
Subscribe to `session` and keep the transcript. `sticky` events (the banner) are shown first and
again after every reset (/clear), followed by the latest /model switch (the banner names the model
the shell started with), so the person always sees which model is in use.
*/
export function useSessionTranscript(
	session: EventSource,
	initial: readonly TranscriptEvent[],
	sticky: readonly TranscriptEvent[],
): TranscriptState {
	const [transcript, setTranscript] = useState(() => applyEvents(emptyTranscript, [...sticky, ...initial]));
	useEffect(() => {
		let pending: TranscriptEvent[] = [];
		let lastSwitch: TranscriptEvent | undefined;
		let scheduled: NodeJS.Immediate | undefined;
		const flush = () => {
			scheduled = undefined;
			const batch = pending;
			pending = [];
			setTranscript((state) => applyEvents(state, batch));
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
	}, [session, sticky]);
	return transcript;
}
