import type {FileHandle} from 'node:fs/promises';
import type {ReadDetails, ReadLimits, ReadRequest, ReadResult} from '../types.js';

/** What a format reader gets: the opened file and everything already known about it. */
export type FormatInput = {
	readonly file: FileHandle;
	/** The file's first bytes (up to 8 KB), already read. */
	readonly sample: Uint8Array;
	readonly request: ReadRequest;
	readonly limits: ReadLimits;
	/** path, displayPath, language, selection, mtimeMs, size, fileBytes already filled in. */
	readonly base: ReadDetails;
	readonly signal: AbortSignal | undefined;
};

/**
A reader for a file format that is not plain text (images, PDF, Word, notebooks). The first reader
whose `matches` accepts the file's first bytes and name reads it; a file no reader claims goes on to
the text and binary checks.
*/
export type FormatReader = {
	/** Also the file's form for the parameters it takes (ignored-params.ts). */
	readonly name: 'image' | 'pdf' | 'docx' | 'ipynb';
	/** What to do instead when the file is over `limits.maxDocumentBytes` (readers hold a file whole). */
	readonly tooLargeAdvice: string;
	/** Decides from the first bytes (magic numbers) and, where bytes cannot tell, the file name. */
	matches(sample: Uint8Array, filePath: string): boolean;
	read(input: FormatInput): Promise<ReadResult>;
};
