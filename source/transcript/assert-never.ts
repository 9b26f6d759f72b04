/** The default branch of an exhaustive switch: a compile error when a case is missing. */
export function assertNever(value: never): never {
	throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
