/**
Printing a followed log as it grows (`lector replay --follow --print`, `lector watch` off a
terminal): each item once it is complete, so a running call is printed with its result, not twice.
*/

import process from 'node:process';
import {createPainter, detectColorLevel} from '../../theme/ansi.js';
import {themeByName} from '../../theme/themes.js';
import {TranscriptStore} from '../../transcript/reducer.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {printItems} from '../../ui/print.js';
import {printColumns} from '../../ui/print-width.js';

/** Events that do not complete an item: a call starting, a reset, a piece of streamed text. */
const incomplete = new Set<TranscriptEvent['type']>(['tool-start', 'reset', 'assistant-delta']);

/** Returns a function that prints the items the given events complete, to stdout. */
export function createItemPrinter(expanded: boolean): (events: readonly TranscriptEvent[]) => void {
	const store = new TranscriptStore();
	const painter = createPainter(
		themeByName(process.env['LECTOR_THEME']),
		detectColorLevel(process.env, process.stdout.isTTY),
	);
	const width = printColumns(process.stdout, process.env);
	return (events) => {
		const transcript = store.apply(events);
		const done = events
			.filter((event) => !incomplete.has(event.type))
			.map((event) => ('id' in event ? transcript.indexById.get(event.id) : undefined))
			.map((index) => (index === undefined ? undefined : transcript.items[index]))
			.filter((item) => item !== undefined);
		if (done.length > 0) {
			process.stdout.write(`${printItems(done, {width, expanded, previewLines: 5, painter})}\n`);
		}
	};
}
