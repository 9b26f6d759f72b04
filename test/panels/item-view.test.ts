import {expect, test} from 'vitest';
import {cachedItems, viewForItem} from '../../source/panels/item-view.js';
import type {PanelContext} from '../../source/panels/types.js';
import type {ToolCallItem} from '../../source/transcript/types.js';

const context: PanelContext = {
	width: 80,
	expanded: false,
	previewLines: 5,
	expandHint: 'ctrl+o expand',
	spinner: '⠋',
};

function call(index: number): ToolCallItem {
	return {
		type: 'tool',
		id: `call-${index}`,
		name: 'bash',
		args: {command: `echo ${index}`},
		status: 'done',
		result: {content: [{type: 'text', text: `line ${index}`}], isError: false},
	};
}

test('a view is built once per item and context while the item is among the recent ones', () => {
	const item = call(0);
	const view = viewForItem(item, context);
	expect(viewForItem(item, context)).toBe(view);
	expect(viewForItem(item, {...context, width: 60})).not.toBe(view);
	expect(viewForItem(item, context)).toBe(view);
});

test('views of items laid out long ago are let go: the cache holds a bounded number of items', () => {
	const first = call(-1);
	const view = viewForItem(first, context);
	const others = Array.from({length: cachedItems}, (_, index) => call(index));
	for (const item of others) {
		viewForItem(item, context);
	}

	// The first item was the least recent: its view is built again, not held for the session's life.
	const rebuilt = viewForItem(first, context);
	expect(rebuilt).not.toBe(view);
	expect(rebuilt.rows(0, rebuilt.height)).toEqual(view.rows(0, view.height));
	// The most recent ones are still there.
	const last = others.at(-1);
	expect(last).toBeDefined();
	if (last !== undefined) {
		expect(viewForItem(last, context)).toBe(viewForItem(last, context));
	}
});
