/**
The spellings a `.lectorignore` rule is matched in. The engine opens a file under another spelling than
the one asked for when that one is missing (resolve-path.ts: NFC or NFD, U+202F or a plain space before
AM/PM, a curly or straight apostrophe), and a file on disk may be named in any of them. So a rule written
`réserve.txt` (NFC) must also stop `réserve.txt` in NFD, and `Screenshot 10.04 AM.png` the name macOS
writes with U+202F: paths are tested as they are, in NFC and in NFD, and in a folded form against rules
folded the same way.
*/

/** NO-BREAK SPACE and NARROW NO-BREAK SPACE: shown as a space, typed as one. */
const spaceLike = /[\u00A0\u202F]/g;
/** LEFT and RIGHT SINGLE QUOTATION MARK, which editors and macOS put where an apostrophe was typed. */
const apostropheLike = /[\u2018\u2019]/g;

/** One spelling for all the ways a name may be written: NFC, no-break spaces as spaces, curly apostrophes straight. */
export function foldSpelling(text: string): string {
	return text.normalize('NFC').replace(spaceLike, ' ').replace(apostropheLike, "'");
}

/** `relative` as written, in NFC and in NFD: each is tested against the rules as they were written. */
export function normalForms(relative: string): string[] {
	return [...new Set([relative, relative.normalize('NFC'), relative.normalize('NFD')])];
}
