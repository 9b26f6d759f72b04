import {expect, test} from 'vitest';
import {initialViewState, isExpanded, toggleAll, toggleOne} from '../../source/transcript/view-state.js';

test('toggle-all decides by the panels shown: all of them expanded collapses, else it expands', () => {
	// ctrl+o expanded the one panel on screen; `a` and `b` are off screen.
	const one = toggleOne(initialViewState, 'shown');
	const collapsed = toggleAll(one, ['shown']);
	expect(['shown', 'a', 'b'].map((id) => isExpanded(collapsed, id))).toEqual([false, false, false]);
	const expanded = toggleAll(collapsed, ['shown']);
	expect(['shown', 'a', 'b'].map((id) => isExpanded(expanded, id))).toEqual([true, true, true]);
	// One collapsed panel among those shown: expand all.
	const mixed = toggleOne(expanded, 'a');
	expect(isExpanded(toggleAll(mixed, ['shown', 'a']), 'a')).toBe(true);
	// Nothing shown: by the default alone.
	expect(isExpanded(toggleAll(expanded), 'a')).toBe(false);
});
