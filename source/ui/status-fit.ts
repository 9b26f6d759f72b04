/**
Fitting a status line into the terminal's width, shared by the read and replay views and the shell.
What is given up when space is short, in order:
1. the keys that are not essential, from the last;
2. the notes compacted (counts become their total);
3. the first of two optional parts of the lead (the shell's model, not its state);
4. the kept keys (the shell's expand key: a model's name must not hide how to open a panel);
   then the other optional parts of the lead (the shell's state);
5. the notes' parts, dropped whole from the last (`12…` from `12 skipped` would say nothing);
6. the rest of the lead, from the last (the shell's focus, then the `N/M` position);
7. a message (the shell's `Press ctrl+c again to quit.`): cut at a word, or dropped;
8. only then are the essential keys (help and quit; in the shell, tab and the quit keys) cut, with
   `…`: they explain everything else, and the last thing given up is how to leave.
*/
import {cutToWidth, displayWidth, padToWidth, takeWidth} from '../text/width.js';

/** One key of the status line, `ctrl+o expand`; essential ones survive any width. */
export type StatusKey = {
	readonly text: string;
	readonly essential: boolean;
	/** Not essential, but outlasting the lead's optional parts (the shell's model and state): the expand key. */
	readonly kept?: boolean;
};

/**
A part of the lead (` 3/12 · model · ready · prompt`): it gives way after the notes, `optional` ones
first, then the others from the last.
*/
export type StatusLead = {readonly text: string; readonly optional?: boolean};

/** What a status line says. */
export type StatusParts = {
	readonly lead: readonly StatusLead[];
	/** Search results, a replay's counts, `mouse on (m)`: they give way before the lead. */
	readonly notes: readonly string[];
	/** A one-off message standing in for the key list: it outlasts the notes and the lead. */
	readonly message?: string;
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

/** The status line before fitting: the lead, the notes, the message, the keys, two spaces apart. */
function join(
	lead: readonly StatusLead[],
	notes: readonly string[],
	message: string,
	keys: readonly StatusKey[],
): string {
	const text = [
		lead.map((part) => part.text).join(separator),
		notes.join(separator),
		message,
		keys.map((key) => key.text).join(separator),
	]
		.filter((part) => part !== '')
		.join('  ');
	return ` ${text}`;
}

/** Notes without their last part (`match 3 of 17 · 9 issues` loses `9 issues`); a note left empty goes. */
function withoutLastPart(notes: readonly string[]): string[] {
	const last = notes.at(-1)?.split(separator).slice(0, -1) ?? [];
	return [...notes.slice(0, -1), ...(last.length === 0 ? [] : [last.join(separator)])];
}

/** The status line's text, exactly `width` columns; see the top of the file for what gives way. */
export function fitStatus(parts: StatusParts, width: number): string {
	let {keys, lead} = parts;
	let notes = parts.notes.filter((note) => note !== '');
	let message = parts.message ?? '';
	let compacted = false;
	let messageCut = false;
	const without = <T>(list: readonly T[], index: number) => list.filter((_, at) => at !== index);
	// Each step gives up one thing and says whether it did; the first that can, does.
	const giveWay: Array<() => boolean> = [
		() => {
			const index = keys.findLastIndex((key) => !key.essential && key.kept !== true);
			keys = index < 0 ? keys : without(keys, index);
			return index >= 0;
		},
		() => {
			const before = notes.join(separator);
			notes = compacted ? notes : compactNotes(notes);
			compacted = true;
			return notes.join(separator) !== before;
		},
		() => {
			// The first of two optional parts (the shell's model) goes before the kept keys; the state stays.
			const optional = lead.filter((part) => part.optional === true);
			const index = optional.length >= 2 ? lead.indexOf(optional[0] as StatusLead) : -1;
			lead = index < 0 ? lead : without(lead, index);
			return index >= 0;
		},
		() => {
			const index = keys.findLastIndex((key) => !key.essential);
			keys = index < 0 ? keys : without(keys, index);
			return index >= 0;
		},
		() => {
			const index = lead.findLastIndex((part) => part.optional === true);
			lead = index < 0 ? lead : without(lead, index);
			return index >= 0;
		},
		() => {
			const before = notes.length;
			notes = withoutLastPart(notes);
			return before > 0;
		},
		() => {
			const before = lead.length;
			lead = lead.slice(0, -1);
			return before > 0;
		},
		() => {
			if (messageCut || message === '') {
				return false;
			}

			messageCut = true;
			// The room beside the essential keys, two spaces between them.
			message = cutAtWord(message, width - displayWidth(join(lead, notes, '', keys)) - 2);
			return true;
		},
	];
	let text = join(lead, notes, message, keys);
	while (displayWidth(text) > width && giveWay.some((step) => step())) {
		text = join(lead, notes, message, keys);
	}

	// Only the essential keys are left: they are cut, with `…`.
	return padToWidth(cutToWidth(text, width), width);
}
