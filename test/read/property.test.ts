/*
The streaming engine against the whole-file reference (./reference.ts) on random files in a real temp
dir. Small random caps make every cap fire often; countBudgetBytes 0 forces the unknown-total and
backward-tail paths, a huge one the counted paths.
*/
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {read} from '../../source/read/index.js';
import {defaultLimits, type ReadDetails, type ReadLimits, type ReadResult} from '../../source/read/types.js';
import {type ReferenceRequest, type ReferenceResult, referenceRead} from './reference.js';

const {LECTOR_PROPERTY_RUNS} = process.env;
const numRuns = Number(LECTOR_PROPERTY_RUNS ?? 2000);

// ---- Random files --------------------------------------------------------------------------------

/** A chunk of a file: text, or raw bytes (invalid UTF-8 on purpose). */
type Chunk = string | readonly number[];
type FileEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be';
type RandomFile = {readonly encoding: FileEncoding; readonly chunks: readonly Chunk[]};

const asciiPiece = fc.string({
	unit: fc.constantFrom(...'abcxyzXYZ019_ (){};=."\'/\t'),
	minLength: 1,
	maxLength: 12,
});
const multibytePiece = fc.constantFrom(
	'水',
	'漢字',
	'é',
	'ñ',
	'ü',
	'e\u0301',
	'ß',
	'Ω',
	'😀',
	'👍🏽',
	'👨‍👩‍👧',
	'🎉',
);
// Characters some line splitters treat as line ends but the contract does not, and a BOM inside the text.
const trickyPiece = fc.constantFrom('\u2028', '\u0085', '\uFEFF', '\u00A0');
// Lone continuation bytes, truncated sequences, overlong and surrogate encodings. No 0xFE, so that random
// bytes at the start never form a UTF-16 BOM.
const invalidPiece = fc.constantFrom<readonly number[]>(
	[0x80],
	[0xbf],
	[0xc3],
	[0xe4, 0xb8],
	[0xf0, 0x9f, 0x98],
	[0xff],
	[0xc0, 0xaf],
	[0xed, 0xa0, 0x80],
	[0xf8],
);

const piece = (withInvalid: boolean): fc.Arbitrary<Chunk> =>
	fc.oneof(
		{arbitrary: asciiPiece, weight: 6},
		{arbitrary: multibytePiece, weight: 3},
		{arbitrary: trickyPiece, weight: 1},
		...(withInvalid ? [{arbitrary: invalidPiece, weight: 1}] : []),
	);

// Mostly short lines; some long enough (hundreds of code points) to be clipped at any maxLineChars.
const lineText = (withInvalid: boolean): fc.Arbitrary<Chunk[]> =>
	fc.oneof(
		{arbitrary: fc.array(piece(withInvalid), {maxLength: 5}), weight: 5},
		{arbitrary: fc.array(piece(withInvalid), {maxLength: 60}), weight: 1},
	);

const lineEnd = fc.constantFrom('\n', '\n', '\r\n', '\r');

const encodingArb = fc.oneof(
	{arbitrary: fc.constant<FileEncoding>('utf-8'), weight: 6},
	{arbitrary: fc.constant<FileEncoding>('utf-8-bom'), weight: 2},
	{arbitrary: fc.constantFrom<FileEncoding>('utf-16le', 'utf-16be'), weight: 1},
);

const fileArb: fc.Arbitrary<RandomFile> = fc
	.record({encoding: encodingArb, withInvalid: fc.boolean(), finalLineEnd: fc.boolean()})
	.chain(({encoding, withInvalid, finalLineEnd}) =>
		fc
			.array(fc.tuple(lineText(withInvalid && encoding.startsWith('utf-8')), lineEnd), {
				maxLength: 70,
				size: 'medium',
			})
			.map((lines) => ({
				encoding,
				chunks: lines.flatMap(([text, end], index) =>
					index === lines.length - 1 && !finalLineEnd ? text : [...text, end],
				),
			})),
	);

function fileBytes(file: RandomFile): Buffer {
	if (file.encoding === 'utf-16le' || file.encoding === 'utf-16be') {
		const text = file.chunks.filter((chunk) => typeof chunk === 'string').join('');
		const bytes = Buffer.from(`\uFEFF${text}`, 'utf16le');
		return file.encoding === 'utf-16be' ? bytes.swap16() : bytes;
	}

	const parts = file.chunks.map((chunk) =>
		typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk),
	);
	return Buffer.concat([
		file.encoding === 'utf-8-bom' ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0),
		...parts,
	]);
}

// ---- Random requests and caps --------------------------------------------------------------------

/** Offsets and tails are drawn as seeds and scaled to the file's real line count in the test body. */
type RandomRequest =
	| {readonly form: 'range'; readonly offsetSeed: number | undefined; readonly limit: number | undefined}
	| {readonly form: 'tail'; readonly tailSeed: number};

const requestArb = fc.record({
	request: fc.oneof(
		fc.record({
			form: fc.constant('range' as const),
			offsetSeed: fc.option(fc.nat(), {nil: undefined}),
			limit: fc.option(fc.integer({min: 1, max: 60}), {nil: undefined}),
		}),
		fc.record({form: fc.constant('tail' as const), tailSeed: fc.nat()}),
	),
	lineNumbers: fc.boolean(),
});

const limitsArb: fc.Arbitrary<ReadLimits> = fc
	.record({
		maxLines: fc.oneof(fc.integer({min: 1, max: 5}), fc.integer({min: 1, max: 50})),
		maxBytes: fc.oneof(
			{arbitrary: fc.integer({min: 1, max: 80}), weight: 1},
			{arbitrary: fc.integer({min: 1, max: 2000}), weight: 3},
		),
		maxLineChars: fc.integer({min: 1, max: 100}),
		countBudgetBytes: fc.oneof(fc.constant(0), fc.integer({min: 1, max: 3000}), fc.constant(2 ** 30)),
	})
	.map((caps) => ({...defaultLimits, ...caps}));

/** Offsets up to one past the last line (so past-the-end happens), tails up to three more than there are. */
function concreteRequest(random: RandomRequest, lineNumbers: boolean, totalLines: number): ReferenceRequest {
	if (random.form === 'tail') {
		return {tail: 1 + (random.tailSeed % (totalLines + 3)), lineNumbers};
	}

	const offset = random.offsetSeed === undefined ? undefined : 1 + (random.offsetSeed % (totalLines + 1));
	return {offset, limit: random.limit, lineNumbers};
}

// ---- Checks --------------------------------------------------------------------------------------

function firstText(result: ReadResult): string {
	const block = result.content[0];
	return block?.type === 'text' ? block.text : '';
}

function comparable(details: ReadDetails | ReferenceResult) {
	return {
		encoding: details.encoding,
		firstLine: details.firstLine,
		linesShown: details.linesShown,
		lines: details.lines,
		truncation: details.truncation,
		clippedLines: details.clippedLines,
		nextOffset: details.nextOffset,
		outputBytes: details.outputBytes,
		oversizedLineBytes: details.oversizedLineBytes,
		offsetPastEnd: details.offsetPastEnd,
	};
}

/** Lines with known numbers: every field must match the reference. */
function checkNumbered(
	result: ReadResult,
	reference: ReferenceResult,
	limits: ReadLimits,
	size: number,
	context: string,
) {
	const {details} = result;
	expect(comparable(details), context).toEqual(comparable(reference));

	if (details.totalLinesKnown) {
		expect(details.totalLines, context).toBe(reference.totalLines);
	} else {
		const lastShown = (details.firstLine ?? 0) + details.linesShown - 1;
		expect(reference.totalLines, context).toBeGreaterThanOrEqual(lastShown);
		// The whole file was within the counting budget, or the output ran to the end of the file.
		expect(size > limits.countBudgetBytes, `${context}\ntotal must be known`).toBe(true);
		expect(reference.nextOffset, `${context}\ntotal must be known at the end of the file`).not.toBe(
			undefined,
		);
	}

	if (reference.body !== '') {
		expect(firstText(result).startsWith(reference.body), `${context}\n${firstText(result)}`).toBe(true);
	}
}

/**
A tail read of a file too big to count: its line numbers are unknown, so it is compared with the same
selection (offset=max(1, total-N+1), limit=N) read without numbers. Clipped lines are then 1-based
positions in the output, and the continuation is tail=N over the lines after the last one consumed.
*/
function checkUnnumberedTail(result: ReadResult, unnumbered: ReferenceResult, context: string) {
	const {details} = result;
	const shownFrom = unnumbered.firstLine ?? 0;
	expect({...comparable(details), nextTail: details.nextTail, firstLine: undefined}, context).toEqual({
		...comparable(unnumbered),
		firstLine: undefined,
		clippedLines: unnumbered.clippedLines.map((lineNumber) => lineNumber - shownFrom + 1),
		nextOffset: undefined,
		nextTail:
			unnumbered.nextOffset === undefined ? undefined : unnumbered.totalLines - unnumbered.nextOffset + 1,
	});

	if (details.totalLinesKnown) {
		expect(details.totalLines, context).toBe(unnumbered.totalLines);
	}

	if (unnumbered.body !== '') {
		expect(firstText(result).startsWith(unnumbered.body), `${context}\n${firstText(result)}`).toBe(true);
	}
}

/** The flag must be set when a shown line holds a replacement character (the generator writes none as text). */
function checkInvalidUtf8(details: ReadDetails, reference: ReferenceResult, context: string) {
	if (details.lines.some((line) => line.includes('\uFFFD'))) {
		expect(details.invalidUtf8, context).toBe(true);
	}

	if (!reference.invalidUtf8) {
		expect(details.invalidUtf8, context).toBe(false);
	}
}

function checkEither(first: () => void, second: () => void) {
	try {
		first();
	} catch {
		second();
	}
}

// ---- The property --------------------------------------------------------------------------------

let directory = '';
let fileCount = 0;

beforeAll(() => {
	directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lector-property-'));
});

afterAll(() => {
	fs.rmSync(directory, {recursive: true, force: true});
});

test(
	'the streaming engine agrees with the whole-file reference',
	async () => {
		await fc.assert(
			fc.asyncProperty(fileArb, requestArb, limitsArb, async (file, {request, lineNumbers}, limits) => {
				const bytes = fileBytes(file);
				// A new name each run: a cache keyed by path and mtime can never answer for an older file.
				const filePath = path.join(directory, `case-${fileCount++}.txt`);
				fs.writeFileSync(filePath, bytes);
				try {
					const total = referenceRead(bytes, {lineNumbers}, limits).totalLines;
					const concrete = concreteRequest(request, lineNumbers, total);
					const reference = referenceRead(bytes, concrete, limits);
					const params = {
						path: filePath,
						line_numbers: lineNumbers,
						...(concrete.offset === undefined ? {} : {offset: concrete.offset}),
						...(concrete.limit === undefined ? {} : {limit: concrete.limit}),
						...(concrete.tail === undefined ? {} : {tail: concrete.tail}),
					};
					const context = JSON.stringify({
						params,
						limits,
						text: reference.allLines,
						bytes: bytes.toString('hex'),
					});

					const result = await read(params, {cwd: directory, limits});
					expect(result.isError, `${context}\n${firstText(result)}`).toBe(false);
					expect(result.details.kind, context).toBe('text');
					checkInvalidUtf8(result.details, reference, context);

					const unnumbered = () => referenceRead(bytes, {...concrete, lineNumbers: false}, limits);
					const mayReadBackwards = concrete.tail !== undefined && bytes.length > limits.countBudgetBytes;
					if (!mayReadBackwards || result.details.firstLine !== undefined) {
						checkNumbered(result, reference, limits, bytes.length, context);
					} else if (result.details.linesShown > 0) {
						checkUnnumberedTail(result, unnumbered(), context);
					} else {
						// Nothing shown (an oversized line): numbered or not cannot be told apart, either is right.
						// When both fail, the error shown is the unnumbered comparison's.
						checkEither(
							() => checkNumbered(result, reference, limits, bytes.length, context),
							() => checkUnnumberedTail(result, unnumbered(), context),
						);
					}
				} finally {
					fs.rmSync(filePath, {force: true});
				}
			}),
			{numRuns},
		);
	},
	Math.max(20_000, numRuns * 25),
);
