import {compactionText} from '../../source/transcript/reducer.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';

/** The texts the person sees as notices: notices, retries, switches and compactions. */
export function shownNotices(events: readonly TranscriptEvent[]): string[] {
	return events.flatMap((event) => {
		switch (event.type) {
			case 'notice':
			case 'retry':
			case 'model-switch': {
				return [event.text];
			}

			case 'compaction': {
				return [compactionText(event.summary)];
			}

			default: {
				return [];
			}
		}
	});
}
