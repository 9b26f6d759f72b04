/**
Printing a followed log as it grows (`lector replay --follow --print`, `lector watch` off a
terminal): each item once it is complete, so a running call is printed with its result, not twice.
*/

import process from 'node:process';
import {createPainter, detectColorLevel} from '../../theme/ansi.js';
import {themeByName} from '../../theme/themes.js';
import {TranscriptStore} from '../../transcript/reducer.js';
import type {TranscriptEvent, TranscriptItem} from '../../transcript/types.js';
import {printItems} from '../../ui/print.js';
import {printColumns} from '../../ui/print-width.js';

/** Events that do not complete an item: a call starting, a reset, a piece of streamed text. */
const incomplete = new Set<TranscriptEvent['type']>(['tool-start', 'reset', 'assistant-delta']);

/**
What is printed where the transcript starts over (a reset: the agent went back to an earlier entry
and continued there, or the log was rewritten): what follows repeats the session from its start.
*/
export const startOverNotice =
	'The session started over (the agent went back to an earlier point, or its log was rewritten): what follows is printed again from its start.';

/** Returns a function that prints the items the given events complete, to stdout. */
export function createItemPrinter(expanded: boolean): (events: readonly TranscriptEvent[]) => void {
	const store = new TranscriptStore();
	const painter = createPainter(
		themeByName(process.env['LECTOR_THEME']),
		detectColorLevel(process.env, process.stdout.isTTY),
	);
	const width = printColumns(process.stdout, process.env);
	const print = (items: readonly TranscriptItem[]) => {
		if (items.length > 0) {
			process.stdout.write(`${printItems(items, {width, expanded, previewLines: 5, painter})}\n`);
		}
	};

	let startOvers = 0;
	/** Prints what `events` complete; they hold no reset. */
	const printCompleted = (events: readonly TranscriptEvent[]) => {
		const transcript = store.apply(events);
		print(
			events
				.filter((event) => !incomplete.has(event.type))
				.map((event) => ('id' in event ? transcript.indexById.get(event.id) : undefined))
				.map((index) => (index === undefined ? undefined : transcript.items[index]))
				.filter((item) => item !== undefined),
		);
	};

	return (events) => {
		// Each stretch between resets on its own: a reset empties the store, and what came before it
		// in the same batch must be printed first.
		let from = 0;
		for (const [index, event] of events.entries()) {
			if (event.type === 'reset') {
				printCompleted(events.slice(from, index));
				store.apply([event]);
				startOvers++;
				print([{type: 'notice', id: `print:start-over:${startOvers}`, level: 'info', text: startOverNotice}]);
				from = index + 1;
			}
		}

		printCompleted(from === 0 ? events : events.slice(from));
	};
}
