/**
Terminal-safe text. File contents, tool output and session logs are untrusted: a control character
or escape sequence in them must never reach the terminal. Each one is replaced by a visible
placeholder of its own, so the person still sees that something was there.
*/

/** Columns between tab stops when a tab is expanded. */
export const defaultTabWidth = 4;

/** Shown for C1 controls (U+0080-U+009F) and bidirectional overrides, which have no picture of their own. */
export const unknownControlPlaceholder = '⍰';

const escapeCode = 0x1b;
const del = 0x7f;

/**
The visible placeholder for one code point, or undefined when it is safe to print as is.
C0 controls become their Control Pictures (U+2400 block: ESC is `␛`), DEL is `␡`, and C1 controls
and bidirectional embedding/override/isolate characters (which can reorder what is shown) become `⍰`.
*/
export function placeholderFor(codePoint: number): string | undefined {
	if (codePoint < 0x20) {
		return String.fromCodePoint(0x24_00 + codePoint);
	}

	if (codePoint === del) {
		return '␡';
	}

	if (codePoint >= 0x80 && codePoint <= 0x9f) {
		return unknownControlPlaceholder;
	}

	if ((codePoint >= 0x20_2a && codePoint <= 0x20_2e) || (codePoint >= 0x20_66 && codePoint <= 0x20_69)) {
		return unknownControlPlaceholder;
	}

	if (codePoint === 0x20_28 || codePoint === 0x20_29) {
		// LINE SEPARATOR and PARAGRAPH SEPARATOR move the cursor on some terminals.
		return '↵';
	}

	return undefined;
}

/**
Characters that draw nothing, which a file can use to show the person an empty or harmless line while
the model reads hidden text ("ASCII smuggling"): zero-width spaces and joiners (U+200B-U+200F),
invisible operators (U+2060-U+2064), U+FEFF inside text, tag characters (U+E0000-U+E007F), and the
bidirectional controls placeholderFor() already replaces. A zero-width joiner between two pictographs
is part of an emoji (👩‍💻) and stays.
*/
const hiddenCharacters =
	/(?<!\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}\uFE0F]?)\u200D|\u200D(?!\p{Extended_Pictographic})|[\u200B\u200C\u200E\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}]/gu;

/** Hidden characters (see above) in `lines`, each counted once: what a panel's header reports. */
export function countHiddenCharacters(lines: readonly string[]): number {
	let hidden = 0;
	for (const line of lines) {
		hidden += line.match(hiddenCharacters)?.length ?? 0;
	}

	return hidden;
}

/** Replaces hidden characters (see above) with the visible placeholder. */
function showHidden(line: string): string {
	return line.replace(hiddenCharacters, unknownControlPlaceholder);
}

// Everything placeholderFor() or showHidden() may replace, so clean lines skip the per-character loop.
const unsafe =
	/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]/u;

/**
Make one line safe to print: tabs expand to the next tab stop (counted in code points, which is
exact for the ASCII indentation tabs appear in), every other control character and every hidden
character becomes a visible placeholder. Line ends are not expected here; a stray `\n` or `\r` also becomes a placeholder.
*/
export function sanitizeLine(line: string, tabWidth = defaultTabWidth): string {
	if (!unsafe.test(line)) {
		return line;
	}

	let out = '';
	let column = 0;
	for (const char of showHidden(line)) {
		const codePoint = char.codePointAt(0) ?? 0;
		if (codePoint === 0x09) {
			const spaces = tabWidth - (column % tabWidth);
			out += ' '.repeat(spaces);
			column += spaces;
			continue;
		}

		out += placeholderFor(codePoint) ?? char;
		column++;
	}

	return out;
}

/** Split untrusted text into sanitised lines (`\r\n`, `\r` and `\n` all end a line). */
export function sanitizeLines(text: string, tabWidth = defaultTabWidth): string[] {
	const lines = text.split(/\r\n|\r|\n/);
	if (lines.length > 1 && lines.at(-1) === '') {
		lines.pop();
	}

	return lines.map((line) => sanitizeLine(line, tabWidth));
}

/** True when the text holds an ESC, the start of every escape sequence. */
export function hasEscape(text: string): boolean {
	return text.includes(String.fromCodePoint(escapeCode));
}

// The same set as `unsafe`, less tab and line feed: whole texts keep their layout.
const unsafeInText = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu;

/**
Make a whole text safe for a terminal while keeping it otherwise byte for byte: tabs and line feeds
stay, every other control character becomes its placeholder. For printing model text to a terminal.
*/
export function neutralizeControls(text: string): string {
	return text.replace(
		unsafeInText,
		(char) => placeholderFor(char.codePointAt(0) ?? 0) ?? unknownControlPlaceholder,
	);
}
