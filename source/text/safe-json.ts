/**
JSON for a terminal. JSON.stringify escapes C0 controls (ESC becomes \u001b) but writes DEL, the C1
controls (U+009B is an 8-bit CSI that some terminals obey), line and paragraph separators and bidi
overrides as they are. Escaping them too keeps the same JSON value and lets no byte act on the screen.
*/
const unsafeInJson = /[\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** JSON.stringify, with every character that could act on a terminal written as a \u escape. */
export function stringifyForTerminal(
	value: unknown,
	replacer?: (this: unknown, key: string, value: unknown) => unknown,
	space?: number,
): string {
	return JSON.stringify(value, replacer, space).replace(
		unsafeInJson,
		(char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`,
	);
}
