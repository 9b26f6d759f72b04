import type {Line, LineSource} from './line-source.js';
import type {ReadLimits, TruncationReason} from './types.js';

/** Width of the line-number column, as `cat -n` prints it. */
const numberWidth = 6;

/** The marker after a clipped line: it tells the model the line goes on and how long it is. */
export function clipMarker(lineBytes: number): string {
	return ` … [line clipped: ${lineBytes} bytes]`;
}

/** One line as the model receives it. */
export function formatLine(line: Line, number: number | undefined): string {
	const text = line.clipped ? line.text + clipMarker(line.bytes) : line.text;
	return number === undefined ? text : `${String(number).padStart(numberWidth)}\t${text}`;
}

export type SelectOptions = {
	/** Real number of the source's next line, or undefined when numbering is unknown. */
	readonly firstLine: number | undefined;
	/** Most lines the caller asked for. */
	readonly limit: number | undefined;
	readonly lineNumbers: boolean;
	readonly limits: ReadLimits;
};

export type Selected = {
	readonly lines: string[];
	readonly formatted: string[];
	readonly outputBytes: number;
	readonly truncation: TruncationReason | undefined;
	/** 1-based positions within the output of lines that were clipped. */
	readonly clippedPositions: number[];
	readonly oversizedLineBytes: number | undefined;
	/** A line exists after the last one shown (after the oversized line when that one stopped us). */
	readonly more: boolean;
	/** Lines taken from the source, including one looked at and not shown. */
	readonly consumed: number;
	readonly reachedEnd: boolean;
	readonly invalidUtf8: boolean;
};

/**
Takes lines from `source` until the caller's limit, the end of the file, the line cap or the byte cap,
whichever comes first; cuts only between lines.
*/
export async function selectLines(source: LineSource, options: SelectOptions): Promise<Selected> {
	const {firstLine, limit, lineNumbers, limits} = options;
	const lines: string[] = [];
	const formatted: string[] = [];
	const clippedPositions: number[] = [];
	let outputBytes = 0;
	let consumed = 0;
	let invalidUtf8 = false;
	let truncation: TruncationReason | undefined;
	let oversizedLineBytes: number | undefined;
	let more = false;
	let reachedEnd = false;

	const take = async (): Promise<Line | undefined> => {
		const line = await source.next();
		if (line === undefined) {
			reachedEnd = true;
		} else {
			consumed++;
			invalidUtf8 ||= line.invalid;
		}

		return line;
	};

	for (;;) {
		if (limit !== undefined && lines.length >= limit) {
			more = (await take()) !== undefined;
			break;
		}

		const line = await take();
		if (line === undefined) {
			break;
		}

		const number = lineNumbers && firstLine !== undefined ? firstLine + lines.length : undefined;
		const text = formatLine(line, number);
		const textBytes = Buffer.byteLength(text);
		const cost = textBytes + (lines.length > 0 ? 1 : 0);
		const overLines = lines.length >= limits.maxLines;
		const overBytes = outputBytes + cost > limits.maxBytes;
		if (overLines || overBytes) {
			truncation = overLines ? (overBytes ? 'both' : 'lines') : 'bytes';
			if (lines.length === 0) {
				oversizedLineBytes = textBytes;
				more = (await take()) !== undefined;
			} else {
				more = true;
			}

			break;
		}

		lines.push(line.text);
		formatted.push(text);
		outputBytes += cost;
		if (line.clipped) {
			clippedPositions.push(lines.length);
		}
	}

	if (truncation === undefined && clippedPositions.length > 0) {
		truncation = 'line-length';
	}

	return {
		lines,
		formatted,
		outputBytes,
		truncation,
		clippedPositions,
		oversizedLineBytes,
		more,
		consumed,
		reachedEnd,
		invalidUtf8,
	};
}
