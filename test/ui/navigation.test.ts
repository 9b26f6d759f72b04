/**
Following the end of the transcript: expanding or collapsing while following keeps the toggled panel
in place until new output arrives, then follows again; only scrolling away stops following.
*/
import {expect, test, vi} from 'vitest';
import type {PanelRenderer} from '../../source/panels/types.js';
import {arrayView} from '../../source/panels/view.js';
import {TranscriptStore} from '../../source/transcript/reducer.js';
import type {ToolCallItem, TranscriptEvent} from '../../source/transcript/types.js';
import {initialViewState} from '../../source/transcript/view-state.js';
import {bottomTop, createLayout, frameRows, type LayoutEnv} from '../../source/ui/layout.js';
import {
	applyCommand,
	effectiveTop,
	initialViewportModel,
	type ViewportModel,
} from '../../source/ui/navigation.js';

/** A panel of 3 rows, 40 when expanded. */
const tall: PanelRenderer = (call, context) =>
	arrayView(
		Array.from({length: context.expanded ? 40 : 3}, (_, index) => [
			{text: `${call.id}:${index}`, role: 'text'},
		]),
	);

vi.mock('../../source/panels/registry.js', async (importOriginal) => {
	const actual = await importOriginal<typeof import('../../source/panels/registry.js')>();
	return {rendererFor: (call: ToolCallItem) => (call.name === 'tall' ? tall : actual.rendererFor(call))};
});

const call = (id: string): TranscriptEvent => ({
	type: 'tool-end',
	id,
	name: 'tall',
	args: {},
	result: {content: [], isError: false},
});

/** A store that grows in place, as the shell's does, and the env over it: more rows than the screen's 20. */
function growing() {
	const store = new TranscriptStore([
		...['c0', 'c1', 'c2', 'c3', 'c4'].map(call),
		{type: 'assistant-delta', id: 'a', delta: 'Start.'},
	]);
	const env = (): LayoutEnv => ({
		items: store.state.items,
		indexById: store.state.indexById,
		rows: 20,
		width: 80,
		previewLines: 5,
		expandHint: 'ctrl+o to expand',
		spinner: '*',
	});
	return {store, env};
}

/** The text of the last row on screen. */
function lastRow(model: ViewportModel, env: LayoutEnv): string | undefined {
	const layout = createLayout(env, model.view);
	return frameRows(layout, effectiveTop(model, layout))
		.at(-1)
		?.row.map((span) => span.text)
		.join('');
}

test.each(['toggleExpand', 'toggleAll'] as const)(
	'%s while following: the panel keeps its row, then the view follows the new output',
	(command) => {
		const {store, env} = growing();
		const following = initialViewportModel(initialViewState);
		expect(lastRow(following, env())).toContain('Start.');
		const expanded = applyCommand(following, command, env());
		const layout = createLayout(env(), expanded.view);
		// Held in place: the 40 expanded rows of c4 run past the bottom, the answer is off screen.
		expect(effectiveTop(expanded, layout)).not.toEqual(bottomTop(layout));
		expect(lastRow(expanded, env())).toMatch(/^c4:\d+$/);
		store.apply([{type: 'assistant-delta', id: 'a', delta: ' More text arrives.'}]);
		expect(lastRow(expanded, env())).toContain('More text arrives.');
		store.apply([call('c5')]);
		// The new panel's last row: expand-all expands the panels that arrive after it too.
		expect(lastRow(expanded, env())).toBe(command === 'toggleAll' ? 'c5:39' : 'c5:2');
	},
);

test('scrolling up after expanding stops following: new output stays off screen', () => {
	const {store, env} = growing();
	const expanded = applyCommand(initialViewportModel(initialViewState), 'toggleExpand', env());
	const scrolled = applyCommand(expanded, 'pageUp', env());
	const before = lastRow(scrolled, env());
	store.apply([{type: 'assistant-delta', id: 'a', delta: ' More text arrives.'}]);
	expect(lastRow(scrolled, env())).toBe(before);
	expect(scrolled.followTail).toBe(false);
});
