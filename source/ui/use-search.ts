/**
The `/` search of the transcript view as a hook: a one-line prompt that replaces the status line
while it is open (enter searches, escape cancels), the current query, and `n`/`N` to step through
the matching items. What the status line says is derived from the query, the matches and the focus,
so the only state is the prompt's text, the query and a search that just found nothing.
*/
import type {Key} from 'ink';
import {useCallback, useLayoutEffect, useMemo, useRef, useState} from 'react';
import type {SearchCommand} from '../keys/commands.js';
import {editingCommandOf} from '../keys/editing.js';
import {keyNameFromInk} from '../keys/key-names.js';
import {seg} from '../panels/parts.js';
import type {Row} from '../panels/types.js';
import {sanitizeLine} from '../text/sanitize.js';
import {cutLine} from '../text/styled.js';
import type {TranscriptState} from '../transcript/reducer.js';
import {nextMatch, searchStatus, TranscriptSearch} from './search.js';

/** What the view needs from the search. */
export type SearchUi = {
	/**
	The prompt row while the prompt is open (it takes the status line's place), or `no match for "x"`
	there after a search that found nothing, until the next key; else undefined.
	*/
	readonly promptRow: Row | undefined;
	/** The status line's word on the last search (`match 3 of 17`), if there was one. */
	readonly status: string | undefined;
	/** Open the prompt, or go to the next or previous match (stable identity). */
	readonly run: (command: SearchCommand) => void;
	/** Feed a key to the open prompt; false when the prompt is closed (stable identity). */
	readonly handleKey: (input: string, key: Key) => boolean;
	/** True while the prompt is open, including opened by an earlier key of this chunk (stable identity). */
	readonly typing: () => boolean;
};

type Inputs = {
	/** The transcript searched: a new state when it changed (its item list may be the same array). */
	readonly transcript: TranscriptState;
	/** Index of the focused item, or -1, as rendered (for the status line). */
	readonly focused: number;
	/** Index of the focused item after the keys handled so far (where n and N step from). */
	readonly focusNow: () => number;
	/** Focus an item and bring it on screen. */
	readonly jump: (index: number) => void;
	/** Columns of the prompt row. */
	readonly width: number;
	/** The prompt's hint, naming keys, e.g. `enter search · escape cancel`. */
	readonly hint?: string;
};

/** Text typed or pasted into the prompt, its control characters (line breaks too) removed. */
function typed(input: string, key: Key): string | undefined {
	if (key.ctrl || key.meta || input === '') {
		return undefined;
	}

	return input.replaceAll(/[\u0000-\u001F\u007F]/g, '');
}

/** The search prompt, query and match navigation for a transcript view. */
export function useSearch({
	transcript,
	focused,
	focusNow,
	jump,
	width,
	hint = 'enter search · escape cancel',
}: Inputs): SearchUi {
	/** The prompt's text while it is open. */
	const [draft, setDraft] = useState<string | undefined>();
	const [query, setQuery] = useState<string | undefined>();
	/** The query of a search that just found nothing: said in the status line's place until the next key. */
	const [missed, setMissed] = useState<string | undefined>();
	// One TranscriptSearch per query, shared by the status line and n/N, so its verdicts are reused.
	const searchRef = useRef<TranscriptSearch | undefined>(undefined);
	const searchFor = useCallback((text: string): TranscriptSearch => {
		if (searchRef.current?.query !== text) {
			searchRef.current = new TranscriptSearch(text);
		}

		return searchRef.current;
	}, []);
	const search = useMemo(() => (query === undefined ? undefined : searchFor(query)), [query, searchFor]);
	const {items} = transcript;
	// Keyed on the state, not its items: a growing transcript keeps one item list.
	const matches = useMemo(() => search?.matches(transcript.items) ?? [], [search, transcript]);

	// Handlers read the latest values through a ref, set at commit and at once by the handlers
	// themselves, because several keys of one chunk arrive before React commits anything.
	const latest = useRef({items, focusNow, draft, query, jump});
	useLayoutEffect(() => {
		latest.current = {items, focusNow, draft, query, jump};
	});

	const go = useCallback(
		(text: string, step: 1 | -1) => {
			const current = latest.current;
			const target = nextMatch(searchFor(text).matches(current.items), current.focusNow(), step);
			if (target !== undefined) {
				current.jump(target);
			}

			// The note `no match for "x"` gives way to the essential keys on a narrow line: this row does not.
			setMissed(target === undefined ? text : undefined);
		},
		[searchFor],
	);

	const setOpenDraft = useCallback((value: string | undefined) => {
		latest.current = {...latest.current, draft: value};
		setDraft(value);
	}, []);

	const confirm = useCallback(
		(text: string) => {
			// An empty prompt repeats the last search, as in less and vim.
			const next = text === '' ? latest.current.query : text;
			setOpenDraft(undefined);
			if (next === undefined || next === '') {
				return;
			}

			latest.current = {...latest.current, query: next};
			setQuery(next);
			go(next, 1);
		},
		[go, setOpenDraft],
	);

	const run = useCallback(
		(command: SearchCommand) => {
			const current = latest.current;
			if (command === 'search') {
				setOpenDraft('');
			} else if (current.query !== undefined) {
				go(current.query, command === 'searchNext' ? 1 : -1);
			}
		},
		[go, setOpenDraft],
	);

	const handleKey = useCallback(
		(input: string, key: Key): boolean => {
			const current = latest.current.draft;
			setMissed(undefined);
			if (current === undefined) {
				return false;
			}

			const edit = editingCommandOf(keyNameFromInk(input, key));
			if (edit === 'cancelText') {
				setOpenDraft(undefined);
			} else if (edit === 'submitText') {
				confirm(current);
			} else if (edit === 'deleteBackward') {
				setOpenDraft([...current].slice(0, -1).join(''));
			} else {
				const text = typed(input, key);
				if (text !== undefined) {
					// A line typed together with its enter (one chunk) is typed and searched.
					if (/[\r\n]$/.test(input)) {
						confirm(current + text);
					} else {
						setOpenDraft(current + text);
					}
				}
			}

			return true;
		},
		[confirm, setOpenDraft],
	);

	const typing = useCallback(() => latest.current.draft !== undefined, []);

	// The prompt: `/`, the text, an inverse-video cell as the cursor, the hint.
	const promptRow = useMemo(
		() =>
			draft === undefined
				? missed === undefined
					? undefined
					: cutLine([seg(` ${searchStatus(sanitizeLine(missed), [], -1)}`, 'status')], width)
				: cutLine(
						[
							seg('/', 'hint'),
							seg(sanitizeLine(draft), 'text'),
							seg(' ', 'status'),
							seg(`  ${hint}`, 'hint'),
						],
						width,
					),
		[draft, hint, missed, width],
	);
	const status = query === undefined ? undefined : searchStatus(sanitizeLine(query), matches, focused);
	return {promptRow, status, run, handleKey, typing};
}
