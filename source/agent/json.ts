/** Small guards for unknown JSON: config files, log lines and provider errors are checked, never cast. */

import type {JsonRecord} from '../read/is-record.js';

export {isRecord} from '../read/is-record.js';

/** The string at `key`, if it is one. */
export function stringField(record: JsonRecord, key: string): string | undefined {
	const value = record[key];
	return typeof value === 'string' ? value : undefined;
}

/** The number at `key`, if it is a finite one. */
export function numberField(record: JsonRecord, key: string): number | undefined {
	const value = record[key];
	return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
