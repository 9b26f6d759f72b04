import fs from 'node:fs/promises';
import {sniff, sniffBytes} from '../read/sniff.js';
import type {TextEncoding} from '../read/types.js';

/** Files larger than this are skipped by grep (and counted), so one log file cannot stall a search. */
export const grepMaxFileBytes = 4 * 1024 * 1024;
/** Matching lines longer than this many characters are clipped in the output. */
export const grepMaxLineChars = 300;

/** One matching line. */
export type GrepMatch = {
	/** Relative to the workspace when inside it, else absolute. */
	readonly path: string;
	/** 1-based line number. */
	readonly line: number;
	/** The line's text, clipped to `grepMaxLineChars` characters. */
	readonly text: string;
};

/**
A text file's bytes as read, undecoded: the matcher thread decodes them (`encoding`, after `bomBytes`),
so they move to it without a copy and the main thread does not spend time decoding.
*/
export type EncodedText = {
	readonly bytes: Uint8Array;
	readonly encoding: TextEncoding;
	readonly bomBytes: number;
};

/** A file read for searching: its bytes, or why it is not searched. */
export type LoadedFile =
	| ({readonly kind: 'text'} & EncodedText)
	| {readonly kind: 'binary' | 'too-large' | 'unreadable'};

/**
Reads one file for grep: binary files (by the read engine's sniffer) and files over `grepMaxFileBytes`
are not searched. The encoding is the read engine's (a BOM dropped, UTF-16 transcoded).
*/
export async function loadFile(absolute: string): Promise<LoadedFile> {
	let bytes: Buffer;
	try {
		const stats = await fs.stat(absolute);
		if (!stats.isFile()) {
			return {kind: 'unreadable'};
		}

		if (stats.size > grepMaxFileBytes) {
			return {kind: 'too-large'};
		}

		bytes = await fs.readFile(absolute);
	} catch {
		return {kind: 'unreadable'};
	}

	const sniffed = sniff(bytes.subarray(0, sniffBytes), absolute);
	if (sniffed.type === 'binary') {
		return {kind: 'binary'};
	}

	return {kind: 'text', bytes, encoding: sniffed.encoding, bomBytes: sniffed.bomBytes};
}
