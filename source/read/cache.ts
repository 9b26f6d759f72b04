import type {ReadDetails, Selection} from './types.js';

type Entry = {
	readonly mtimeMs: number;
	readonly size: number;
	readonly details: ReadDetails;
};

function rangeKey(selection: Selection, lineNumbers: boolean): string {
	const range =
		selection.mode === 'tail' ? `tail:${selection.count}` : `${selection.offset}:${selection.limit ?? ''}`;
	return `${range}:${lineNumbers ? 'n' : 'plain'}`;
}

/**
Remembers what a session has already sent to the model, so an unchanged re-read of the same range
costs one line instead of the whole text. Forget a path after writing it; reset after a compaction,
when the model no longer holds the earlier text.
*/
export class ReadCache {
	private readonly byPath = new Map<string, Map<string, Entry>>();

	/** The earlier read's details when the same range was read and the file's mtime and size are unchanged. */
	lookup(
		absolutePath: string,
		selection: Selection,
		lineNumbers: boolean,
		stat: {mtimeMs: number; size: number},
	): ReadDetails | undefined {
		const entry = this.byPath.get(absolutePath)?.get(rangeKey(selection, lineNumbers));
		return entry && entry.mtimeMs === stat.mtimeMs && entry.size === stat.size ? entry.details : undefined;
	}

	remember(absolutePath: string, selection: Selection, lineNumbers: boolean, details: ReadDetails): void {
		if (details.mtimeMs === undefined || details.size === undefined) {
			return;
		}

		let ranges = this.byPath.get(absolutePath);
		if (!ranges) {
			ranges = new Map();
			this.byPath.set(absolutePath, ranges);
		}

		// The text itself is not kept: the model already has it, and a session may read thousands of files.
		const summary = {...details, lines: []};
		ranges.set(rangeKey(selection, lineNumbers), {
			mtimeMs: details.mtimeMs,
			size: details.size,
			details: summary,
		});
	}

	/** Drops what was sent for one file (after a write to it). */
	forget(absolutePath: string): void {
		this.byPath.delete(absolutePath);
	}

	/** Drops everything (after a compaction or a cleared conversation). */
	reset(): void {
		this.byPath.clear();
	}

	get size(): number {
		return this.byPath.size;
	}
}
