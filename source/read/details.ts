import path from 'node:path';
import type {ErrorCode, ReadDetails, ReadResult} from './types.js';

/** Relative to the workspace when inside it, else absolute. */
export function displayPathOf(absolute: string, cwd: string): string {
	if (!absolute) {
		return '';
	}

	const relative = path.relative(cwd, absolute);
	return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : absolute;
}

const empty: ReadDetails = {
	tool: 'read',
	kind: 'text',
	path: '',
	displayPath: '',
	language: undefined,
	selection: undefined,
	encoding: undefined,
	invalidUtf8: false,
	firstLine: undefined,
	linesShown: 0,
	lines: [],
	totalLines: undefined,
	totalLinesKnown: false,
	linesAfter: undefined,
	fileBytes: 0,
	outputBytes: 0,
	truncation: undefined,
	clippedLines: [],
	nextOffset: undefined,
	nextTail: undefined,
	oversizedLineBytes: undefined,
	offsetPastEnd: false,
	errorCode: undefined,
	errorMessage: undefined,
	mtimeMs: undefined,
	size: undefined,
};

/** Details with every field present, so JSON output and panels see one stable shape. */
export function makeDetails(fields: Partial<ReadDetails>): ReadDetails {
	return {...empty, ...fields};
}

/** A failed read: the message goes to the model as is, and to the panel through `details`. */
export function errorResult(code: ErrorCode, message: string, fields: Partial<ReadDetails> = {}): ReadResult {
	return {
		content: [{type: 'text', text: message}],
		details: makeDetails({...fields, kind: 'error', errorCode: code, errorMessage: message}),
		isError: true,
	};
}
