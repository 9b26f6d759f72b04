/**
Streaming JSONL lines with a per-line byte cap. Lines are split on raw bytes (0x0A), so a UTF-8
character is never cut, and a line over the cap is dropped as it streams past instead of being
buffered: one giant line cannot blow the memory budget.
*/
import {createReadStream} from 'node:fs';

/** The cap on one line: bigger lines are skipped and counted (base64 images make multi-MB lines). */
export const defaultMaxLineBytes = 16 * 1024 * 1024;

/** One line of the file, numbered from 1. `bytes` excludes the line end. */
export type LineRecord =
	| {readonly kind: 'line'; readonly number: number; readonly text: string; readonly bytes: number}
	/** A line over the cap: its text was never kept. */
	| {readonly kind: 'oversized'; readonly number: number; readonly bytes: number}
	/** The last line had no line end: complete if it parses, else cut in half by a crash or a writer. */
	| {readonly kind: 'partial'; readonly number: number; readonly text: string; readonly bytes: number};

const newline = 0x0a;
const carriageReturn = 0x0d;

/** Splits byte chunks into lines. Keeps only the unfinished line between pushes. */
export class LineSplitter {
	readonly maxLineBytes: number;
	private parts: Buffer[] = [];
	private partBytes = 0;
	/** Bytes of the current line seen so far, kept or not. */
	private lineBytes = 0;
	private skipping = false;
	private lineNumber = 0;

	constructor(maxLineBytes = defaultMaxLineBytes) {
		this.maxLineBytes = maxLineBytes;
	}

	/** Bytes waiting for their line end. */
	get pendingBytes(): number {
		return this.lineBytes;
	}

	/** Split a chunk; returns the lines it completed. */
	push(chunk: Buffer): LineRecord[] {
		const out: LineRecord[] = [];
		let start = 0;
		while (start <= chunk.length) {
			const end = chunk.indexOf(newline, start);
			if (end !== -1 && this.lineBytes === 0 && end - start <= this.maxLineBytes) {
				out.push(this.wholeLine(chunk, start, end));
				start = end + 1;
				continue;
			}

			const stop = end === -1 ? chunk.length : end;
			this.take(chunk, start, stop);
			if (end === -1) {
				break;
			}

			out.push(this.finishLine());
			start = end + 1;
		}

		return out;
	}

	/** The unfinished last line, if any, as a `partial` record; resets the splitter's line. */
	flush(): LineRecord | undefined {
		if (this.lineBytes === 0) {
			return undefined;
		}

		const record = this.finishLine();
		return record.kind === 'line' ? {...record, kind: 'partial'} : record;
	}

	/**
	A line that starts and ends inside this chunk, decoded from it at once: no copy of its bytes, which
	for a large log is as many bytes again, allocated and collected.
	*/
	private wholeLine(chunk: Buffer, start: number, end: number): LineRecord {
		this.lineNumber++;
		const stop = end > start && chunk[end - 1] === carriageReturn ? end - 1 : end;
		return {
			kind: 'line',
			number: this.lineNumber,
			text: chunk.toString('utf8', start, stop),
			bytes: end - start,
		};
	}

	private take(chunk: Buffer, start: number, stop: number): void {
		const length = stop - start;
		this.lineBytes += length;
		if (this.skipping || length === 0) {
			return;
		}

		if (this.lineBytes > this.maxLineBytes) {
			// Over the cap: drop what was kept and ignore the rest of this line.
			this.skipping = true;
			this.parts = [];
			this.partBytes = 0;
			return;
		}

		// Copy: the stream may reuse its buffer, and a view would pin the whole chunk in memory.
		this.parts.push(Buffer.from(chunk.subarray(start, stop)));
		this.partBytes += length;
	}

	private finishLine(): LineRecord {
		this.lineNumber++;
		const number = this.lineNumber;
		const bytes = this.lineBytes;
		const skipped = this.skipping;
		const joined = skipped ? undefined : Buffer.concat(this.parts, this.partBytes);
		this.parts = [];
		this.partBytes = 0;
		this.lineBytes = 0;
		this.skipping = false;
		if (joined === undefined) {
			return {kind: 'oversized', number, bytes};
		}

		const trimmed = joined.at(-1) === carriageReturn ? joined.subarray(0, -1) : joined;
		return {kind: 'line', number, text: trimmed.toString('utf8'), bytes};
	}
}

/** Options for reading a whole file. */
export type ReadLinesOptions = {
	readonly maxLineBytes?: number;
	/** Byte offset to start at. */
	readonly start?: number;
	readonly signal?: AbortSignal;
};

/**
Stream a file's lines in batches (one batch per chunk read), the unfinished last line included as
`partial`. Memory stays at one chunk plus one line, whatever the file's size.
*/
export async function* readLineBatches(
	filePath: string,
	options: ReadLinesOptions = {},
): AsyncGenerator<LineRecord[]> {
	const splitter = new LineSplitter(options.maxLineBytes);
	const stream = createReadStream(filePath, {
		start: options.start ?? 0,
		highWaterMark: 256 * 1024,
		...(options.signal === undefined ? {} : {signal: options.signal}),
	});
	for await (const chunk of stream) {
		if (!Buffer.isBuffer(chunk)) {
			continue;
		}

		const lines = splitter.push(chunk);
		if (lines.length > 0) {
			yield lines;
		}
	}

	const last = splitter.flush();
	if (last !== undefined) {
		yield [last];
	}
}
