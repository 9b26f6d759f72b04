/**
ToolDetails from lector's own session log. A log is untrusted input: each kind of details is checked
field by field, and a record that is none of lector's tools' details reads as absent (the panel is
then the generic one), never as something a panel would misread.
*/

import type {LeftOut} from '../../read/entry-gate.js';
import type {FindDetails} from '../../tools/find.js';
import type {GrepDetails} from '../../tools/grep.js';
import type {GrepMatch} from '../../tools/grep-file.js';
import type {LsDetails} from '../../tools/ls.js';
import type {ToolDetails} from '../../transcript/details.js';
import {arr, bool, isRecord, type JsonRecord, num, str} from '../json.js';
import {readDetailsFromJson} from './read-details-json.js';

function strings(record: JsonRecord, key: string): string[] {
	return arr(record, key).filter((value): value is string => typeof value === 'string');
}

/** A count as logged; logs from before a field existed, or with a broken one, read as 0. */
function countOf(record: JsonRecord, key: string): number {
	const value = num(record, key);
	return value !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** What a listing left out; logs from before it was recorded left nothing out that they said. */
function leftOutOf(value: JsonRecord): LeftOut {
	const leftOut = value['leftOut'];
	return isRecord(leftOut)
		? {ignored: countOf(leftOut, 'ignored'), outside: countOf(leftOut, 'outside')}
		: {ignored: 0, outside: 0};
}

function lsOf(value: JsonRecord): LsDetails {
	return {
		tool: 'ls',
		path: str(value, 'path') ?? '',
		entries: strings(value, 'entries'),
		total: num(value, 'total') ?? 0,
		truncated: bool(value, 'truncated') ?? false,
		leftOut: leftOutOf(value),
		errorMessage: str(value, 'errorMessage'),
	};
}

function findOf(value: JsonRecord): FindDetails {
	return {
		tool: 'find',
		pattern: str(value, 'pattern') ?? '',
		path: str(value, 'path') ?? '',
		matches: strings(value, 'matches'),
		truncated: bool(value, 'truncated') ?? false,
		incomplete: bool(value, 'incomplete') ?? false,
		includeIgnored: bool(value, 'includeIgnored') ?? false,
		gitignored: countOf(value, 'gitignored'),
		leftOut: leftOutOf(value),
		errorMessage: str(value, 'errorMessage'),
	};
}

function matchesOf(value: JsonRecord): GrepMatch[] {
	return arr(value, 'matches')
		.filter(isRecord)
		.flatMap((match) => {
			const path = str(match, 'path');
			const line = num(match, 'line');
			const text = str(match, 'text');
			return path === undefined || line === undefined || text === undefined ? [] : [{path, line, text}];
		});
}

function grepOf(value: JsonRecord): GrepDetails {
	return {
		tool: 'grep',
		pattern: str(value, 'pattern') ?? '',
		path: str(value, 'path') ?? '',
		glob: str(value, 'glob'),
		ignoreCase: bool(value, 'ignoreCase') ?? false,
		literal: bool(value, 'literal') ?? false,
		matches: matchesOf(value),
		filesSearched: num(value, 'filesSearched') ?? 0,
		filesMatched: num(value, 'filesMatched') ?? 0,
		hiddenMatches: num(value, 'hiddenMatches') ?? 0,
		truncated: bool(value, 'truncated') ?? false,
		skippedLarge: num(value, 'skippedLarge') ?? 0,
		incomplete: bool(value, 'incomplete') ?? false,
		includeIgnored: bool(value, 'includeIgnored') ?? false,
		gitignored: countOf(value, 'gitignored'),
		leftOut: leftOutOf(value),
		errorMessage: str(value, 'errorMessage'),
	};
}

/** The details a lector log recorded for a call, by their `tool` tag; undefined when unrecognised. */
export function toolDetailsFromJson(value: unknown): ToolDetails | undefined {
	if (!isRecord(value)) {
		return undefined;
	}

	switch (str(value, 'tool')) {
		case 'read': {
			return readDetailsFromJson(value);
		}

		case 'ls': {
			return lsOf(value);
		}

		case 'find': {
			return findOf(value);
		}

		case 'grep': {
			return grepOf(value);
		}

		default: {
			return undefined;
		}
	}
}
