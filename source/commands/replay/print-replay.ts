/**
`lector replay --print` of a whole log, in memory that does not grow with the log. Two passes: the
first keeps only what the header and the counts need (the facts, the stats, how many times the
transcript starts over); the second prints the panels after the last start-over as they complete,
keeping a window of recent items, since a later event can only change or nest under those.
*/
import {type ReplayOutcome, replayFile} from '../../sessions/replay-file.js';
import {missingResult} from '../../sessions/types.js';
import {maxNestShift, TranscriptStore} from '../../transcript/reducer.js';
import {ResultVault} from '../../transcript/result-vault.js';
import type {ToolResult, TranscriptEvent, TranscriptItem} from '../../transcript/types.js';
import type {Printer} from '../../ui/show.js';

/**
Items kept past the last complete one while a call at the front is still running: a call whose
result has not come once this many follow it is printed as the end of the log would show it, with no
result logged (an interrupted session), and what comes for it later is left out (the end's own
"no result" for it, or a result that took longer than that).
*/
export const maxPrintWindow = 4096;

/** What the first pass's adapter holds in place of each result: that pass prints nothing. */
const unprinted: ToolResult = {content: [], isError: false};

/** The first pass: the log's facts, and how many resets the second pass skips past. */
export async function scanLog(filePath: string): Promise<ReplayOutcome & {readonly resets: number}> {
	let resets = 0;
	const outcome = await replayFile(filePath, {
		// pi's tree of entries would otherwise hold every result of the session until the end.
		keepResult: () => unprinted,
		onEvents(events) {
			for (const event of events) {
				if (event.type === 'reset') {
					resets++;
				}
			}
		},
	});
	return {...outcome, resets};
}

/**
How many items at the front can be printed: none within `maxNestShift` of the end (a new call may
still nest among them), and none from the first running call on, unless `maxPrintWindow` items wait.
*/
export function printableCount(items: readonly TranscriptItem[]): number {
	const stable = Math.max(0, items.length - maxNestShift);
	let count = 0;
	while (count < stable) {
		const item = items[count];
		if (item?.type === 'tool' && item.status === 'running') {
			break;
		}

		count++;
	}

	return items.length - count > maxPrintWindow ? stable : count;
}

/**
The second pass: print `first` (the header), then the items of the log after its `resets`-th reset,
in order, in parts, and those still held at the end.
*/
export async function printLog(
	filePath: string,
	resets: number,
	first: readonly TranscriptEvent[],
	print: Printer,
): Promise<void> {
	const store = new TranscriptStore(first);
	// Calls printed before their result came: one id per interrupted call, few in any log.
	const closed = new Set<string>();
	const unfinished = (item: TranscriptItem): TranscriptItem => {
		if (item.type !== 'tool' || item.status !== 'running') {
			return item;
		}

		closed.add(item.id);
		return {...item, status: 'done', result: missingResult};
	};

	let seen = 0;
	// A branch switch replays entries from the start, so pi's tree holds every result until the end of
	// the log: on disk, read back when printed.
	const vault = ResultVault.open();
	try {
		await replayFile(filePath, {
			keepResult: (result) => vault.keep(result),
			async onEvents(events) {
				let from = 0;
				for (const [index, event] of events.entries()) {
					if (event.type === 'reset') {
						seen++;
						from = index + 1;
					}
				}

				if (seen < resets) {
					return;
				}

				const kept = events.slice(from);
				store.apply(
					closed.size === 0 ? kept : kept.filter((event) => !('id' in event && closed.has(event.id))),
				);
				const count = printableCount(store.state.items);
				// Parts at least as large as the window kept: taking them costs O(1) per item.
				if (count >= maxNestShift * 2) {
					await print(store.release(count).map(unfinished));
				}
			},
		});
		await print(store.state.items);
	} finally {
		vault.close();
	}
}
