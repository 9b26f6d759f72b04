import type {FileHandle} from 'node:fs/promises';
import {TextDecoder} from 'node:util';
import {type ByteRange, ChunkReader, type Line, type LineSource, lineFromText} from './line-source.js';
import type {ScanState} from './scan-budget.js';

/**
Lines of a UTF-16 file (the engine only treats a file as UTF-16 when it starts with a BOM). These
files are rare and small, so this source decodes as it goes instead of scanning bytes.
*/
export class Utf16LineSource implements LineSource {
	private readonly reader: ChunkReader;
	private readonly decoder: TextDecoder;
	private text = '';
	private index = 0;
	private ended = false;
	private pendingCarriageReturn = false;
	private readonly maxLineChars: number;

	constructor(
		file: FileHandle,
		range: ByteRange,
		littleEndian: boolean,
		maxLineChars: number,
		signal?: AbortSignal,
		scan?: ScanState,
	) {
		this.maxLineChars = maxLineChars;
		this.reader = new ChunkReader(file, range, 256 * 1024, signal, scan);
		this.decoder = new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be', {ignoreBOM: true});
	}

	async skip(count: number): Promise<number> {
		let skipped = 0;
		while (skipped < count && (await this.readLine()) !== undefined) {
			skipped++;
		}

		return skipped;
	}

	async next(): Promise<Line | undefined> {
		const text = await this.readLine();
		if (text === undefined) {
			return undefined;
		}

		return lineFromText(text, this.maxLineChars);
	}

	async countRest(budget: number): Promise<number | undefined> {
		return this.reader.remaining > budget ? undefined : this.skip(Number.POSITIVE_INFINITY);
	}

	private async more(): Promise<boolean> {
		if (this.ended) {
			return false;
		}

		const reader = this.reader;
		const hasBytes = await reader.fill();
		const decoded = hasBytes ? this.decoder.decode(reader.view, {stream: true}) : this.decoder.decode();
		reader.index = reader.view.length;
		this.ended = !hasBytes;
		this.text = this.text.slice(this.index) + decoded;
		this.index = 0;
		return hasBytes || decoded.length > 0;
	}

	private async readLine(): Promise<string | undefined> {
		let searchFrom = this.index;
		for (;;) {
			if (this.pendingCarriageReturn && this.index < this.text.length) {
				if (this.text[this.index] === '\n') {
					this.index++;
				}

				this.pendingCarriageReturn = false;
				searchFrom = this.index;
			}

			const rest = this.text.slice(searchFrom);
			const found = rest.search(/[\r\n]/);
			if (found !== -1) {
				const end = searchFrom + found;
				const line = this.text.slice(this.index, end);
				this.pendingCarriageReturn = this.text[end] === '\r';
				this.index = end + 1;
				return line;
			}

			if (!(await this.more())) {
				if (this.index < this.text.length) {
					const line = this.text.slice(this.index);
					this.index = this.text.length;
					return line;
				}

				return undefined;
			}

			// Rescanning the kept part is cheap: UTF-16 files are small.
			searchFrom = this.index;
		}
	}
}
