import {constants} from 'node:fs';
import {type FileHandle, open, stat} from 'node:fs/promises';
import {checkOpened} from '../read/opened-check.js';
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
are not searched. The encoding is the read engine's (a BOM dropped, UTF-16 transcoded). The file is
opened first and what was opened is checked against `.lectorignore` in `cwd` and, under `confine`, the
workspace (read/opened-check.ts), so a link flipped after the walk's check, or a hard link to an ignored
file, is skipped as unreadable.
*/
export async function loadFile(absolute: string, cwd: string, confine = false): Promise<LoadedFile> {
	let bytes: Buffer;
	let file: FileHandle | undefined;
	try {
		// Devices, FIFOs and sockets are never opened; one swapped in after this stat is caught by fstat.
		if (!(await stat(absolute)).isFile()) {
			return {kind: 'unreadable'};
		}

		// O_NONBLOCK: a FIFO swapped in after the stat must not block the open.
		file = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
		const denial = await checkOpened(file, absolute, {cwd, confine, shownPath: absolute});
		const stats = await file.stat();
		if (denial !== undefined || !stats.isFile()) {
			return {kind: 'unreadable'};
		}

		if (stats.size > grepMaxFileBytes) {
			return {kind: 'too-large'};
		}

		bytes = await file.readFile();
	} catch {
		return {kind: 'unreadable'};
	} finally {
		await file?.close();
	}

	const sniffed = sniff(bytes.subarray(0, sniffBytes), absolute);
	if (sniffed.type === 'binary') {
		return {kind: 'binary'};
	}

	return {kind: 'text', bytes, encoding: sniffed.encoding, bomBytes: sniffed.bomBytes};
}
