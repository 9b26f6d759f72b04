/**
Fitting a status line into the terminal's width, shared by the read and replay views and the shell.
What is given up when space is short, in order: the keys that are not essential (from the last),
the parts of the lead that may go (the shell's model and state), then the notes: compacted, cut at a
word, dropped. The position, the essential keys (help and quit; in the shell, tab and the quit keys)
stay: they explain everything else, and the one thing never cut is how to leave.
*/
import {cutToWidth, displayWidth, padToWidth, takeWidth} from '../text/width.js';

/** One key of the status line, `ctrl+o expand`; essential ones survive any width. */
export type StatusKey = {readonly text: string; readonly essential: boolean};

/** A part of the lead (` 3/12 · model · ready · prompt`); `optional` ones give way before the notes. */
export type StatusLead = {readonly text: string; readonly optional?: boolean};

/** What a status line says. */
export type StatusParts = {
	readonly lead: readonly StatusLead[];
	/** Search results, a replay's counts, a message: they give way to the essential keys. */
	readonly notes: readonly string[];
	readonly keys: readonly StatusKey[];
};

const separator = ' · ';

/** A count at the start of a note part: `7 skipped`, `1,204 malformed`. */
const countPart = /^(\d[\d,]*) \D/;

/**
Notes made shorter without losing what they count: two or more counts (`1 malformed · 7 skipped`)
become their total (`8 issues`); other notes (`match 3 of 17`, `mouse on (m)`) stay.
*/
export function compactNotes(notes: readonly string[]): string[] {
	return notes.map((note) => {
		const parts = note.split(separator);
		const counts = parts.filter((part) => countPart.test(part));
		if (counts.length < 2) {
			return note;
		}

		const total = counts.reduce(
			(sum, part) => sum + Number((countPart.exec(part)?.[1] ?? '0').replaceAll(',', '')),
			0,
		);
		const rest = parts.filter((part) => !countPart.test(part));
		return [`${total.toLocaleString('en-US')} issues`, ...rest].join(separator);
	});
}

/**
Cut text at a word boundary to at most `width` columns, ending with `…` when anything was cut;
empty when not even the first word fits. A word longer than the whole room is cut inside it.
*/
export function cutAtWord(text: string, width: number): string {
	if (displayWidth(text) <= width) {
		return text;
	}

	if (width <= 1) {
		return '';
	}

	const taken = takeWidth(text, width - 1).text;
	const space = taken.search(/\s\S*$/);
	if (space > 0) {
		return `${taken.slice(0, space).replace(/[\s·,:;]+$/, '')}…`;
	}

	return text.includes(' ') ? '' : cutToWidth(text, width);
}

function join(lead: readonly StatusLead[], notes: string, keys: readonly StatusKey[]): string {
	const head = ` ${lead.map((part) => part.text).join(separator)}`;
	const keyText = keys.map((key) => key.text).join(separator);
	return [head, notes, keyText].filter((part) => part !== '').join('  ');
}

/** The status line's text, exactly `width` columns. */
export function fitStatus(parts: StatusParts, width: number): string {
	let keys = parts.keys;
	let lead = parts.lead;
	const notes = parts.notes.filter((note) => note !== '').join(separator);
	const fits = (text: string) => displayWidth(text) <= width;
	while (!fits(join(lead, notes, keys))) {
		const dropKey = keys.findLastIndex((key) => !key.essential);
		if (dropKey >= 0) {
			keys = keys.filter((_, index) => index !== dropKey);
			continue;
		}

		const dropLead = lead.findLastIndex((part) => part.optional === true);
		if (dropLead < 0) {
			break;
		}

		lead = lead.filter((_, index) => index !== dropLead);
	}

	let text = join(lead, notes, keys);
	if (!fits(text) && notes !== '') {
		const compact = compactNotes(parts.notes.filter((note) => note !== '')).join(separator);
		// The room the notes have beside the lead and the essential keys (two spaces on each side).
		const room = width - displayWidth(join(lead, '', keys)) - 2;
		text = join(lead, cutAtWord(compact, room), keys);
	}

	return padToWidth(cutToWidth(text, width), width);
}
