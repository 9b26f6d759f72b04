/**
Checks a Word file's ZIP before mammoth unpacks it. The worker's heap limit does not cover ArrayBuffers,
and JSZip (mammoth's unzipper) unpacks each part into ArrayBuffers first: a zip bomb could take the memory
of the whole process, past any heap limit, and crash lector. So the sizes the central directory declares
are checked first (zip-directory.ts reads it the way JSZip does), then each deflated part is unpacked
here, into nothing, to make sure it is not larger than it declares: JSZip trusts those sizes only after
unpacking a part whole.

The limits follow from the worker's heap (`limits.maxDocumentMemoryMb`, 1024 MB by default): mammoth
turns each XML part into a string and then a tree several times its size, so a part over a quarter of
the heap (256 MB) cannot be converted anyway, and half the heap (512 MB) bounds all the parts together.
Real Word files are far below: their parts are kilobytes to a few MB, and pictures are stored whole.
*/
import {createInflateRaw} from 'node:zlib';
import type {ReadLimits} from '../types.js';
import {readZipDirectory, ZipDamage, type ZipEntry} from './zip-directory.js';

/** The limits a Word file's ZIP is held to. */
export type ZipLimits = {
	/** Most bytes one part may unpack to. */
	readonly maxEntryBytes: number;
	/** Most bytes all parts together may unpack to. */
	readonly maxTotalBytes: number;
	/** Most parts: a Word file has tens, a few thousand with many pictures. */
	readonly maxEntries: number;
	/**
	Highest unpacked-to-packed ratio of a part that unpacks to more than `ratioFloorBytes`. Deflate
	cannot pass about 1032:1, and real XML parts compress 5:1 to 50:1; only a run of one repeated byte
	pattern, as in a zip bomb, comes near 1000:1.
	*/
	readonly maxRatio: number;
	readonly ratioFloorBytes: number;
};

export function zipLimitsOf(limits: ReadLimits): ZipLimits {
	const heapBytes = limits.maxDocumentMemoryMb * 1024 * 1024;
	return {
		maxEntryBytes: heapBytes / 4,
		maxTotalBytes: heapBytes / 2,
		maxEntries: 10_000,
		maxRatio: 1000,
		ratioFloorBytes: 1024 * 1024,
	};
}

/** Why a ZIP is refused. Sizes are bytes; `entry` names the part. */
export type ZipProblem =
	| {readonly kind: 'damaged'; readonly reason: string}
	| {readonly kind: 'too-many-entries'; readonly count: number; readonly limit: number}
	| {readonly kind: 'entry-too-large'; readonly entry: string; readonly size: number; readonly limit: number}
	| {readonly kind: 'total-too-large'; readonly size: number; readonly limit: number}
	| {
			readonly kind: 'ratio';
			readonly entry: string;
			readonly size: number;
			readonly compressedSize: number;
			readonly limit: number;
	  }
	| {readonly kind: 'larger-than-declared'; readonly entry: string; readonly size: number};

/** The first declared size that breaks a limit, without unpacking anything. */
function declaredProblem(entries: readonly ZipEntry[], limits: ZipLimits): ZipProblem | undefined {
	if (entries.length > limits.maxEntries) {
		return {kind: 'too-many-entries', count: entries.length, limit: limits.maxEntries};
	}

	let total = 0;
	for (const entry of entries) {
		const size = entry.uncompressedSize;
		if (size > limits.maxEntryBytes) {
			return {kind: 'entry-too-large', entry: entry.name, size, limit: limits.maxEntryBytes};
		}

		total += size;
		if (total > limits.maxTotalBytes) {
			return {kind: 'total-too-large', size: total, limit: limits.maxTotalBytes};
		}

		if (
			entry.method === 8 &&
			size > limits.ratioFloorBytes &&
			size > limits.maxRatio * entry.compressedSize
		) {
			const {compressedSize} = entry;
			return {kind: 'ratio', entry: entry.name, size, compressedSize, limit: limits.maxRatio};
		}
	}

	return undefined;
}

/**
How many bytes `data` inflates to, counting until it passes `cap` (then any number over it). The output
is dropped as it comes, so memory stays at one chunk. A broken stream counts what came before the
break: JSZip's inflater stops at the same place, and mammoth reports the damage.
*/
export async function inflatedSize(data: Uint8Array, cap: number, signal?: AbortSignal): Promise<number> {
	signal?.throwIfAborted();
	const inflater = createInflateRaw();
	let size = 0;
	return new Promise((resolve, reject) => {
		const onAbort = () => {
			finish();
			reject(signal?.reason);
		};

		const finish = () => {
			signal?.removeEventListener('abort', onAbort);
			inflater.removeAllListeners('data');
			inflater.destroy();
		};

		const done = () => {
			finish();
			resolve(size);
		};

		signal?.addEventListener('abort', onAbort, {once: true});
		inflater.on('data', (chunk: Buffer) => {
			size += chunk.length;
			if (size > cap) {
				done();
			}
		});
		inflater.on('end', done);
		inflater.on('error', done);
		inflater.end(data);
	});
}

/**
Whether the Word file in `bytes` may be handed to mammoth: undefined, or the problem. Rejects with the
signal's reason when aborted while unpacking.
*/
export async function checkWordZip(
	bytes: Uint8Array,
	limits: ZipLimits,
	signal?: AbortSignal,
): Promise<ZipProblem | undefined> {
	let entries: ZipEntry[];
	try {
		entries = readZipDirectory(bytes, limits.maxEntries);
	} catch (error) {
		if (error instanceof ZipDamage) {
			return {kind: 'damaged', reason: error.message};
		}

		throw error;
	}

	const declared = declaredProblem(entries, limits);
	if (declared !== undefined) {
		return declared;
	}

	// Stored parts are copied as they are: never more than their bytes in the file.
	for (const entry of entries) {
		if (entry.method !== 8) {
			continue;
		}

		const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
		const size = await inflatedSize(data, entry.uncompressedSize, signal);
		if (size > entry.uncompressedSize) {
			return {kind: 'larger-than-declared', entry: entry.name, size: entry.uncompressedSize};
		}
	}

	return undefined;
}
