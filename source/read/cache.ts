import type {NumberRange, ReadDetails, ReadRequest} from './types.js';

type Entry = {
	readonly mtimeMs: number;
	readonly size: number;
	readonly details: ReadDetails;
	/** When the read that sent the text ran, so the answer can say since when it is unchanged. */
	readonly readAtMs: number;
};

/** An earlier read of the same range whose file has not changed since. */
export type EarlierRead = {readonly details: ReadDetails; readonly readAtMs: number};

function rangesKey(ranges: readonly NumberRange[] | undefined): string {
	return ranges?.map(({first, last}) => `${first}-${last ?? ''}`).join(',') ?? '';
}

/** Everything in a request that changes what the model receives, except the path. */
function requestKey(request: ReadRequest): string {
	const {selection} = request;
	const range =
		selection.mode === 'tail' ? `tail:${selection.count}` : `${selection.offset}:${selection.limit ?? ''}`;
	return [
		range,
		request.lineNumbers ? 'n' : 'plain',
		rangesKey(request.pages),
		rangesKey(request.cells),
		request.outline ? 'outline' : '',
	].join('|');
}

/**
Remembers what a session has already sent to the model, so an unchanged re-read of the same range
costs one line instead of the whole text. Forget a path after writing it; reset after a compaction,
when the model no longer holds the earlier text.
*/
export class ReadCache {
	private readonly byPath = new Map<string, Map<string, Entry>>();

	/** The earlier read when the same range was read and the file's mtime and size are unchanged. */
	lookup(
		absolutePath: string,
		request: ReadRequest,
		stat: {mtimeMs: number; size: number},
	): EarlierRead | undefined {
		const entry = this.byPath.get(absolutePath)?.get(requestKey(request));
		return entry && entry.mtimeMs === stat.mtimeMs && entry.size === stat.size ? entry : undefined;
	}

	remember(absolutePath: string, request: ReadRequest, details: ReadDetails, readAtMs = Date.now()): void {
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
		ranges.set(requestKey(request), {
			mtimeMs: details.mtimeMs,
			size: details.size,
			details: summary,
			readAtMs,
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

	/** Files remembered. */
	get size(): number {
		return this.byPath.size;
	}
}
