/**
Bracketed paste (xterm mode 2004): once the shell turns it on, the terminal wraps every paste in
`ESC[200~` … `ESC[201~`. This parser takes the pastes out of raw stdin chunks before Ink sees them
(Ink 6 does not know the mode: it would read a pasted ESC sequence or enter as keys). Each paste is
replaced in the bytes passed on by one bare `ESC[200~`, its place among the keys, and its text is
handed over apart, so a paste is one insertion whatever it holds and however the chunks split it.
No React, no Ink: pure, for tests.
*/

/** What the terminal sends before a paste; also the token left in its place. */
export const pasteStart = '\u001B[200~';
/** The token as Ink's useInput reports it: the sequence without its ESC, no key flag set. */
export const pasteToken = pasteStart.slice(1);
/** What the terminal sends after a paste. */
export const pasteEnd = '\u001B[201~';
/** Turn bracketed paste on (written when the view starts). */
export const bracketedPasteOn = '\u001B[?2004h';
/** Turn bracketed paste off (written on every way out). */
export const bracketedPasteOff = '\u001B[?2004l';

/** What one chunk gave: the bytes for Ink (each paste one `pasteStart` token) and the pastes, in order. */
export type PasteSplit = {
	readonly keys: string;
	readonly pastes: readonly string[];
};

export type PasteParser = {
	/** Take the pastes out of one stdin chunk; a marker cut by the chunk's end waits for the next. */
	push(chunk: string): PasteSplit;
	/**
	Keys held back because they might start a marker but are also keys on their own (a lone ESC: the
	escape key; `ESC[`: alt+[): no more bytes came, so they are keys after all. A longer start
	(`ESC[2`, `ESC[200`) is no key a terminal sends, so it waits for the rest however long it takes, and
	inside an unfinished paste nothing is given back (the paste waits for its end).
	*/
	flush(): string;
	/** True when `flush` would give something back. */
	holding(): boolean;
};

/**
Pasted text as the prompt takes it: line breaks (`\r\n`, `\r`) become `\n` and stay text, tabs stay,
every other control character (ESC of a pasted escape sequence, C1 controls, DEL) is removed.
*/
export function cleanPaste(text: string): string {
	return text
		.replaceAll('\r\n', '\n')
		.replaceAll('\r', '\n')
		.replaceAll(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '');
}

/** Length of the longest end of `text` that is the start of `marker` (and shorter than it). */
function partialMarker(text: string, marker: string): number {
	for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
		if (text.endsWith(marker.slice(0, length))) {
			return length;
		}
	}

	return 0;
}

/** ESC alone (the escape key) or `ESC[` (alt+[): a start of a marker that is also a whole key. */
function keyOnItsOwn(held: string): boolean {
	return held === '\u001B' || held === '\u001B[';
}

/** A parser with no paste open. */
export function createPasteParser(): PasteParser {
	// Bytes not decided yet: a possible marker's start, outside or inside a paste.
	let held = '';
	// The open paste's text so far, or undefined outside a paste.
	let body: string | undefined;
	return {
		push(chunk) {
			let rest = held + chunk;
			held = '';
			let keys = '';
			const pastes: string[] = [];
			while (rest !== '') {
				if (body === undefined) {
					const start = rest.indexOf(pasteStart);
					if (start === -1) {
						const cut = partialMarker(rest, pasteStart);
						keys += rest.slice(0, rest.length - cut);
						held = rest.slice(rest.length - cut);
						break;
					}

					keys += rest.slice(0, start);
					body = '';
					rest = rest.slice(start + pasteStart.length);
					continue;
				}

				const end = rest.indexOf(pasteEnd);
				if (end === -1) {
					const cut = partialMarker(rest, pasteEnd);
					body += rest.slice(0, rest.length - cut);
					held = rest.slice(rest.length - cut);
					break;
				}

				pastes.push(cleanPaste(body + rest.slice(0, end)));
				keys += pasteStart;
				body = undefined;
				rest = rest.slice(end + pasteEnd.length);
			}

			return {keys, pastes};
		},
		flush() {
			if (body !== undefined || !keyOnItsOwn(held)) {
				return '';
			}

			const keys = held;
			held = '';
			return keys;
		},
		holding() {
			return body === undefined && keyOnItsOwn(held);
		},
	};
}
