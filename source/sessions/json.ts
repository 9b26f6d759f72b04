/**
Small guards for reading unknown JSON without casts. Every adapter reads logs written by other
programs, so every field is checked before use and a wrong type reads as absent.
*/

import {isRecord, type JsonRecord} from '../read/is-record.js';

export {isRecord, type JsonRecord};

/** A string field, or undefined when absent or not a string. */
export function str(record: JsonRecord | undefined, key: string): string | undefined {
	const value = record?.[key];
	return typeof value === 'string' ? value : undefined;
}

/** A finite number field, or undefined. */
export function num(record: JsonRecord | undefined, key: string): number | undefined {
	const value = record?.[key];
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A boolean field, or undefined. */
export function bool(record: JsonRecord | undefined, key: string): boolean | undefined {
	const value = record?.[key];
	return typeof value === 'boolean' ? value : undefined;
}

/** An object field, or undefined. */
export function rec(record: JsonRecord | undefined, key: string): JsonRecord | undefined {
	const value = record?.[key];
	return isRecord(value) ? value : undefined;
}

/** An array field, or an empty array. */
export function arr(record: JsonRecord | undefined, key: string): readonly unknown[] {
	const value = record?.[key];
	return Array.isArray(value) ? value : [];
}

/** Parse JSON without throwing; undefined when the text is not JSON. */
export function parseJson(text: string): {ok: true; value: unknown} | {ok: false; error: string} {
	try {
		const value: unknown = JSON.parse(text);
		return {ok: true, value};
	} catch (error) {
		return {ok: false, error: error instanceof Error ? error.message : String(error)};
	}
}

/** The record's own fields as a plain record, for tool arguments. */
export function asArgs(value: unknown): Readonly<Record<string, unknown>> {
	return isRecord(value) ? value : {};
}
