/**
Tool results kept on disk instead of in memory, so a transcript's memory follows what is on screen,
not the length of the session. A 10,000-call log holds hundreds of megabytes of file text the person
sees only when they scroll to a panel or expand it.

`keep(result)` writes a large result's long strings (and arrays of lines, joined) to a temporary file
as raw text, and returns a result of the same shape whose `content` and `details` read them back on
first use; what is small stays in memory as it was. The last few results read back are cached, so a
frame that draws a panel several times reads it once. Raw strings, not JSON: writing the text as it
is costs a third of `JSON.stringify` plus its write, which matters while a large log loads. And not
UTF-8 either: an ASCII string is written byte for byte (as Latin-1, the same bytes), any other as
UTF-16, the way V8 holds it. Both are copies, three to five times faster than encoding UTF-8 both
ways, and UTF-16 holds any string exactly, lone surrogates included.

The file is made in the user's cache folder, else the system's temporary folder (one on a disk
first), and removed as soon as it is open (POSIX keeps it until its descriptor closes), so nothing
is left behind however lector exits. A vault that cannot write (no temporary folder, a full disk)
keeps results in memory from then on: less memory saved, nothing lost.
*/
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import process from 'node:process';
import {rememberBounded} from '../cache/bounded-map.js';
import type {ToolResult, TranscriptEvent} from './types.js';

/** statfs(2)'s magic number of tmpfs (linux/magic.h). */
const tmpfsMagic = 0x01_02_19_94;

function isOnDisk(directory: string): boolean {
	try {
		return fs.statfsSync(directory).type !== tmpfsMagic;
	} catch {
		return false;
	}
}

/**
Where a vault's file may go: the user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`) and the
system's temporary folder, those on a disk first. Many systems mount /tmp as tmpfs, in memory: a
vault there would only move the results from lector's memory to the kernel's.
*/
export function vaultDirectories(env: NodeJS.ProcessEnv = process.env): string[] {
	const cache = env['XDG_CACHE_HOME'] || path.join(os.homedir(), '.cache');
	const candidates = [...new Set([cache, os.tmpdir()])];
	return [
		...candidates.filter((folder) => isOnDisk(folder)),
		...candidates.filter((folder) => !isOnDisk(folder)),
	];
}

/** Strings shorter than this stay in memory: writing them costs more than they weigh. */
export const minSpilledChars = 512;

/** Results whose spilled text is shorter than this stay in memory whole. */
export const minResultChars = 2048;

/** Nesting below this depth stays in memory as it is (a logged value can nest without end). */
const maxDepth = 24;

/** Results read back and kept, newest last. */
const cacheEntries = 16;

/** How a string's characters are written: one byte each (ASCII only) or two. */
type Encoding = 'latin1' | 'utf16le';

const nonAscii = /[^\u0000-\u007f]/;

/** Characters looked at first: a line-numbered read of non-ASCII text shows some in its first lines. */
const prefixChars = 256;

function encodingOf(text: string): Encoding {
	// Counting a long string's UTF-8 bytes is fast when V8 holds it one byte per character and slow
	// when it holds it in two: a non-ASCII prefix answers without counting.
	if (nonAscii.test(text.slice(0, prefixChars))) {
		return 'utf16le';
	}

	return Buffer.byteLength(text, 'utf8') === text.length ? 'latin1' : 'utf16le';
}

/** A string written to the file: `text` until it is written, then its place, `at`, `bytes` long. */
class SpilledString {
	text: string | undefined;
	at = 0;
	bytes = 0;
	encoding: Encoding = 'latin1';
	constructor(text: string) {
		this.text = text;
	}
}

/** An array of strings without line breaks, written joined by `\n`. */
class SpilledLines extends SpilledString {}

/** The skeleton of a value: the value with its long strings replaced by where they were written. */
type Skeleton = unknown;

function isLineArray(value: readonly unknown[]): boolean {
	let chars = 0;
	for (const element of value) {
		if (typeof element !== 'string' || element.includes('\n')) {
			return false;
		}

		chars += element.length + 1;
	}

	return chars >= minSpilledChars;
}

/** Shortest string V8 may hold as a slice of another (a SlicedString): a shorter one is a copy. */
const minSliceChars = 13;

/**
A short string as a copy that holds only its own characters. One cut from a long text (a notice
taken from a read's lines) may be a slice that keeps the whole text alive: left in memory beside
a result whose text went to disk, it would keep that text in memory too (200 MB for a pi session of
10,000 reads).
*/
function detached(text: string): string {
	// The concatenation is flattened into a new string by the slice, which then points into that copy.
	return text.length < minSliceChars ? text : ` ${text}`.slice(1);
}

/** Whether a skeleton must hold `encoded` in place of `original`: a string is always replaced by its copy. */
function replaces(original: unknown, encoded: unknown): boolean {
	return encoded !== original || (typeof original === 'string' && original.length >= minSliceChars);
}

/**
Builds one result's skeleton, collecting the strings to write in order. Parts of the value that hold
no string to write or to copy are shared with it.
*/
class Encoder {
	readonly pieces: SpilledString[] = [];
	chars = 0;

	encode(value: unknown, depth: number): Skeleton {
		if (typeof value === 'string') {
			return value.length >= minSpilledChars ? this.spill(new SpilledString(value)) : detached(value);
		}

		if (value === null || typeof value !== 'object' || depth >= maxDepth) {
			return value;
		}

		if (Array.isArray(value)) {
			if (isLineArray(value)) {
				return this.spill(new SpilledLines((value as readonly string[]).join('\n')));
			}

			let changed = false;
			const copy = value.map((element: unknown) => {
				const encoded = this.encode(element, depth + 1);
				changed ||= replaces(element, encoded);
				return encoded;
			});
			return changed ? copy : value;
		}

		let copy: Record<string, unknown> | undefined;
		for (const [key, field] of Object.entries(value)) {
			const encoded = this.encode(field, depth + 1);
			if (replaces(field, encoded)) {
				copy ??= {...value};
				copy[key] = encoded;
			}
		}

		return copy ?? value;
	}

	private spill(spilled: SpilledString): SpilledString {
		this.pieces.push(spilled);
		this.chars += spilled.text?.length ?? 0;
		return spilled;
	}
}

/** Rebuilds a value from its skeleton and the bytes of its pieces (`buffer` starts at `start`). */
function decode(skeleton: Skeleton, buffer: Buffer, start: number): unknown {
	if (skeleton instanceof SpilledString) {
		const at = skeleton.at - start;
		const text = buffer.toString(skeleton.encoding, at, at + skeleton.bytes);
		return skeleton instanceof SpilledLines ? text.split('\n') : text;
	}

	if (skeleton === null || typeof skeleton !== 'object') {
		return skeleton;
	}

	if (Array.isArray(skeleton)) {
		return skeleton.map((element: unknown) => decode(element, buffer, start));
	}

	const value: Record<string, unknown> = {};
	for (const [key, field] of Object.entries(skeleton)) {
		value[key] = decode(field, buffer, start);
	}

	return value;
}

/** What a panel drawn from a result that cannot be read back says, instead of ending the view. */
function unreadable(error: unknown): Pick<ToolResult, 'content'> {
	const reason = error instanceof Error ? error.message : String(error);
	return {
		content: [
			{type: 'text', text: `lector could not read this result back from its temporary file: ${reason}`},
		],
	};
}

/** Where one kept result's pieces are, and its skeleton. */
type Stored = {
	readonly start: number;
	readonly bytes: number;
	/** The content's pieces come first: its bytes are the first `contentBytes` of the result's. */
	readonly contentBytes: number;
	readonly skeleton: {readonly content: Skeleton; readonly details: Skeleton};
};

const keptResults = new WeakMap<ToolResult, {readonly vault: ResultVault; readonly stored: Stored}>();

/**
Whether a result lives in a vault. Its text is read back at each use: a cache that holds on to that
text (search's fields) would bring the whole session back into memory.
*/
export function isKeptResult(result: ToolResult | undefined): boolean {
	return result !== undefined && keptResults.has(result);
}

/**
A result's content blocks, read back without its details (half the bytes of a read's result, and no
lines to split): what a search looks in. Not cached.
*/
export function resultContent(result: ToolResult): ToolResult['content'] {
	const kept = keptResults.get(result);
	return kept === undefined ? result.content : kept.vault.content(kept.stored);
}

/** A temporary file of tool results, read back on demand. */
export class ResultVault {
	/** Results kept on disk so far, and the bytes written. */
	kept = 0;
	written = 0;
	private fd: number | undefined;
	/** False once a write failed: later results stay in memory, earlier ones are still read back. */
	private writable: boolean;
	private readonly cache = new Map<Stored, Pick<ToolResult, 'content' | 'details'>>();

	private constructor(fd: number | undefined) {
		this.fd = fd;
		this.writable = fd !== undefined;
	}

	/**
	A vault in the first of `directories` where a file can be made (by default vaultDirectories());
	one that keeps everything in memory when none can.
	*/
	static open(directories: string | readonly string[] = vaultDirectories()): ResultVault {
		for (const directory of typeof directories === 'string' ? [directories] : directories) {
			try {
				// One level, never a recursive mkdir: under /proc that never returns (log-folder.ts).
				const folder = fs.mkdtempSync(path.join(directory, 'lector-results-'));
				const file = path.join(folder, 'results');
				const fd = fs.openSync(file, 'w+', 0o600);
				// Gone from the folder at once: the open descriptor keeps the data until close or exit.
				fs.rmSync(folder, {recursive: true, force: true});
				return new ResultVault(fd);
			} catch {
				// The next folder, if any.
			}
		}

		return new ResultVault(undefined);
	}

	/** Whether results go to disk (false once writing failed, or when no file could be made). */
	get active(): boolean {
		return this.fd !== undefined && this.writable;
	}

	/** The result itself when small, else one of the same shape whose content is read back on use. */
	keep(result: ToolResult): ToolResult {
		if (this.fd === undefined || !this.writable || keptResults.has(result)) {
			return result;
		}

		const encoder = new Encoder();
		const content = encoder.encode(result.content, 0);
		const contentPieces = encoder.pieces.length;
		const skeleton = {content, details: encoder.encode(result.details, 0)};
		if (encoder.chars < minResultChars) {
			return result;
		}

		const start = this.written;
		try {
			let at = start;
			for (const piece of encoder.pieces) {
				const text = piece.text ?? '';
				piece.at = at;
				piece.encoding = encodingOf(text);
				piece.bytes = fs.writeSync(this.fd, text, at, piece.encoding);
				piece.text = undefined;
				at += piece.bytes;
			}

			this.written = at;
		} catch {
			// A full disk: this result and the next stay in memory; what was written stays readable.
			this.writable = false;
			return result;
		}

		// The details' first piece starts where the content's end.
		const contentBytes = (encoder.pieces[contentPieces]?.at ?? this.written) - start;
		this.kept++;
		return this.storedResult({start, bytes: this.written - start, contentBytes, skeleton}, result.isError);
	}

	/** Close the file (its space is freed); results kept before then can no longer be read. */
	close(): void {
		if (this.fd !== undefined) {
			fs.closeSync(this.fd);
			this.fd = undefined;
		}

		this.cache.clear();
	}

	private storedResult(stored: Stored, isError: boolean): ToolResult {
		const load = () => this.load(stored);
		// Enumerable getters on the object itself: a spread or JSON.stringify of the result reads it
		// back whole, as it would copy a result held in memory.
		const result = Object.defineProperties(
			{},
			{
				content: {get: () => load().content, enumerable: true},
				details: {get: () => load().details, enumerable: true},
				isError: {value: isError, enumerable: true},
			},
		) as ToolResult;
		keptResults.set(result, {vault: this, stored});
		return result;
	}

	private load(stored: Stored): Pick<ToolResult, 'content' | 'details'> {
		const loaded = this.cache.get(stored) ?? this.read(stored);
		rememberBounded(this.cache, stored, loaded, cacheEntries);
		return loaded;
	}

	/** A kept result's content alone: from the cache when it holds the result, else its bytes only. */
	content(stored: Stored): ToolResult['content'] {
		return this.cache.get(stored)?.content ?? this.read(stored, stored.contentBytes).content;
	}

	/** The result's first `bytes` read back: its content, and its details when they are all there. */
	private read(stored: Stored, bytes = stored.bytes): Pick<ToolResult, 'content' | 'details'> {
		const buffer = Buffer.allocUnsafe(bytes);
		try {
			this.fill(buffer, stored.start);
		} catch (error) {
			return unreadable(error);
		}

		const content = decode(stored.skeleton.content, buffer, stored.start) as ToolResult['content'];
		if (bytes < stored.bytes) {
			return {content};
		}

		const details = decode(stored.skeleton.details, buffer, stored.start) as ToolResult['details'];
		return details === undefined ? {content} : {content, details};
	}

	private fill(buffer: Buffer, start: number): void {
		if (this.fd === undefined) {
			throw new Error('the vault was closed');
		}

		let filled = 0;
		while (filled < buffer.length) {
			const read = fs.readSync(this.fd, buffer, filled, buffer.length - filled, start + filled);
			if (read === 0) {
				throw new Error('the file ends early');
			}

			filled += read;
		}
	}
}

/**
The events with each finished call's result kept in the vault. Done as events arrive, before they
wait for the next frame: the text read from the log then dies young, in the cheap generation of the
garbage collector, instead of outliving a few collections and lingering in the old one.
*/
export function keepResults(events: readonly TranscriptEvent[], vault: ResultVault): TranscriptEvent[] {
	return withResultsKept(events, (result) => vault.keep(result));
}

/** The events with each finished call's result replaced by what `keep` makes of it. */
export function withResultsKept(
	events: readonly TranscriptEvent[],
	keep: (result: ToolResult) => ToolResult,
): TranscriptEvent[] {
	return events.map((event) => (event.type === 'tool-end' ? {...event, result: keep(event.result)} : event));
}
