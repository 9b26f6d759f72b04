import type {FileHandle} from 'node:fs/promises';
import type {ScanState} from './scan-budget.js';

const lineFeed = 0x0a;
const carriageReturn = 0x0d;

export type TailStart = {
	/** Byte position where the selected lines begin. */
	readonly position: number;
	/** True when the scan reached the start of the text: the file has no more lines than were asked for. */
	readonly reachedStart: boolean;
	/** Lines found from `position` to the end (the whole file's count when `reachedStart`). */
	readonly lines: number;
	/** Set when the scan stopped early: at a long NUL run (binary content), or when the scan budget ran out. */
	readonly stopped?: 'nul-run' | 'scan-budget';
};

/**
Finds where the last `count` lines of a UTF-8 file begin by reading backwards from the end in chunks,
so the cost follows the lines asked for, not the size of the file.
@param textStart Byte position where the text begins (after a BOM).
*/
export async function findTailStart(
	file: FileHandle,
	textStart: number,
	size: number,
	count: number,
	signal?: AbortSignal,
	chunkBytes = 64 * 1024,
	scan?: ScanState,
): Promise<TailStart> {
	const buffer = Buffer.allocUnsafe(Math.max(1, Math.min(chunkBytes, size - textStart)));
	let end = size;
	// A final line end closes the last line: it is not a boundary to count.
	const lastTwo = Buffer.alloc(2);
	if (size - textStart >= 1) {
		const from = Math.max(textStart, size - 2);
		await file.read(lastTwo, 0, size - from, from);
		const pair = lastTwo.subarray(0, size - from);
		const last = pair.at(-1);
		if (last === lineFeed) {
			end = size - (pair.length === 2 && pair[0] === carriageReturn ? 2 : 1);
		} else if (last === carriageReturn) {
			end = size - 1;
		}
	}

	if (end === textStart && size === textStart) {
		return {position: textStart, reachedStart: true, lines: 0};
	}

	let found = 0;
	let position = end;
	let earliest = size;
	// Whether the byte just after the one being looked at is a line feed (a `\r\n` pair counts once).
	let followedByLineFeed = false;
	while (position > textStart) {
		signal?.throwIfAborted();
		const from = Math.max(textStart, position - buffer.length);
		const {bytesRead} = await file.read(buffer, 0, position - from, from);
		if (scan !== undefined) {
			if (scan.take(buffer.subarray(0, bytesRead), from) < bytesRead) {
				// Binary content near the end: the caller finds the text's end from the start instead.
				return {position, reachedStart: false, lines: found, stopped: 'nul-run'};
			}
		}

		for (let index = bytesRead - 1; index >= 0; index--) {
			const byte = buffer[index];
			const isBoundary = byte === lineFeed || (byte === carriageReturn && !followedByLineFeed);
			followedByLineFeed = byte === lineFeed;
			if (isBoundary) {
				found++;
				earliest = from + index + 1;
				if (found === count) {
					return {position: from + index + 1, reachedStart: false, lines: count};
				}
			}
		}

		position = from;
		if (scan !== undefined && scan.remaining <= 0 && position > textStart) {
			scan.budgetSpent(position);
			// The whole lines found so far start after the earliest line end seen.
			return {position: earliest, reachedStart: false, lines: found, stopped: 'scan-budget'};
		}
	}

	return {position: textStart, reachedStart: true, lines: found + 1};
}
