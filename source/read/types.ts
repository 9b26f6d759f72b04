import type {ScanStop} from './scan-budget.js';

/**
Types shared by the read engine and everything built on it. The engine never imports React or Ink:
panels, replay and the agent shell consume `ReadDetails`, never the text meant for the model.
*/

/** What a caller may send: lector's own names plus the spellings other agents' models use. */
export type RawReadParams = Readonly<Record<string, unknown>>;

/** A normalised selection of lines. Exactly one form is active. */
export type Selection =
	| {readonly mode: 'range'; readonly offset: number; readonly limit: number | undefined}
	| {readonly mode: 'tail'; readonly count: number};

/** Inclusive 1-based ranges such as "2,4-6"; `last` undefined means "to the end" ("3-"). */
export type NumberRange = {readonly first: number; readonly last: number | undefined};

/** A read call after its parameters were checked. */
export type ReadRequest = {
	/** The path exactly as the caller wrote it. */
	readonly path: string;
	readonly selection: Selection;
	/** Prefix each line with its number, cat -n style. */
	readonly lineNumbers: boolean;
	/** PDF pages asked for; undefined: the first pages that fit the caps. */
	readonly pages: readonly NumberRange[] | undefined;
	/** Notebook cells asked for; undefined: the first cells that fit the caps. */
	readonly cells: readonly NumberRange[] | undefined;
	/** Return the file's outline alone instead of its text. */
	readonly outline: boolean;
};

/** Caps on what one read may return to the model. */
export type ReadLimits = {
	/** Most lines in one result. */
	readonly maxLines: number;
	/** Most bytes (UTF-8) of line output in one result, notices excluded. */
	readonly maxBytes: number;
	/** Longer lines are clipped to this many characters (code points). */
	readonly maxLineChars: number;
	/** After the caps are met, remaining lines are counted only when at most this many bytes remain. */
	readonly countBudgetBytes: number;
	/**
	Most bytes one read of a text file scans (skipping to an offset, reading a line, finding a tail): the
	scan budget, so a file of any size or shape answers in bounded time (scan-budget.ts).
	*/
	readonly maxScanBytes: number;
	/** Pseudo-files that report size 0 (/proc, /sys) are read up to this many bytes. */
	readonly pseudoFileBytes: number;
	/** Images are scaled so that their longest side is at most this many pixels. */
	readonly maxImageDimension: number;
	/** Images still larger than this many bytes after scaling are re-encoded (providers refuse ~5 MB). */
	readonly maxImageBytes: number;
	/** Images and documents are read whole; larger ones are refused with advice. */
	readonly maxDocumentBytes: number;
	/**
	PDFs and Word files are parsed in a worker thread, stopped after this many milliseconds: a damaged or
	hostile file can keep a parser busy for minutes.
	*/
	readonly maxDocumentMs: number;
	/** The parsing worker's heap (V8 old generation), in MB: a worker over it is stopped, not lector. */
	readonly maxDocumentMemoryMb: number;
};

export const defaultLimits: ReadLimits = {
	maxLines: 2000,
	maxBytes: 50 * 1024,
	maxLineChars: 2000,
	countBudgetBytes: 32 * 1024 * 1024,
	maxScanBytes: 1024 * 1024 * 1024,
	pseudoFileBytes: 1024 * 1024,
	maxImageDimension: 2000,
	maxImageBytes: 5 * 1024 * 1024,
	maxDocumentBytes: 256 * 1024 * 1024,
	maxDocumentMs: 30_000,
	maxDocumentMemoryMb: 1024,
};

export type TextBlock = {readonly type: 'text'; readonly text: string};
export type ImageBlock = {readonly type: 'image'; readonly data: string; readonly mimeType: string};
export type ContentBlock = TextBlock | ImageBlock;

export type ReadKind = 'text' | 'image' | 'document' | 'unchanged' | 'error';

/** What an image read sent. Sizes in pixels and bytes. */
export type ImageInfo = {
	/** png, jpeg, gif, webp, bmp: detected from the bytes. */
	readonly format: string;
	/** Media type of the block sent to the model. */
	readonly mimeType: string;
	readonly width: number;
	readonly height: number;
	readonly sentWidth: number;
	readonly sentHeight: number;
	readonly sentBytes: number;
	/** Frames of an animated GIF or WebP; only the first is sent. */
	readonly frames?: number;
	/** Set when it was re-encoded as JPEG at this quality (1-100) to fit `maxImageBytes`. */
	readonly quality?: number;
	/** Set when the bytes could not be decoded: why. Nothing was sent, and the sent sizes are 0. */
	readonly undecodable?: string;
};

/** Pages or cells shown out of a document's total. */
export type PartsShown = {
	/** The 1-based numbers of the parts shown, in order. */
	readonly shown: readonly number[];
	readonly total: number;
	/** The next part to ask for when the caps stopped the output. */
	readonly next: number | undefined;
};

/** One entry of a file's outline: a function, class, method, heading... with its line range. */
export type OutlineEntry = {
	readonly kind: string;
	readonly name: string;
	readonly startLine: number;
	readonly endLine: number;
	/** Nesting depth: 0 at top level (a method inside a class is 1; a ## heading is 1). */
	readonly depth: number;
};

/** Documents lector extracts text from. */
export type DocumentFormat = 'pdf' | 'docx' | 'ipynb';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
Why the model got less than it asked for. `lines` and `bytes` are the two output caps (`both` when
the same line met both); `line-length` means only that some lines were clipped.
*/
export type TruncationReason = 'lines' | 'bytes' | 'both' | 'line-length';

export type ErrorCode =
	| 'bad-params'
	| 'empty-path'
	| 'not-found'
	| 'is-directory'
	| 'special-file'
	| 'binary'
	| 'ignored'
	| 'outside-workspace'
	| 'permission-denied'
	| 'too-long-line'
	| 'document-error'
	| 'aborted'
	| 'io-error';

/** The one structured record of a read: every notice and every panel is built from it. */
export type ReadDetails = {
	/** The tag of every tool's details (see transcript/details.ts): this record came from lector's read engine. */
	readonly tool: 'read';
	readonly kind: ReadKind;
	/** Absolute path after resolution ('' when the path could not be resolved). */
	readonly path: string;
	/** Relative to the workspace when inside it, else absolute. */
	readonly displayPath: string;
	/** highlight.js language name guessed from the file name, if any. */
	readonly language: string | undefined;
	readonly selection: Selection | undefined;
	readonly encoding: TextEncoding | undefined;
	/** Undecodable bytes were replaced with U+FFFD. */
	readonly invalidUtf8: boolean;
	/**
	Real number of the first line shown, or of the oversized first line that could not be shown; undefined
	when no line was shown or numbering is unknown.
	*/
	readonly firstLine: number | undefined;
	readonly linesShown: number;
	/**
	The shown lines' text, without numbers or line ends, clipped lines already clipped (marker excluded).
	Panels render these; nothing is ever parsed back out of the model's text.
	*/
	readonly lines: readonly string[];
	/** Lines in the whole file, when known. */
	readonly totalLines: number | undefined;
	readonly totalLinesKnown: boolean;
	/** Lines left between the last line shown and the end of the file, counted from the end (tail form). */
	readonly linesAfter: number | undefined;
	readonly fileBytes: number;
	/** Bytes of line output sent to the model, notices excluded. */
	readonly outputBytes: number;
	readonly truncation: TruncationReason | undefined;
	/** Line numbers (or, when numbering is unknown, 1-based positions in the output) that were clipped. */
	readonly clippedLines: readonly number[];
	/** Where to continue: `offset=N`, when the output stopped before the end of the selection. */
	readonly nextOffset: number | undefined;
	/** When numbering is unknown, continue with `tail=N` instead. */
	readonly nextTail: number | undefined;
	/** Set when the first selected line alone is over the byte cap: its size in bytes. */
	readonly oversizedLineBytes: number | undefined;
	/** Set when the offset was past the end of the file. */
	readonly offsetPastEnd: boolean;
	readonly errorCode: ErrorCode | undefined;
	readonly errorMessage: string | undefined;
	readonly mtimeMs: number | undefined;
	readonly size: number | undefined;
	/** Set for image reads. */
	readonly image?: ImageInfo;
	/** Set for documents (kind `document`). */
	readonly document?: DocumentFormat;
	/** PDF pages shown. */
	readonly pages?: PartsShown;
	/** Notebook cells shown. */
	readonly cells?: PartsShown;
	/** The file's outline, when it was sent (a truncated code or Markdown file, or an outline read). */
	readonly outline?: readonly OutlineEntry[];
	/** Entries in the outline asked for: more than `outline.length` when the byte budget left some out. */
	readonly outlineTotal?: number;
	/** For an unchanged re-read: when the earlier read that sent the text ran (milliseconds since the epoch). */
	readonly unchangedSince?: number;
	/** Set when scanning stopped before the end of the file: at binary content (a NUL run) or the scan budget. */
	readonly scanStop?: ScanStop;
};

export type ReadResult = {
	readonly content: readonly ContentBlock[];
	readonly details: ReadDetails;
	readonly isError: boolean;
};
