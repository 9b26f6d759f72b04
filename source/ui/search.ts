/**
Searching a transcript: which items contain a text, case-insensitively. It searches the items' own
text (what the panels are built from; for an answer, the words its Markdown shows, without the
markup), never terminal rows, so its cost does not depend on widths, expansion or highlighting. Two caches keyed by item identity keep repeated searches cheap: the
searchable fields of each item (shared by every query), and each query's verdict per item, so a
transcript that grows while followed only tests its new items.
*/

import {answerRenderer} from '../panels/answers.js';
import {summarizeArgs} from '../panels/generic-panel.js';
import {assertNever} from '../transcript/assert-never.js';
import {isKeptResult, resultContent} from '../transcript/result-vault.js';
import type {TranscriptItem} from '../transcript/types.js';

const fieldsCache = new WeakMap<TranscriptItem, readonly string[]>();

function buildFields(item: TranscriptItem): readonly string[] {
	switch (item.type) {
		case 'user': {
			return [item.text];
		}

		case 'assistant': {
			// What the answer shows, not its Markdown: `**bold** word` is found by "bold word".
			return [answerRenderer()?.text(item) ?? item.text];
		}

		case 'tool': {
			// What the panel shows: the tool's name, its arguments' summary and the result's text.
			const fields = [item.name, summarizeArgs(item.args)];
			// A result kept on disk is read back without its details: only its text is searched.
			for (const block of item.result === undefined ? [] : resultContent(item.result)) {
				if (block.type === 'text') {
					fields.push(block.text);
				}
			}

			return fields;
		}

		case 'notice': {
			// Notices are lector's own remarks (compactions, the stats), not the session's words.
			return [];
		}

		default: {
			return assertNever(item);
		}
	}
}

/**
The texts a search looks in for one item: user text, the words an answer shows (from the blocks its
panel is drawn from, parsed once for both); a tool call's name, argument summary and result text.
Cached per item object (items are immutable; a changed item is a new object). Apart from answers'
words, the strings are the item's own (no copies), so the cache costs little memory.
*/
export function searchFields(item: TranscriptItem): readonly string[] {
	let fields = fieldsCache.get(item);
	if (fields === undefined) {
		fields = buildFields(item);
		// A result kept on disk is read back for each new query rather than pinned here for good.
		if (item.type !== 'tool' || !isKeptResult(item.result)) {
			fieldsCache.set(item, fields);
		}
	}

	return fields;
}

function escapeRegExp(text: string): string {
	return text.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);
}

/** One query over any number of transcripts; remembers its verdict per item. */
export class TranscriptSearch {
	/** The query as typed. */
	readonly query: string;
	// A case-insensitive regular expression rather than lowercased copies of every text: no second
	// copy of a large transcript in memory, and V8 compiles it to native code after the first use.
	private readonly pattern: RegExp;
	private readonly verdicts = new WeakMap<TranscriptItem, boolean>();

	constructor(query: string) {
		this.query = query;
		this.pattern = new RegExp(escapeRegExp(query), 'i');
	}

	/** Whether the item contains the query. */
	test(item: TranscriptItem): boolean {
		let verdict = this.verdicts.get(item);
		if (verdict === undefined) {
			verdict = this.query !== '' && searchFields(item).some((field) => this.pattern.test(field));
			this.verdicts.set(item, verdict);
		}

		return verdict;
	}

	/** Indexes of the matching items, in order. */
	matches(items: readonly TranscriptItem[]): number[] {
		const out: number[] = [];
		for (const [index, item] of items.entries()) {
			if (this.test(item)) {
				out.push(index);
			}
		}

		return out;
	}
}

/**
The match after (`step` 1) or before (`step` -1) item `from`, wrapping around the ends; undefined
when there are no matches. `matches` is sorted; `from` may be -1 (nothing focused).
*/
export function nextMatch(matches: readonly number[], from: number, step: 1 | -1): number | undefined {
	if (matches.length === 0) {
		return undefined;
	}

	// The first match greater than `from`, by binary search.
	let low = 0;
	let high = matches.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if ((matches[middle] ?? 0) > from) {
			high = middle;
		} else {
			low = middle + 1;
		}
	}

	if (step === 1) {
		return matches[low] ?? matches[0];
	}

	// `low - 1` is the last match <= from; step past `from` itself when it is a match.
	const before = matches[low - 1] === from ? low - 2 : low - 1;
	return before >= 0 ? matches[before] : matches.at(-1);
}

/** The status line's word on a search: `match 3 of 17`, `17 matches for "x"` or `no match for "x"`. */
export function searchStatus(query: string, matches: readonly number[], focused: number): string {
	if (matches.length === 0) {
		return `no match for "${query}"`;
	}

	const position = binaryIndexOf(matches, focused);
	return position >= 0
		? `match ${position + 1} of ${matches.length}`
		: `${matches.length} ${matches.length === 1 ? 'match' : 'matches'} for "${query}"`;
}

function binaryIndexOf(sorted: readonly number[], value: number): number {
	let low = 0;
	let high = sorted.length - 1;
	while (low <= high) {
		const middle = (low + high) >>> 1;
		const current = sorted[middle] ?? 0;
		if (current === value) {
			return middle;
		}

		if (current < value) {
			low = middle + 1;
		} else {
			high = middle - 1;
		}
	}

	return -1;
}
