/**
ReadDetails from a session log. lector's own logs carry the engine's details as JSON, but a log is
untrusted input: a field may be null (JSON has no undefined; `lector read --json` writes null for
unset fields), missing, or of the wrong type. Each field is checked and a bad one reads as unset, so a
panel never sees a null where it expects a number, nor a string where it expects a list.
*/
import {makeDetails} from '../../read/details.js';
import type {
	DocumentFormat,
	ErrorCode,
	ImageInfo,
	OutlineEntry,
	PartsShown,
	ReadDetails,
	ReadKind,
	Selection,
	TextEncoding,
	TruncationReason,
} from '../../read/types.js';
import {arr, bool, isRecord, type JsonRecord, num, rec, str} from '../json.js';

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
	return allowed.find((candidate) => candidate === value);
}

const kinds: readonly ReadKind[] = ['text', 'image', 'document', 'unchanged', 'error'];
const encodings: readonly TextEncoding[] = ['utf-8', 'utf-16le', 'utf-16be'];
const truncations: readonly TruncationReason[] = ['lines', 'bytes', 'both', 'line-length'];
const documents: readonly DocumentFormat[] = ['pdf', 'docx', 'ipynb'];
const errorCodes: readonly ErrorCode[] = [
	'bad-params',
	'empty-path',
	'not-found',
	'is-directory',
	'special-file',
	'binary',
	'ignored',
	'outside-workspace',
	'permission-denied',
	'too-long-line',
	'document-error',
	'aborted',
	'io-error',
];

function numbers(record: JsonRecord, key: string): number[] {
	return arr(record, key).filter(
		(value): value is number => typeof value === 'number' && Number.isFinite(value),
	);
}

function selectionOf(value: JsonRecord | undefined): Selection | undefined {
	const offset = num(value, 'offset');
	const count = num(value, 'count');
	if (str(value, 'mode') === 'range' && offset !== undefined) {
		return {mode: 'range', offset, limit: num(value, 'limit')};
	}

	return str(value, 'mode') === 'tail' && count !== undefined ? {mode: 'tail', count} : undefined;
}

function imageOf(value: JsonRecord | undefined): ImageInfo | undefined {
	const format = str(value, 'format');
	const mimeType = str(value, 'mimeType');
	if (value === undefined || format === undefined || mimeType === undefined) {
		return undefined;
	}

	const frames = num(value, 'frames');
	const quality = num(value, 'quality');
	const undecodable = str(value, 'undecodable');
	return {
		format,
		mimeType,
		width: num(value, 'width') ?? 0,
		height: num(value, 'height') ?? 0,
		sentWidth: num(value, 'sentWidth') ?? 0,
		sentHeight: num(value, 'sentHeight') ?? 0,
		sentBytes: num(value, 'sentBytes') ?? 0,
		...(frames === undefined ? {} : {frames}),
		...(quality === undefined ? {} : {quality}),
		...(undecodable === undefined ? {} : {undecodable}),
	};
}

function partsOf(value: JsonRecord | undefined): PartsShown | undefined {
	const total = num(value, 'total');
	return value === undefined || total === undefined
		? undefined
		: {shown: numbers(value, 'shown'), total, next: num(value, 'next')};
}

function outlineOf(value: readonly unknown[]): OutlineEntry[] {
	return value.filter(isRecord).flatMap((entry) => {
		const kind = str(entry, 'kind');
		const name = str(entry, 'name');
		const startLine = num(entry, 'startLine');
		const endLine = num(entry, 'endLine');
		return kind === undefined || name === undefined || startLine === undefined || endLine === undefined
			? []
			: [{kind, name, startLine, endLine, depth: num(entry, 'depth') ?? 0}];
	});
}

/** The read details a log recorded, checked field by field; undefined when it is not read details at all. */
export function readDetailsFromJson(value: unknown): ReadDetails | undefined {
	if (!isRecord(value)) {
		return undefined;
	}

	const kind = oneOf(str(value, 'kind'), kinds);
	const displayPath = str(value, 'displayPath');
	if (kind === undefined || displayPath === undefined) {
		return undefined;
	}

	const lines = arr(value, 'lines').filter((line): line is string => typeof line === 'string');
	const image = imageOf(rec(value, 'image'));
	const document = oneOf(str(value, 'document'), documents);
	const pages = partsOf(rec(value, 'pages'));
	const cells = partsOf(rec(value, 'cells'));
	const outline = Array.isArray(value['outline']) ? outlineOf(arr(value, 'outline')) : undefined;
	const outlineTotal = num(value, 'outlineTotal');
	const unchangedSince = num(value, 'unchangedSince');
	const totalLines = num(value, 'totalLines');
	return makeDetails({
		kind,
		path: str(value, 'path') ?? '',
		displayPath,
		language: str(value, 'language'),
		selection: selectionOf(rec(value, 'selection')),
		encoding: oneOf(str(value, 'encoding'), encodings),
		invalidUtf8: bool(value, 'invalidUtf8') ?? false,
		firstLine: num(value, 'firstLine'),
		linesShown: num(value, 'linesShown') ?? lines.length,
		lines,
		totalLines,
		totalLinesKnown: (bool(value, 'totalLinesKnown') ?? false) && totalLines !== undefined,
		linesAfter: num(value, 'linesAfter'),
		fileBytes: num(value, 'fileBytes') ?? 0,
		outputBytes: num(value, 'outputBytes') ?? 0,
		truncation: oneOf(str(value, 'truncation'), truncations),
		clippedLines: numbers(value, 'clippedLines'),
		nextOffset: num(value, 'nextOffset'),
		nextTail: num(value, 'nextTail'),
		oversizedLineBytes: num(value, 'oversizedLineBytes'),
		offsetPastEnd: bool(value, 'offsetPastEnd') ?? false,
		errorCode: oneOf(str(value, 'errorCode'), errorCodes),
		errorMessage: str(value, 'errorMessage'),
		mtimeMs: num(value, 'mtimeMs'),
		size: num(value, 'size'),
		...(image === undefined ? {} : {image}),
		...(document === undefined ? {} : {document}),
		...(pages === undefined ? {} : {pages}),
		...(cells === undefined ? {} : {cells}),
		...(outline === undefined ? {} : {outline}),
		...(outlineTotal === undefined ? {} : {outlineTotal}),
		...(unchangedSince === undefined ? {} : {unchangedSince}),
	});
}
