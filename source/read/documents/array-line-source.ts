import {type Line, type LineSource, lineFromText} from '../line-source.js';

/**
A LineSource over lines already in memory (a converted document), so the text engine's selection and
caps apply to them unchanged. Lines are clipped to `maxLineChars` code points like file lines.
*/
export class ArrayLineSource implements LineSource {
	private index = 0;
	private readonly lines: readonly string[];
	private readonly maxLineChars: number;

	constructor(lines: readonly string[], maxLineChars: number) {
		this.lines = lines;
		this.maxLineChars = maxLineChars;
	}

	async skip(count: number): Promise<number> {
		const skipped = Math.max(0, Math.min(count, this.lines.length - this.index));
		this.index += skipped;
		return skipped;
	}

	async next(): Promise<Line | undefined> {
		const text = this.lines[this.index];
		if (text === undefined) {
			return undefined;
		}

		this.index++;
		return lineFromText(text, this.maxLineChars);
	}

	async countRest(): Promise<number | undefined> {
		return this.lines.length - this.index;
	}
}
