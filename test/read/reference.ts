/**
A deliberately naive whole-file reference of docs/read-engine.md, used as the oracle of the property
test. It holds the whole file in memory and does every step the obvious way; speed does not matter.

Where the contract leaves room, this reference decides as follows (keep in sync with the report):
- `clippedLines` lists only lines that were shown; a clipped line that did not fit the byte cap is not in it,
  and `line-length` is reported only when a shown line was clipped.
- An oversized first line is a `bytes` truncation; `oversizedLineBytes` is its formatted byte length
  (number, tab, clipped text and marker, no newline), and `firstLine` is that line's number.
- `both` means: `maxLines` lines were shown, the selection had another line, and that line's cost would
  have pushed `outputBytes` over `maxBytes`.
- `offsetPastEnd` needs a file with at least one line: an empty file is reported as empty, whatever the
  offset. A tail selection is never past the end.
- `nextOffset` is the line after the last line shown (or after the oversized line) when the file has it,
  and undefined when nothing was shown for any other reason (empty file, offset past the end).
- Invalid UTF-8 is replaced the way `TextDecoder` does it (WHATWG: one U+FFFD per maximal ill-formed
  subpart). A clipped line's byte count is its size in the file for UTF-8 files (what `cut -b` and
  `head -c` count), and the UTF-8 length of the decoded text for UTF-16 files.
*/
import type {ReadLimits, TextEncoding, TruncationReason} from '../../source/read/types.js';

export type ReferenceRequest = {
	readonly offset?: number;
	readonly limit?: number;
	readonly tail?: number;
	readonly lineNumbers: boolean;
};

export type ReferenceResult = {
	readonly encoding: TextEncoding;
	readonly invalidUtf8: boolean;
	/** Every line of the file, decoded and unclipped: the property test needs them for weaker checks. */
	readonly allLines: readonly string[];
	readonly firstLine: number | undefined;
	readonly linesShown: number;
	readonly lines: readonly string[];
	readonly totalLines: number;
	readonly outputBytes: number;
	readonly truncation: TruncationReason | undefined;
	readonly clippedLines: readonly number[];
	readonly nextOffset: number | undefined;
	readonly oversizedLineBytes: number | undefined;
	readonly offsetPastEnd: boolean;
	/** The formatted shown lines joined with '\n': what the model's text starts with. */
	readonly body: string;
};

export type DecodedFile = {
	readonly text: string;
	readonly encoding: TextEncoding;
	readonly invalidUtf8: boolean;
	/** For UTF-8 files, each line's size in the file without its line end. */
	readonly lineBytes: readonly number[] | undefined;
};

export function decodeFile(bytes: Uint8Array): DecodedFile {
	if (bytes[0] === 0xff && bytes[1] === 0xfe) {
		return {
			text: decodeWithoutBom(bytes.subarray(2), 'utf-16le'),
			encoding: 'utf-16le',
			invalidUtf8: false,
			lineBytes: undefined,
		};
	}

	if (bytes[0] === 0xfe && bytes[1] === 0xff) {
		return {
			text: decodeWithoutBom(bytes.subarray(2), 'utf-16be'),
			encoding: 'utf-16be',
			invalidUtf8: false,
			lineBytes: undefined,
		};
	}

	const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
	const body = hasBom ? bytes.subarray(3) : bytes;
	return {
		text: decodeWithoutBom(body, 'utf-8'),
		encoding: 'utf-8',
		invalidUtf8: !isValidUtf8(body),
		lineBytes: rawLineLengths(body),
	};
}

/** Each line's length in bytes, split on the raw bytes the same way `splitLines` splits text. */
function rawLineLengths(bytes: Uint8Array): number[] {
	const lengths: number[] = [];
	let start = 0;
	for (let index = 0; index < bytes.length; index++) {
		const byte = bytes[index];
		if (byte === 0x0a || byte === 0x0d) {
			lengths.push(index - start);
			if (byte === 0x0d && bytes[index + 1] === 0x0a) {
				index++;
			}

			start = index + 1;
		}
	}

	if (start < bytes.length) {
		lengths.push(bytes.length - start);
	}

	return lengths;
}

/** The BOM was already removed: `ignoreBOM` keeps a second one (real text, U+FEFF) as it is. */
function decodeWithoutBom(bytes: Uint8Array, label: string): string {
	return new TextDecoder(label, {ignoreBOM: true}).decode(bytes);
}

function isValidUtf8(bytes: Uint8Array): boolean {
	try {
		new TextDecoder('utf-8', {fatal: true, ignoreBOM: true}).decode(bytes);
		return true;
	} catch {
		return false;
	}
}

/** `\r\n`, lone `\r` and `\n` end a line; a final line end does not open an extra empty line. */
export function splitLines(text: string): string[] {
	if (text === '') {
		return [];
	}

	const lines = text.replaceAll('\r\n', '\n').replaceAll('\r', '\n').split('\n');
	if (lines.at(-1) === '') {
		lines.pop();
	}

	return lines;
}

export type FormattedLine = {
	/** What the model sees for this line: number, tab, kept text, clip marker. */
	readonly formatted: string;
	/** The kept text, marker excluded. */
	readonly text: string;
	readonly clipped: boolean;
};

/** `lineNumber` undefined formats the line without a number. */
export function formatLine(
	lineNumber: number | undefined,
	line: string,
	maxLineChars: number,
	lineBytes = Buffer.byteLength(line, 'utf8'),
): FormattedLine {
	const codePoints = Array.from(line);
	const clipped = codePoints.length > maxLineChars;
	const text = clipped ? codePoints.slice(0, maxLineChars).join('') : line;
	const marker = clipped ? ` … [line clipped: ${lineBytes} bytes]` : '';
	const prefix = lineNumber === undefined ? '' : `${String(lineNumber).padStart(6)}\t`;
	return {formatted: prefix + text + marker, text, clipped};
}

export function referenceRead(
	bytes: Uint8Array,
	request: ReferenceRequest,
	limits: ReadLimits,
): ReferenceResult {
	const decoded = decodeFile(bytes);
	const allLines = splitLines(decoded.text);
	const total = allLines.length;

	// Selection as 1-based inclusive line numbers; tail=N is offset=max(1, total-N+1), limit=N.
	const first = request.tail === undefined ? (request.offset ?? 1) : Math.max(1, total - request.tail + 1);
	const limit = request.tail ?? request.limit;
	const last = limit === undefined ? total : Math.min(total, first + limit - 1);

	const format = (lineNumber: number): FormattedLine =>
		formatLine(
			request.lineNumbers ? lineNumber : undefined,
			allLines[lineNumber - 1] ?? '',
			limits.maxLineChars,
			decoded.lineBytes?.[lineNumber - 1],
		);
	const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');

	const shown: Array<{lineNumber: number; line: FormattedLine}> = [];
	// Sum of the costs (formatted bytes + 1 newline) of the lines shown so far.
	let costSum = 0;
	let stoppedBy: 'lines' | 'bytes' | undefined;
	let stoppedAt: number | undefined;
	for (let lineNumber = first; lineNumber <= last; lineNumber++) {
		if (shown.length === limits.maxLines) {
			stoppedBy = 'lines';
			stoppedAt = lineNumber;
			break;
		}

		const line = format(lineNumber);
		// outputBytes with this line: the costs so far plus its bytes (its +1 and the final -1 cancel out).
		if (costSum + byteLength(line.formatted) > limits.maxBytes) {
			stoppedBy = 'bytes';
			stoppedAt = lineNumber;
			break;
		}

		shown.push({lineNumber, line});
		costSum += byteLength(line.formatted) + 1;
	}

	const clippedLines = shown.filter(({line}) => line.clipped).map(({lineNumber}) => lineNumber);
	// `both`: maxLines stopped the output and the next line would also have broken the byte cap.
	const nextLineBreaksByteCap =
		stoppedBy === 'lines' && costSum + byteLength(format(stoppedAt ?? 0).formatted) > limits.maxBytes;
	const truncation = truncationOf(stoppedBy, nextLineBreaksByteCap, clippedLines.length > 0);

	const oversizedLineNumber = shown.length === 0 && stoppedBy === 'bytes' ? stoppedAt : undefined;
	const lastConsumed = shown.at(-1)?.lineNumber ?? oversizedLineNumber;
	const nextOffset = lastConsumed !== undefined && lastConsumed + 1 <= total ? lastConsumed + 1 : undefined;

	return {
		encoding: decoded.encoding,
		invalidUtf8: decoded.invalidUtf8,
		allLines,
		firstLine: shown[0]?.lineNumber ?? oversizedLineNumber,
		linesShown: shown.length,
		lines: shown.map(({line}) => line.text),
		totalLines: total,
		outputBytes: shown.length === 0 ? 0 : costSum - 1,
		truncation,
		clippedLines,
		nextOffset,
		oversizedLineBytes:
			oversizedLineNumber === undefined ? undefined : byteLength(format(oversizedLineNumber).formatted),
		offsetPastEnd: request.tail === undefined && total > 0 && first > total,
		body: shown.map(({line}) => line.formatted).join('\n'),
	};
}

function truncationOf(
	stoppedBy: 'lines' | 'bytes' | undefined,
	nextLineBreaksByteCap: boolean,
	someLineClipped: boolean,
): TruncationReason | undefined {
	if (stoppedBy === 'bytes') {
		return 'bytes';
	}

	if (stoppedBy === 'lines') {
		return nextLineBreaksByteCap ? 'both' : 'lines';
	}

	return someLineClipped ? 'line-length' : undefined;
}
