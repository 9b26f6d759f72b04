/** The one guard for unknown JSON-like values, shared by the engine, its workers' messages, logs and config. */

/** A plain JSON object. */
export type JsonRecord = Readonly<Record<string, unknown>>;

/** True for a plain object (not null, not an array). */
export function isRecord(value: unknown): value is JsonRecord {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
