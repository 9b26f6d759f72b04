import {count} from '../notices.js';
import {formatParts, type PartPick} from './parts.js';

/** The parts a document is read in, named as the parameter that selects them. */
export type PartNoun = {
	/** `page`, `cell`. */
	readonly singular: string;
	/** `pages`, `cells`: also the parameter's name. */
	readonly plural: string;
	/** `The PDF`, `The notebook`. */
	readonly owner: string;
};

function parts(noun: PartNoun, amount: number): string {
	return `${count(amount)} ${amount === 1 ? noun.singular : noun.plural}`;
}

/** The reminder when every part asked for is past the end: not a failure, a pointer back into the document. */
export function pastEndNotice(noun: PartNoun, total: number): string {
	if (total === 0) {
		return `[${noun.owner} has no ${noun.plural}.]`;
	}

	return `[${noun.owner} has ${parts(noun, total)}; the ${noun.plural} asked for are past the end. Ask for ${noun.plural} from 1 to ${total}, e.g. ${noun.plural}="${total === 1 ? '1' : `1-${total}`}".]`;
}

/**
The sentences that close a paged read: where the caps stopped it and what to ask for next, or, when it
was complete, the part count; and a word on numbers past the end.
*/
export function partSentences(
	noun: PartNoun,
	pick: PartPick,
	total: number,
	shown: readonly number[],
	next: string | undefined,
): string[] {
	const sentences: string[] = [];
	const shownText = `${shown.length === 1 ? noun.singular : noun.plural} ${formatParts(shown)}`;
	if (next !== undefined) {
		sentences.push(
			`Output stopped at the cap: showing ${shownText} of ${count(total)}. Continue with ${noun.plural}="${next}".`,
		);
	} else if (pick.explicit || shown.length < total) {
		sentences.push(`${noun.owner} has ${parts(noun, total)}.`);
	}

	if (pick.pastEnd) {
		sentences.push(
			`${noun.plural.charAt(0).toUpperCase()}${noun.plural.slice(1)} past ${count(total)} do not exist.`,
		);
	}

	return sentences;
}
