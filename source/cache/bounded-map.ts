/**
Bounded caches on a plain Map, whose keys keep their insertion order: the first key is the one used
least lately. One idiom for the caches of views, highlighted blocks, lexed answers and read-back
results, so that each says only what it keeps and how many.
*/

/** Keep `value` under `key` as the map's newest entry, then drop the oldest entries past `limit`. */
export function rememberBounded<Key, Value>(
	map: Map<Key, Value>,
	key: Key,
	value: Value,
	limit: number,
): void {
	map.delete(key);
	map.set(key, value);
	for (const oldest of map.keys()) {
		if (map.size <= limit) {
			return;
		}

		map.delete(oldest);
	}
}
