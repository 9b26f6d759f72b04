import {clipToCodePoints} from '../line-source.js';
import {clipMarker} from '../select.js';
import type {ReadLimits, TruncationReason} from '../types.js';

/** What became of one part offered to the fitter. */
export type FitOutcome =
	/** Every line of the part was added. */
	| 'whole'
	/** Only its first lines were added: the part alone is over a cap. */
	| 'cut'
	/** Nothing was added: the part does not fit after what is already shown. */
	| 'none';

/**
Collects the lines of whole parts (pages, cells) under the engine's caps: `maxLines` lines and
`maxBytes` bytes of joined output, lines longer than `maxLineChars` code points clipped with the text
engine's marker. A line's cost is its UTF-8 length plus 1 for the newline joining it to the next, as
in text reads.
*/
export class PartFitter {
	/** The lines shown, clipped, without clip markers: what panels preview. */
	readonly lines: string[] = [];
	/** The lines as the model gets them. */
	readonly formatted: string[] = [];
	/** 1-based positions in the output of the lines that were clipped. */
	readonly clippedPositions: number[] = [];
	/** Bytes of the joined output (the sum of costs minus 1). */
	outputBytes = 0;
	/** Which cap stopped the output, once one did. */
	stoppedBy: 'lines' | 'bytes' | 'both' | undefined;
	private readonly limits: ReadLimits;

	constructor(limits: ReadLimits) {
		this.limits = limits;
	}

	/** Why the output is shorter than asked, in the engine's terms. */
	get truncation(): TruncationReason | undefined {
		return this.stoppedBy ?? (this.clippedPositions.length > 0 ? 'line-length' : undefined);
	}

	/**
	Adds a part when all of it fits. When it does not and `allowCut` is set (the first part of a read,
	which must show something), adds the lines that fit.
	*/
	add(partLines: readonly string[], allowCut: boolean): FitOutcome {
		const pending: Array<{text: string; shown: string; clipped: boolean}> = [];
		let bytes = this.outputBytes;
		let lineCount = this.formatted.length;
		for (const line of partLines) {
			const clipped = clipToCodePoints(line, this.limits.maxLineChars);
			const text = clipped ?? line;
			const shown = clipped === undefined ? line : text + clipMarker(Buffer.byteLength(line));
			const cost = Buffer.byteLength(shown) + (lineCount > 0 ? 1 : 0);
			const overLines = lineCount >= this.limits.maxLines;
			const overBytes = bytes + cost > this.limits.maxBytes;
			if (overLines || overBytes) {
				this.stoppedBy = overLines ? (overBytes ? 'both' : 'lines') : 'bytes';
				if (!allowCut) {
					return 'none';
				}

				this.commit(pending, bytes);
				return 'cut';
			}

			pending.push({text, shown, clipped: clipped !== undefined});
			bytes += cost;
			lineCount++;
		}

		this.commit(pending, bytes);
		return 'whole';
	}

	private commit(
		pending: ReadonlyArray<{text: string; shown: string; clipped: boolean}>,
		bytes: number,
	): void {
		for (const line of pending) {
			this.lines.push(line.text);
			this.formatted.push(line.shown);
			if (line.clipped) {
				this.clippedPositions.push(this.formatted.length);
			}
		}

		this.outputBytes = bytes;
	}
}
