import {expect, test} from 'vitest';
import {rememberBounded} from '../../source/cache/bounded-map.js';

test('the newest entry is kept and the least lately remembered go past the limit', () => {
	const map = new Map<string, number>();
	for (const [index, key] of ['a', 'b', 'c'].entries()) {
		rememberBounded(map, key, index, 3);
	}

	// Remembering `a` again makes it the newest: `b` is now the oldest and goes first.
	rememberBounded(map, 'a', 10, 3);
	rememberBounded(map, 'd', 3, 3);
	expect([...map]).toEqual([
		['c', 2],
		['a', 10],
		['d', 3],
	]);
	rememberBounded(map, 'e', 4, 1);
	expect([...map]).toEqual([['e', 4]]);
});
