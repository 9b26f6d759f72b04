import {expect, test, vi} from 'vitest';
import {defaultBindings} from '../../source/keys/bindings.js';
import type {PanelRenderer} from '../../source/panels/types.js';
import {arrayView} from '../../source/panels/view.js';
import {applyEvents, emptyTranscript} from '../../source/transcript/reducer.js';
import type {ToolCallItem, TranscriptEvent} from '../../source/transcript/types.js';
import {initialViewState} from '../../source/transcript/view-state.js';
import {positionLabel, statusRow} from '../../source/ui/frame.js';
import {bottomTop, createLayout, frameRows, type LayoutEnv, move} from '../../source/ui/layout.js';
import {applyCommand, effectiveTop, initialViewportModel} from '../../source/ui/navigation.js';

let built = 0;
const counted: PanelRenderer = (call, context) => {
	built++;
	const height = context.expanded ? 40 : 3;
	return arrayView(Array.from({length: height}, (_, index) => [{text: `${call.id}:${index}`, role: 'text'}]));
};

// The layout asks the registry for every panel it builds: calls named `counted` get the counting renderer.
vi.mock('../../source/panels/registry.js', async (importOriginal) => {
	const actual = await importOriginal<typeof import('../../source/panels/registry.js')>();
	return {
		rendererFor: (call: ToolCallItem) => (call.name === 'counted' ? counted : actual.rendererFor(call)),
	};
});

function bigEnv(count: number): LayoutEnv {
	const events: TranscriptEvent[] = Array.from({length: count}, (_, index) => ({
		type: 'tool-end',
		id: `c${index}`,
		name: 'counted',
		args: {},
		result: {content: [], isError: false},
	}));
	const transcript = applyEvents(emptyTranscript, events);
	return {
		items: transcript.items,
		indexById: transcript.indexById,
		rows: 20,
		width: 80,
		previewLines: 5,
		expandHint: 'ctrl+o to expand',
		spinner: '*',
	};
}

test('a frame, a toggle and expand-all lay out only what is on screen, whatever the transcript length', () => {
	const env = bigEnv(20_000);
	built = 0;
	let model = initialViewportModel(initialViewState);
	const rows = frameRows(createLayout(env, model.view), effectiveTop(model, createLayout(env, model.view)));
	expect(rows).toHaveLength(20);
	expect(rows.at(-1)?.row[0]?.text).toBe('c19999:2');
	expect(built).toBeLessThan(20);
	for (const command of [
		'toggleExpand',
		'toggleAll',
		'pageUp',
		'focusPrevious',
		'toggleAll',
		'top',
		'pageDown',
		'bottom',
	] as const) {
		built = 0;
		model = applyCommand(model, command, env);
		const layout = createLayout(env, model.view);
		frameRows(layout, effectiveTop(model, layout));
		expect(built, command).toBeLessThan(60);
	}
});

test('moving a position crosses items and stops at both ends', () => {
	const env = bigEnv(5);
	const layout = createLayout(env, initialViewState);
	// Heights: 3, then 4 (a gap row above each later item).
	expect(move(layout, {index: 0, offset: 0}, 5)).toEqual({index: 1, offset: 2});
	expect(move(layout, {index: 1, offset: 2}, -5)).toEqual({index: 0, offset: 0});
	expect(move(layout, {index: 0, offset: 0}, 1000)).toEqual({index: 4, offset: 3});
	expect(bottomTop(layout)).toEqual({index: 0, offset: 0});
});

test.each([
	[80, 'read' as const, [] as string[]],
	[60, 'replay' as const, []],
	[80, 'replay' as const, ['3 malformed · 1 unknown']],
	[50, 'replay' as const, ['3 malformed · 1 unknown']],
])(
	'the status line at %i columns (%s) keeps "? help" and "q quit", dropping other keys first',
	(width, context, notes) => {
		const env = bigEnv(20);
		const layout = createLayout(env, initialViewState);
		const row = statusRow(defaultBindings, layout, {index: 0, offset: 0}, -1, width, notes, context);
		const text = row
			.map((segment) => segment.text)
			.join('')
			.trimEnd();
		expect(text.endsWith('? help · q quit')).toBe(true);
		expect(text.length).toBeLessThanOrEqual(width);
	},
);

test.each([
	// count, top index, focused -> label
	[20, 3, 7, '8/20'],
	[20, 3, 3, '4/20'],
	// A transcript without panels has no focus: the item at the top of the screen.
	[20, 3, -1, '4/20'],
	[0, 0, -1, 'empty'],
])(
	'with %i items, the top at item %i and item %i focused, the status line says %s',
	(count, index, focused, label) => {
		const layout = createLayout(bigEnv(count), initialViewState);
		expect(positionLabel(layout, {index, offset: 0}, focused)).toBe(label);
		if (count > 0) {
			const row = statusRow(defaultBindings, layout, {index, offset: 0}, focused, 80);
			expect(row.map((segment) => segment.text).join('')).toMatch(new RegExp(`^ ${label} `));
		}
	},
);

test.each([
	// Wide enough: the counts whole, some keys.
	[100, '1 malformed · 1 cut off · 1 unknown · 7 skipped · 3 without a result'],
	// Short: the counts become their total, help and quit stay.
	[60, '13 issues'],
	// Shorter still: the total goes whole, never cut to a fragment; the search result stays.
	[40, 'match 3 of 17  ?'],
])('at %i columns the replay counts give way to "? help · q quit": %s', (width, shown) => {
	const layout = createLayout(bigEnv(20), initialViewState);
	const notes = ['1 malformed · 1 cut off · 1 unknown · 7 skipped · 3 without a result'];
	const withSearch = width === 40 ? ['match 3 of 17', ...notes] : notes;
	const text = statusRow(defaultBindings, layout, {index: 0, offset: 0}, 0, width, withSearch)
		.map((segment) => segment.text)
		.join('');
	expect(text).toHaveLength(width);
	expect(text.trimEnd().endsWith('? help · q quit')).toBe(true);
	expect(text).toContain(shown);
});
