import type {NumberRange, RawReadParams, ReadRequest, Selection} from './types.js';

export type ParsedParams = {ok: true; request: ReadRequest} | {ok: false; message: string};

/**
A whole number written as plain decimal digits, with an optional sign and spaces around ("120", "-3"),
else undefined. "1e3", "0x10", "1.5", "8k" and "1_000" are refused: `Number()` would take the first
two, and a count that reads as something else is more likely a mistake than a wish. The one rule for
every number lector reads from text: tool arguments, direct commands, variables and (for the CLI's
flags) `lector read`.
*/
export function wholeNumberOf(text: string): number | undefined {
	const trimmed = text.trim();
	if (!/^[+-]?\d+$/.test(trimmed)) {
		return undefined;
	}

	const number = Number(trimmed);
	return Number.isSafeInteger(number) ? number : undefined;
}

/**
An optional whole number, or an Error whose message tells the model what to send. Numbers arrive as
numbers, numeric strings, empty strings or null from different models; blank and null mean absent.
A string must be plain digits (`wholeNumberOf`); a JSON number must be an integer.
Also used by the other tools' argument checks (tools/args.ts), so every tool reads them alike.
*/
export function optionalNumber(raw: RawReadParams, name: string): number | undefined | Error {
	const value = raw[name];
	if (value === undefined || value === null) {
		return undefined;
	}

	if (typeof value === 'string' && value.trim() === '') {
		return undefined;
	}

	const number =
		typeof value === 'number'
			? value
			: typeof value === 'string'
				? (wholeNumberOf(value) ?? Number.NaN)
				: Number.NaN;
	if (!Number.isSafeInteger(number)) {
		return new Error(`${name} must be a whole number in digits (e.g. 120), got ${JSON.stringify(value)}.`);
	}

	return number;
}

/** An optional boolean; "true" and "false" as strings are accepted, as some models quote them. */
export function optionalBoolean(raw: RawReadParams, name: string): boolean | undefined | Error {
	const value = raw[name];
	if (value === undefined || value === null || value === '') {
		return undefined;
	}

	if (typeof value === 'boolean') {
		return value;
	}

	if (value === 'true' || value === 'false') {
		return value === 'true';
	}

	return new Error(`${name} must be true or false, got ${JSON.stringify(value)}.`);
}

/** The names a call may give the path under: lector's own, then other agents' models' spellings. */
const pathNames = ['path', 'file_path', 'filePath'] as const;

/**
The path a call names, for showing it (panels, replay): the first non-empty string under one of the
engine's spellings, or `file` (how replay names a subagent's log); undefined when there is none.
*/
export function pathArgument(args: Readonly<Record<string, unknown>>): string | undefined {
	for (const key of [...pathNames, 'file']) {
		const value = args[key];
		if (typeof value === 'string' && value !== '') {
			return value;
		}
	}

	return undefined;
}

function pathParam(raw: RawReadParams): string | Error {
	const names = pathNames;
	const given = names
		.map((name) => ({name, value: raw[name]}))
		.filter(({value}) => value !== undefined && value !== null);
	for (const {name, value} of given) {
		if (typeof value !== 'string') {
			return new Error(`${name} must be a string, got ${JSON.stringify(value)}.`);
		}
	}

	const distinct = new Set(given.map(({value}) => value));
	if (distinct.size > 1) {
		return new Error(
			`Give the file once: ${given.map(({name}) => name).join(' and ')} name different files.`,
		);
	}

	const first = given[0]?.value;
	return typeof first === 'string' ? first : '';
}

type Numbers = {
	offset: number | undefined;
	limit: number | undefined;
	startLine: number | undefined;
	endLine: number | undefined;
	head: number | undefined;
	tail: number | undefined;
};

function selectionFrom(numbers: Numbers): Selection | Error {
	const {offset, limit, startLine, endLine, head, tail} = numbers;
	const usesRange = offset !== undefined || limit !== undefined;
	const usesLines = startLine !== undefined || endLine !== undefined;
	if (tail !== undefined) {
		if (usesRange || usesLines || head !== undefined) {
			return new Error(
				'tail reads the last N lines on its own: use either tail=N, or offset/limit for a range, not both.',
			);
		}

		if (tail < 1) {
			return new Error(`tail must be at least 1, got ${tail}.`);
		}

		return {mode: 'tail', count: tail};
	}

	if (usesRange && usesLines) {
		return new Error('Use one way to give the range: offset/limit, or start_line/end_line, not both.');
	}

	if (head !== undefined && (limit !== undefined || endLine !== undefined) && head !== (limit ?? endLine)) {
		return new Error('head and limit both set the number of lines: give only limit.');
	}

	if (usesLines) {
		const first = startLine ?? 1;
		if (first < 1) {
			return new Error(`start_line is 1-based and must be at least 1, got ${first}.`);
		}

		if (endLine !== undefined && endLine < first) {
			return new Error(`end_line (${endLine}) is before start_line (${first}).`);
		}

		return {mode: 'range', offset: first, limit: endLine === undefined ? head : endLine - first + 1};
	}

	// Offset 0 is what zero-based models send for "the start".
	const first = offset === 0 ? 1 : (offset ?? 1);
	if (first < 1) {
		return new Error(
			`offset is the 1-based first line and must be at least 1, got ${first}. For the last lines of a file use tail=N.`,
		);
	}

	const count = limit ?? head;
	if (count !== undefined && count < 1) {
		return new Error(`limit must be at least 1, got ${count}.`);
	}

	return {mode: 'range', offset: first, limit: count};
}

/**
Parses "3", "1-5", "2,4-6" or "7-" into ranges. Empty, null and absent mean the default (undefined).
Numbers are accepted too ("pages": 3).
*/
export function parseRanges(raw: RawReadParams, name: string): readonly NumberRange[] | undefined | Error {
	const value = raw[name];
	if (value === undefined || value === null) {
		return undefined;
	}

	const text =
		typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
	if (text === undefined) {
		return new Error(`${name} must be a string such as "3", "1-5" or "2,4-6", got ${JSON.stringify(value)}.`);
	}

	if (text === '') {
		return undefined;
	}

	const ranges: NumberRange[] = [];
	for (const part of text.split(',')) {
		const match = /^\s*(\d+)\s*(?:(-)\s*(\d*)\s*)?$/.exec(part);
		const first = Number(match?.[1]);
		const last = match?.[2] === undefined ? first : match[3] ? Number(match[3]) : undefined;
		if (!match || first < 1 || (last !== undefined && last < first)) {
			return new Error(
				`${name} must list numbers from 1 and ranges such as "3", "1-5", "2,4-6" or "7-", got ${JSON.stringify(text)}.`,
			);
		}

		ranges.push({first, last});
	}

	return ranges;
}

/**
Checks a read call's parameters and normalises the spellings models trained on other agents send
(`file_path`, `start_line`/`end_line`, `head`, `tail`, numbers as strings, empty values).
*/
export function parseParams(raw: RawReadParams): ParsedParams {
	const path = pathParam(raw);
	if (path instanceof Error) {
		return {ok: false, message: path.message};
	}

	const numbers: Record<keyof Numbers, number | undefined> = {
		offset: undefined,
		limit: undefined,
		startLine: undefined,
		endLine: undefined,
		head: undefined,
		tail: undefined,
	};
	const names: Array<[keyof Numbers, string]> = [
		['offset', 'offset'],
		['limit', 'limit'],
		['startLine', 'start_line'],
		['endLine', 'end_line'],
		['head', 'head'],
		['tail', 'tail'],
	];
	for (const [key, name] of names) {
		const value = optionalNumber(raw, name);
		if (value instanceof Error) {
			return {ok: false, message: value.message};
		}

		numbers[key] = value;
	}

	const selection = selectionFrom(numbers);
	if (selection instanceof Error) {
		return {ok: false, message: selection.message};
	}

	const numbered = optionalBoolean(raw, 'line_numbers') ?? optionalBoolean(raw, 'show_line_numbers');
	if (numbered instanceof Error) {
		return {ok: false, message: numbered.message};
	}

	const pages = parseRanges(raw, 'pages');
	const cells = parseRanges(raw, 'cells');
	const outline = optionalBoolean(raw, 'outline');
	for (const parsed of [pages, cells, outline]) {
		if (parsed instanceof Error) {
			return {ok: false, message: parsed.message};
		}
	}

	return {
		ok: true,
		request: {
			path,
			selection,
			lineNumbers: numbered ?? true,
			pages: pages instanceof Error ? undefined : pages,
			cells: cells instanceof Error ? undefined : cells,
			outline: outline === true,
		},
	};
}
