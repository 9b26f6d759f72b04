/**
Pages and cells: which of a document's numbered parts a request picks, and how to write a list of
part numbers back as the compact ranges the `pages` and `cells` parameters take.
*/
import type {NumberRange} from '../types.js';

export type PartPick = {
	/** The parts to show, ascending, each once, all within 1..total. */
	readonly wanted: readonly number[];
	/** Some asked-for numbers were past the last part. */
	readonly pastEnd: boolean;
	/** The caller named the parts (false: the default, every part from the first). */
	readonly explicit: boolean;
};

/**
Expands `ranges` against a document of `total` parts. Undefined ranges pick every part. Ranges are
clamped before they are expanded, so "1-1000000000" costs no more than the document has parts.
*/
export function pickParts(ranges: readonly NumberRange[] | undefined, total: number): PartPick {
	if (ranges === undefined) {
		return {wanted: Array.from({length: total}, (_, index) => index + 1), pastEnd: false, explicit: false};
	}

	const picked = new Set<number>();
	let pastEnd = false;
	for (const range of ranges) {
		const last = range.last ?? total;
		if (range.first > total || last > total) {
			pastEnd = true;
		}

		for (let part = range.first; part <= Math.min(last, total); part++) {
			picked.add(part);
		}
	}

	return {wanted: [...picked].sort((a, b) => a - b), pastEnd, explicit: true};
}

/** "1-5", "2,4-6": ascending part numbers as the ranges parameter takes them. */
export function formatParts(parts: readonly number[]): string {
	const pieces: string[] = [];
	let start: number | undefined;
	let previous: number | undefined;
	const close = () => {
		if (start !== undefined && previous !== undefined) {
			pieces.push(start === previous ? String(start) : `${start}-${previous}`);
		}
	};

	for (const part of parts) {
		if (previous !== undefined && part === previous + 1) {
			previous = part;
			continue;
		}

		close();
		start = part;
		previous = part;
	}

	close();
	return pieces.join(',');
}

/**
What to ask for next when the caps stopped the output before `rest` (the wanted parts not shown). For
a default read: as many parts again as were shown, from the first not shown. For an explicit read:
the rest of what was asked for.
*/
export function nextParts(pick: PartPick, shownCount: number, rest: readonly number[]): string | undefined {
	const first = rest[0];
	if (first === undefined) {
		return undefined;
	}

	if (pick.explicit) {
		return formatParts(rest);
	}

	return formatParts(rest.slice(0, Math.max(1, shownCount)));
}
