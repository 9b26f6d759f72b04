import {describe, expect, test} from 'vitest';
import {type StatusFacts, shellStatusRows} from '../../source/commands/shell/shell-status.js';
import {defaultBindings} from '../../source/keys/bindings.js';
import type {KeyContext} from '../../source/keys/commands.js';
import {applyEvents, emptyTranscript} from '../../source/transcript/reducer.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {initialViewState} from '../../source/transcript/view-state.js';
import {statusRow} from '../../source/ui/frame.js';
import {createLayout} from '../../source/ui/layout.js';
import {compactNotes, cutAtWord, fitStatus} from '../../source/ui/status-fit.js';

/** The status line of `lector read` / `lector replay` with `count` items, item `focused` (0-based) focused. */
function viewStatus(
	context: KeyContext,
	count: number,
	focused: number,
	width: number,
	notes: string[],
): string {
	const events: TranscriptEvent[] = Array.from({length: count}, (_, index) => ({
		type: 'tool-end',
		id: `c${index}`,
		name: 'ls',
		args: {},
		result: {content: [], isError: false},
	}));
	const transcript = applyEvents(emptyTranscript, events);
	const layout = createLayout(
		{
			items: transcript.items,
			indexById: transcript.indexById,
			rows: 20,
			width,
			previewLines: 5,
			expandHint: 'ctrl+o to expand',
			spinner: '*',
		},
		initialViewState,
	);
	const text = statusRow(defaultBindings, layout, {index: 0, offset: 0}, focused, width, notes, context)
		.map((segment) => segment.text)
		.join('');
	expect(text).toHaveLength(width);
	return text.trimEnd();
}

/** The shell's status rows (the message's own rows first), each checked to be `width` columns. */
function shellStatus(facts: Partial<StatusFacts>, width: number, ownRows?: boolean): string[] {
	const all: StatusFacts = {
		focus: 'prompt',
		running: false,
		message: undefined,
		where: '1/1',
		model: undefined,
		...facts,
	};
	const rows = shellStatusRows(defaultBindings, all, width, ownRows).map((row) =>
		row.map((segment) => segment.text).join(''),
	);
	for (const row of rows) {
		expect(row).toHaveLength(width);
	}

	return rows.map((row) => row.trimEnd());
}

describe('what gives way: other keys, notes (totals, then whole parts), labels, the position, then the essential keys are cut', () => {
	test.each([
		[20, ' ? help · q quit'],
		[30, ' 1/1  ? help · q quit'],
		[36, ' 1/1  ? help · q quit'],
		[40, ' 1/1  ? help · q quit'],
		[54, ' 1/1  ctrl+o expand/collapse · e all · ? help · q quit'],
		[60, ' 1/1  ctrl+o expand/collapse · e all · ? help · q quit'],
		[80, ' 1/1  ctrl+o expand/collapse · e all · down next · up previous · ? help · q quit'],
	])('read at %i columns: %s', (width, expected) => {
		expect(viewStatus('read', 1, 0, width, [])).toBe(expected);
	});

	test.each([
		[20, ' ? help · q quit'],
		[30, ' 3/8  ? help · q quit'],
		[36, ' 3/8  13 issues  ? help · q quit'],
		[40, ' 3/8  13 issues  ? help · q quit'],
		[54, ' 3/8  1 malformed · 12 skipped  ? help · q quit'],
		[60, ' 3/8  1 malformed · 12 skipped  ? help · q quit'],
		[80, ' 3/8  1 malformed · 12 skipped  ctrl+o expand/collapse · e all · ? help · q quit'],
	])('replay at %i columns: %s', (width, expected) => {
		expect(viewStatus('replay', 8, 2, width, ['1 malformed · 12 skipped'])).toBe(expected);
	});

	test.each([
		// A single count is dropped whole, never cut to `12…`.
		[30, ['12 skipped'], ' 12/12  ? help · q quit'],
		[36, ['12 skipped'], ' 12/12  12 skipped  ? help · q quit'],
		// A search result outlasts the counts and the mouse note; each goes whole, from the last.
		[
			40,
			['match 3 of 17', '1 malformed · 12 skipped', 'mouse on (m)'],
			' 12/12  match 3 of 17  ? help · q quit',
		],
		[
			54,
			['match 3 of 17', '1 malformed · 12 skipped', 'mouse on (m)'],
			' 12/12  match 3 of 17 · 13 issues  ? help · q quit',
		],
		[
			80,
			['match 3 of 17', '1 malformed · 12 skipped', 'mouse on (m)'],
			' 12/12  match 3 of 17 · 1 malformed · 12 skipped · mouse on (m)  ? help · q quit',
		],
	])('replay at %i columns with notes %j: %s', (width, notes, expected) => {
		expect(viewStatus('replay', 12, 11, width, notes)).toBe(expected);
	});

	test.each([
		[20, ' tab transcript · c…'],
		[30, ' tab transcript · ctrl+c ctrl…'],
		[36, ' tab transcript · ctrl+c ctrl+c quit'],
		[40, ' tab transcript · ctrl+c ctrl+c quit'],
		[54, ' 1/1 · prompt  tab transcript · ctrl+c ctrl+c quit'],
		[60, ' 1/1 · ready · prompt  tab transcript · ctrl+c ctrl+c quit'],
		[80, ' 1/1 · ready · prompt  ctrl+o expand · tab transcript · ctrl+c ctrl+c quit'],
	])('the shell, prompt focused, at %i columns: %s', (width, expected) => {
		expect(shellStatus({focus: 'prompt'}, width)).toEqual([expected]);
	});

	test.each([
		[20, ' ? help · tab promp…'],
		[30, ' ? help · tab prompt · ctrl+c…'],
		[36, ' ? help · tab prompt · ctrl+c ctrl+…'],
		[40, ' ? help · tab prompt · ctrl+c ctrl+c qu…'],
		[54, ' 1/1  ? help · tab prompt · ctrl+c ctrl+c quit'],
		[60, ' 1/1 · transcript  ? help · tab prompt · ctrl+c ctrl+c quit'],
		[80, ' 1/1 · ready · transcript  ? help · tab prompt · ctrl+c ctrl+c quit'],
	])('the shell, transcript focused, at %i columns: %s', (width, expected) => {
		expect(shellStatus({focus: 'transcript'}, width)).toEqual([expected]);
	});

	test.each([
		[54, 'prompt', ' 1/1 · prompt  tab transcript · ctrl+c ctrl+c quit'],
		[60, 'prompt', ' 1/1 · prompt  tab transcript · ctrl+c ctrl+c quit'],
		[80, 'prompt', ' 1/1 · ready · prompt  mouse on (m)  tab transcript · ctrl+c ctrl+c quit'],
		[
			100,
			'prompt',
			' 1/1 · gpt-4o · ready · prompt  mouse on (m)  ctrl+o expand · tab transcript · ctrl+c ctrl+c quit',
		],
		[80, 'transcript', ' 1/1 · transcript  mouse on (m)  ? help · tab prompt · ctrl+c ctrl+c quit'],
		[
			100,
			'transcript',
			' 1/1 · ready · transcript  mouse on (m)  ctrl+o expand · ? help · tab prompt · ctrl+c ctrl+c quit',
		],
	] as const)('the shell with a model and the mouse on, at %i columns (%s): %s', (width, focus, expected) => {
		expect(shellStatus({focus, model: 'gpt-4o', mouse: true}, width)).toEqual([expected]);
	});
});

describe('the shell message', () => {
	const facts = {running: true, message: 'Press ctrl+c again to quit.', model: 'gpt-4o', mouse: true};

	test.each([
		[80, [' 1/1 · prompt  Press ctrl+c again to quit.  tab transcript · ctrl+c ctrl+c quit']],
		[54, [' Press ctrl+c again to quit.', ' 1/1 · prompt  tab transcript · ctrl+c ctrl+c quit']],
		[36, [' Press ctrl+c again to quit.', ' tab transcript · ctrl+c ctrl+c quit']],
	])(
		'outlasts the mouse note and the labels, else takes a row of its own, at %i columns',
		(width, expected) => {
			expect(shellStatus(facts, width)).toEqual(expected);
		},
	);

	test.each([
		[60, ' Press ctrl+c again…  tab transcript · ctrl+c ctrl+c quit'],
		[36, ' tab transcript · ctrl+c ctrl+c quit'],
	])(
		'without rows of its own (a tiny terminal), is cut at a word after the position, at %i columns',
		(width, expected) => {
			expect(shellStatus(facts, width, false)).toEqual([expected]);
		},
	);
});

test('fitStatus keeps no fragments: a note part shows whole or not at all', () => {
	const parts = {lead: [{text: '3/8'}], notes: ['12 skipped'], keys: [{text: 'q quit', essential: true}]};
	for (let width = 10; width <= 40; width++) {
		const text = fitStatus(parts, width);
		expect(text).toHaveLength(width);
		expect(text.includes('12') ? text.includes('12 skipped') : true).toBe(true);
	}
});

test('compactNotes totals two or more counts; other parts stay', () => {
	expect(compactNotes(['1,204 malformed · 7 skipped', 'match 3 of 17', '7 skipped'])).toEqual([
		'1,211 issues',
		'match 3 of 17',
		'7 skipped',
	]);
});

test.each([
	['Press ctrl+c again to quit.', 20, 'Press ctrl+c again…'],
	['Press ctrl+c again to quit.', 7, 'Press…'],
	['Press ctrl+c again to quit.', 5, ''],
	['unbroken', 5, 'unbr…'],
])('cutAtWord(%j, %i) is %j', (text, width, expected) => {
	expect(cutAtWord(text, width)).toBe(expected);
});
