/**
What one read may scan. A sparse file (some text, then a hole of many GB) is one line of NUL bytes after
the text, and a file can hold lines of any length: without a bound every read form (a whole read, a
deep offset, a tail) would scan to the end. So a run of `nulRunBytes` NUL bytes is binary content, where
the text ends, and the bytes one read looks at are bounded by `limits.maxScanBytes`, the scan budget.
Either stop is recorded once and reported by the closing notice (`details.scanStop`).
*/

/** A run of this many NUL bytes is binary content (no text file has one; a sparse file's hole is all NUL). */
export const nulRunBytes = 4096;
const nulRun = Buffer.alloc(nulRunBytes);

/** Where and why scanning stopped before the end of the file. */
export type ScanStop = {
	/** `nul-run`: binary content starts at `at`; `scan-budget`: the budget ran out at `at`. */
	readonly reason: 'nul-run' | 'scan-budget';
	/** Byte position in the file. */
	readonly at: number;
};

/** The budget of one read, shared by every scan the read makes. */
export class ScanState {
	/** Bytes the read may still look at. */
	remaining: number;
	/** The first stop met, if any; later scans stop at it too. */
	stop: ScanStop | undefined;

	constructor(budget: number) {
		this.remaining = budget;
	}

	/** Where scans must end: the stop, once met, else `end`. */
	endFor(end: number): number {
		return this.stop === undefined ? end : Math.min(end, this.stop.at);
	}

	/** Records the budget running out at `at` (the first stop wins). */
	budgetSpent(at: number): void {
		this.stop ??= {reason: 'scan-budget', at};
	}

	/**
	Takes `chunk`, read at `position`, out of the budget; resolves to how much of it is text, up to the
	first long NUL run (recorded as the stop).
	*/
	take(chunk: Uint8Array, position: number): number {
		this.remaining -= chunk.length;
		const run = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length).indexOf(nulRun);
		if (run === -1) {
			return chunk.length;
		}

		if (this.stop === undefined || this.stop.at > position + run) {
			this.stop = {reason: 'nul-run', at: position + run};
		}

		return run;
	}
}
