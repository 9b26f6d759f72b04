import {constants, type Stats} from 'node:fs';
import {type FileHandle, open, stat} from 'node:fs/promises';
import {checkAccess} from './access.js';
import type {ReadCache} from './cache.js';
import {displayPathOf, errorResult, makeDetails} from './details.js';
import {findFormatReader} from './formats/index.js';
import {withIgnoredParams} from './ignored-params.js';
import {guessLanguage} from './language.js';
import {formatBytes, unchangedNotice} from './notices.js';
import {checkOpened} from './opened-check.js';
import {parseParams} from './params.js';
import {resolvePath} from './resolve-path.js';
import {sniff, sniffBytes} from './sniff.js';
import {describeDirectory, describeSpecialFile} from './special-files.js';
import {suggestNearMisses} from './suggest.js';
import {readTextFile} from './text-read.js';
import {defaultLimits, type RawReadParams, type ReadLimits, type ReadResult} from './types.js';

export type ReadOptions = {
	/** The workspace: relative paths start here, and `.lectorignore` is read here. Default: process.cwd(). */
	readonly cwd?: string;
	readonly signal?: AbortSignal;
	/** A session's memory of earlier reads, for "unchanged" answers. */
	readonly cache?: ReadCache;
	readonly limits?: Partial<ReadLimits>;
	/** Refuse paths outside the workspace (symlinks resolved first). */
	readonly confine?: boolean;
	/** Home folder for `~` (tests). */
	readonly home?: string;
};

function errorCodeOf(error: unknown): string | undefined {
	return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

async function notFoundMessage(
	absolute: string,
	shownPath: string,
	cwd: string,
	confine: boolean,
): Promise<string> {
	const {suggestions, missingDirectory} = await suggestNearMisses(absolute, 3, {cwd, confine});
	let message = `File does not exist: ${shownPath}. The working folder is ${cwd}.`;
	if (suggestions.length > 0) {
		message += ` Did you mean ${suggestions.map((suggestion) => displayPathOf(suggestion, cwd)).join(' or ')}?`;
	} else if (missingDirectory) {
		message += ` The folder ${displayPathOf(missingDirectory, cwd)} does not exist either.`;
	}

	return message;
}

function permissionMessage(shownPath: string): string {
	return `Permission denied: ${shownPath} cannot be read by this process. Ask the user to grant read access, or work from other files.`;
}

/** "an ELF executable", "a PNG image": letters read by name (ELF, SQLite) take "an" when the name starts with a vowel sound. */
function withArticle(noun: string): string {
	const vowelSound = /^[aeiou]/i.test(noun) || /^[FHLMNRSX][A-Z]/.test(noun);
	return `${vowelSound ? 'an' : 'a'} ${noun}`;
}

/**
`rand.bin is binary (2.0 KB), not text.` or `a.zip is a ZIP archive (113 bytes), not text.`, then the
advice: the kind is named once, and only when the bytes or the name tell more than "binary".
*/
function binaryMessage(shownPath: string, kind: string | undefined, size: number, advice: string): string {
	// /proc and /sys files report size 0: no size rather than a wrong one.
	const bytes = size > 0 ? ` (${formatBytes(size)})` : '';
	const what = kind === undefined ? 'binary' : withArticle(kind);
	return `${shownPath} is ${what}${bytes}, not text. ${advice}`;
}

/** Reads a file's first bytes, at most `end`, without moving any cursor. */
async function readSample(file: FileHandle, end: number): Promise<Uint8Array> {
	const sample = Buffer.alloc(Math.min(sniffBytes, end));
	const {bytesRead} = await file.read(sample, 0, sample.length, 0);
	return sample.subarray(0, bytesRead);
}

/**
Runs one read call: checks the parameters and the path, then streams the selected lines under the caps.
Never throws: every failure becomes a result with `isError` and a message a model can act on.
*/
export async function read(params: RawReadParams, options: ReadOptions = {}): Promise<ReadResult> {
	const cwd = options.cwd ?? process.cwd();
	const limits: ReadLimits = {...defaultLimits, ...options.limits};
	const {signal} = options;
	const parsed = parseParams(params);
	if (!parsed.ok) {
		return errorResult('bad-params', `Invalid read parameters: ${parsed.message}`);
	}

	const {request} = parsed;
	if (request.path.trim() === '') {
		return errorResult(
			'empty-path',
			'The path is empty. Give the file to read as path, relative to the working folder or absolute, e.g. path="src/index.ts".',
		);
	}

	const absolute = await resolvePath(request.path, cwd, options.home);
	const shownPath = displayPathOf(absolute, cwd);
	const base = makeDetails({
		path: absolute,
		displayPath: shownPath,
		language: guessLanguage(absolute),
		selection: request.selection,
	});
	const fail = (code: Parameters<typeof errorResult>[0], message: string, stats?: Stats) =>
		errorResult(code, message, {
			...base,
			mtimeMs: stats?.mtimeMs,
			size: stats?.size,
			fileBytes: stats?.size ?? 0,
		});

	try {
		signal?.throwIfAborted();
		const denial = await checkAccess(absolute, {cwd, confine: options.confine ?? false});
		if (denial) {
			return fail(denial.code, denial.message);
		}

		let stats: Stats;
		try {
			// stat, never open, first: opening a FIFO blocks until a writer appears.
			stats = await stat(absolute);
		} catch (error) {
			const code = errorCodeOf(error);
			if (code === 'ENOENT' || code === 'ENOTDIR') {
				return fail('not-found', await notFoundMessage(absolute, shownPath, cwd, options.confine ?? false));
			}

			if (code === 'EACCES' || code === 'EPERM') {
				return fail('permission-denied', permissionMessage(shownPath));
			}

			throw error;
		}

		if (stats.isDirectory()) {
			return fail(
				'is-directory',
				await describeDirectory(absolute, shownPath, cwd, options.confine ?? false),
				stats,
			);
		}

		if (!stats.isFile()) {
			return fail('special-file', describeSpecialFile(stats, shownPath), stats);
		}

		const earlier = options.cache?.lookup(absolute, request, stats);
		if (earlier) {
			const details = makeDetails({
				...earlier.details,
				kind: 'unchanged',
				lines: [],
				unchangedSince: earlier.readAtMs,
			});
			return {content: [{type: 'text', text: unchangedNotice(details)}], details, isError: false};
		}

		let file: FileHandle;
		try {
			// O_NONBLOCK: should the path have turned into a FIFO since stat, open must still not wait.
			file = await open(absolute, constants.O_RDONLY | constants.O_NONBLOCK);
		} catch (error) {
			const code = errorCodeOf(error);
			if (code === 'EACCES' || code === 'EPERM') {
				return fail('permission-denied', permissionMessage(shownPath), stats);
			}

			if (code === 'ENOENT') {
				return fail(
					'not-found',
					`${shownPath} disappeared before it could be read. Check that it still exists.`,
				);
			}

			throw error;
		}

		try {
			// The checks above looked at a path; a link flipped since could have opened another file.
			const wrong = await checkOpened(file, absolute, {cwd, confine: options.confine ?? false, shownPath});
			if (wrong) {
				return fail(wrong.code, wrong.message);
			}

			const opened = await file.stat();
			if (!opened.isFile()) {
				return fail('special-file', describeSpecialFile(opened, shownPath), opened);
			}

			// Files such as those in /proc and /sys report size 0 but have content: read them with a bound.
			const end = opened.size > 0 ? opened.size : limits.pseudoFileBytes;
			const sample = await readSample(file, end);
			const known = {...base, mtimeMs: opened.mtimeMs, size: opened.size, fileBytes: opened.size};
			const formatReader = findFormatReader(sample, absolute);
			if (formatReader && opened.size > limits.maxDocumentBytes) {
				const message = `${shownPath} is a ${formatBytes(opened.size)} ${formatReader.name} file; lector reads such files whole and stops at ${formatBytes(limits.maxDocumentBytes)}. ${formatReader.tooLargeAdvice}`;
				return fail('document-error', message, opened);
			}

			if (formatReader) {
				const result = await formatReader.read({file, sample, request, limits, base: known, signal});
				return withIgnoredParams(result, request, formatReader.name);
			}

			const sniffed = sniff(sample, absolute);
			if (sniffed.type === 'binary') {
				return fail('binary', binaryMessage(shownPath, sniffed.kind, opened.size, sniffed.advice), opened);
			}

			const result = await readTextFile(
				{
					file,
					encoding: sniffed.encoding,
					textStart: Math.min(sniffed.bomBytes, sample.length),
					end: Math.max(end, sample.length),
					base: known,
				},
				request,
				limits,
				signal,
			);
			if (result.details.linesShown > 0) {
				options.cache?.remember(absolute, request, result.details);
			}

			return withIgnoredParams(result, request, 'text');
		} finally {
			await file.close();
		}
	} catch (error) {
		if (signal?.aborted) {
			return fail('aborted', `The read of ${shownPath} was aborted.`);
		}

		const code = errorCodeOf(error);
		const reason = error instanceof Error ? error.message : String(error);
		return fail('io-error', `Could not read ${shownPath}: ${code ?? reason}. ${code ? reason : ''}`.trim());
	}
}
