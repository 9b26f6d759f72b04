import fs from 'node:fs/promises';
import {sniff, sniffBytes} from '../read/sniff.js';

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

/** What searching one file found. */
export type FileSearch =
	| {readonly kind: 'searched'; readonly matches: readonly GrepMatch[]; readonly more: number}
	| {readonly kind: 'binary' | 'too-large' | 'unreadable'};

function clip(text: string): string {
	return text.length > grepMaxLineChars ? `${text.slice(0, grepMaxLineChars)}…` : text;
}

/**
Searches one file for `regex`, line by line, keeping at most `perFile` matches and counting the rest in
`more`. Binary files (by the read engine's sniffer) and files over `grepMaxFileBytes` are not searched.
*/
export async function searchFile(
	absolute: string,
	shown: string,
	regex: RegExp,
	perFile: number,
): Promise<FileSearch> {
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

	const text = new TextDecoder(sniffed.encoding).decode(bytes.subarray(sniffed.bomBytes));
	const matches: GrepMatch[] = [];
	let more = 0;
	const lines = text.split(/\r\n|\r|\n/);
	for (const [index, line] of lines.entries()) {
		if (!regex.test(line)) {
			continue;
		}

		if (matches.length < perFile) {
			matches.push({path: shown, line: index + 1, text: clip(line)});
		} else {
			more++;
		}
	}

	return {kind: 'searched', matches, more};
}
