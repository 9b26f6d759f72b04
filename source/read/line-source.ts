import {isUtf8} from 'node:buffer';
import type {FileHandle} from 'node:fs/promises';
import type {ScanState} from './scan-budget.js';

/** One line as the engine hands it on: already decoded and clipped. */
export type Line = {
	/** The text, without its line end, cut to `maxLineChars` code points when longer. */
	readonly text: string;
	/** Length of the whole line in the file's bytes, without its line end. */
	readonly bytes: number;
	readonly clipped: boolean;
	/** Some bytes were not valid UTF-8 and became U+FFFD. */
	readonly invalid: boolean;
};

/** A forward cursor over a file's lines. Line ends are `\n`, `\r\n` or a lone `\r`. */
export type LineSource = {
	/** Moves past up to `count` lines without decoding them; resolves to how many there were. */
	skip(count: number): Promise<number>;
	/** The next line, or undefined at the end of the file. */
	next(): Promise<Line | undefined>;
	/** Counts the lines left when at most `budget` bytes are left to scan, else undefined. */
	countRest(budget: number): Promise<number | undefined>;
};

const lineFeed = 0x0a;
const carriageReturn = 0x0d;

export type ByteRange = {readonly start: number; readonly end: number};

/** Reads a byte range of a file in fixed chunks into one reused buffer, so memory stays flat. */
export class ChunkReader {
	view: Buffer = Buffer.alloc(0);
	index = 0;
	/** Cached position of the next `\r` in `view` (-1: none left), so each one is searched for once. */
	private nextCarriageReturn = -1;
	/** Cached position of the next `\n` in `view` (-1: none left). */
	private nextLineFeed = -1;
	private readonly buffer: Buffer;
	private position: number;
	private readonly file: FileHandle;
	private end: number;
	private readonly signal: AbortSignal | undefined;
	private readonly scan: ScanState | undefined;

	constructor(
		file: FileHandle,
		range: ByteRange,
		chunkBytes: number,
		signal: AbortSignal | undefined,
		scan?: ScanState,
	) {
		this.file = file;
		this.end = range.end;
		this.signal = signal;
		this.scan = scan;
		this.position = range.start;
		this.buffer = Buffer.allocUnsafe(Math.max(1, Math.min(chunkBytes, range.end - range.start)));
	}

	/** Bytes not yet consumed, in the buffer and in the file. */
	get remaining(): number {
		return this.view.length - this.index + Math.max(0, this.end - this.position);
	}

	/** Makes sure unconsumed bytes are buffered; false at the end of the range. */
	async fill(): Promise<boolean> {
		if (this.index < this.view.length) {
			return true;
		}

		this.signal?.throwIfAborted();
		const {scan} = this;
		if (scan !== undefined) {
			this.end = scan.endFor(this.end);
			if (scan.remaining <= 0 && this.position < this.end) {
				scan.budgetSpent(this.position);
				this.end = this.position;
			}
		}

		const want = Math.min(
			this.buffer.length,
			this.end - this.position,
			scan?.remaining ?? Number.POSITIVE_INFINITY,
		);
		if (want <= 0) {
			return false;
		}

		const {bytesRead} = await this.file.read(this.buffer, 0, want, this.position);
		// A long NUL run ends the text: the range ends where it starts.
		const text =
			scan === undefined ? bytesRead : scan.take(this.buffer.subarray(0, bytesRead), this.position);
		if (text < bytesRead) {
			this.end = this.position + text;
		}

		this.position += text;
		this.view = this.buffer.subarray(0, text);
		this.index = 0;
		this.nextCarriageReturn = this.view.indexOf(carriageReturn);
		this.nextLineFeed = this.view.indexOf(lineFeed);
		return text > 0;
	}

	/** Index in `view` of the next `\n` or `\r` at or after `from`, or -1. */
	nextLineEnd(from: number): number {
		// Both positions are cached: a chunk of lone `\r`s has no `\n`, and searching for one from every
		// line would scan the rest of the chunk a million times (and the other way round).
		if (this.nextLineFeed !== -1 && this.nextLineFeed < from) {
			this.nextLineFeed = this.view.indexOf(lineFeed, from);
		}

		const lf = this.nextLineFeed;
		// Most files have no carriage return at all: one search per chunk finds that out.
		if (this.nextCarriageReturn !== -1 && this.nextCarriageReturn < from) {
			this.nextCarriageReturn = this.view.indexOf(carriageReturn, from);
		}

		const cr = this.nextCarriageReturn;
		return cr === -1 || (lf !== -1 && lf < cr) ? lf : cr;
	}
}

/** Decoded text keeps at most this many bytes per code point, so clipping never needs the whole line. */
const maxBytesPerCodePoint = 4;

/** Length of `bytes` without a UTF-8 sequence cut off at its end. */
export function completeUtf8Length(bytes: Uint8Array): number {
	const length = bytes.length;
	for (let back = 1; back <= 3 && back <= length; back++) {
		const byte = bytes[length - back] ?? 0;
		if ((byte & 0xc0) === 0x80) {
			continue;
		}

		const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
		return need > back ? length - back : length;
	}

	return length;
}

export const lenientUtf8 = new TextDecoder('utf-8', {fatal: false, ignoreBOM: true});

/** Cuts text to `maxChars` code points; undefined when it is not longer. */
export function clipToCodePoints(text: string, maxChars: number): string | undefined {
	if (text.length <= maxChars) {
		return undefined;
	}

	let count = 0;
	let index = 0;
	for (const char of text) {
		if (count === maxChars) {
			return text.slice(0, index);
		}

		count++;
		index += char.length;
	}

	return undefined;
}

/**
A Line from text that is already decoded and whole (document lines, UTF-16 files): clipped to
`maxLineChars` code points, its size counted in UTF-8 bytes, never invalid.
*/
export function lineFromText(text: string, maxLineChars: number): Line {
	const clipped = clipToCodePoints(text, maxLineChars);
	return {
		text: clipped ?? text,
		bytes: Buffer.byteLength(text),
		clipped: clipped !== undefined,
		invalid: false,
	};
}

/** Lines of a UTF-8 file, scanned as bytes: skipping and counting never decode. */
export class Utf8LineSource implements LineSource {
	private readonly reader: ChunkReader;
	/** The previous line ended with `\r`: a `\n` right after it belongs to that line end. */
	private pendingCarriageReturn = false;
	private readonly keepBytes: number;
	private readonly maxLineChars: number;

	constructor(
		file: FileHandle,
		range: ByteRange,
		maxLineChars: number,
		signal?: AbortSignal,
		chunkBytes = 1024 * 1024,
		scan?: ScanState,
	) {
		this.maxLineChars = maxLineChars;
		this.reader = new ChunkReader(file, range, chunkBytes, signal, scan);
		this.keepBytes = maxLineChars * maxBytesPerCodePoint;
	}

	async skip(count: number): Promise<number> {
		const reader = this.reader;
		let skipped = 0;
		let inLine = false;
		while (skipped < count) {
			if (!(await this.fillPastPendingLineFeed())) {
				break;
			}

			const {view} = reader;
			while (skipped < count) {
				const end = reader.nextLineEnd(reader.index);
				if (end === -1) {
					inLine = reader.index < view.length || inLine;
					reader.index = view.length;
					break;
				}

				skipped++;
				inLine = false;
				reader.index = end + 1;
				if (view[end] === carriageReturn) {
					this.pendingCarriageReturn = true;
					if (reader.index < view.length) {
						this.absorbLineFeed();
					} else {
						break;
					}
				}
			}
		}

		// A last line without a line end still counts.
		return inLine && skipped < count ? skipped + 1 : skipped;
	}

	async next(): Promise<Line | undefined> {
		const reader = this.reader;
		const kept: Buffer[] = [];
		let keptBytes = 0;
		let bytes = 0;
		let sawAny = false;
		while (await this.fillPastPendingLineFeed()) {
			sawAny = true;
			const {view} = reader;
			const start = reader.index;
			const end = reader.nextLineEnd(start);
			const stop = end === -1 ? view.length : end;
			bytes += stop - start;
			if (keptBytes < this.keepBytes) {
				const take = Math.min(stop - start, this.keepBytes - keptBytes);
				// Copy: the reader reuses its buffer for the next chunk.
				kept.push(Buffer.from(view.subarray(start, start + take)));
				keptBytes += take;
			}

			if (end === -1) {
				reader.index = view.length;
				continue;
			}

			reader.index = end + 1;
			this.pendingCarriageReturn = view[end] === carriageReturn;
			return this.decode(Buffer.concat(kept, keptBytes), bytes);
		}

		return sawAny ? this.decode(Buffer.concat(kept, keptBytes), bytes) : undefined;
	}

	async countRest(budget: number): Promise<number | undefined> {
		return this.reader.remaining > budget ? undefined : this.skip(Number.POSITIVE_INFINITY);
	}

	private decode(kept: Buffer, bytes: number): Line {
		const whole = kept.length === bytes;
		const usable = whole ? kept : kept.subarray(0, completeUtf8Length(kept));
		const decoded = lenientUtf8.decode(usable);
		const clipped = clipToCodePoints(decoded, this.maxLineChars);
		const text = clipped ?? decoded;
		const invalid = text.includes('\uFFFD') && !isUtf8(usable);
		return {text, bytes, clipped: clipped !== undefined || !whole, invalid};
	}

	private absorbLineFeed(): void {
		const reader = this.reader;
		if (reader.view[reader.index] === lineFeed) {
			reader.index++;
		}

		this.pendingCarriageReturn = false;
	}

	/** Buffers more bytes, first dropping the `\n` of a `\r\n` split across calls or chunks. */
	private async fillPastPendingLineFeed(): Promise<boolean> {
		if (!(await this.reader.fill())) {
			return false;
		}

		if (this.pendingCarriageReturn) {
			this.absorbLineFeed();
			return this.reader.fill();
		}

		return true;
	}
}
