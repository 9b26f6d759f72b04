import {expect, test} from 'vitest';
import {editingCommandOf, editingTable} from '../../source/keys/editing.js';

test('every editing key maps to its one command, and other keys to none', () => {
	const seen = new Map<string, string>();
	for (const [command, info] of Object.entries(editingTable)) {
		for (const key of info.keys) {
			expect(seen.get(key), `${key} is bound twice`).toBeUndefined();
			seen.set(key, command);
			expect(editingCommandOf(key)).toBe(command);
		}
	}

	expect(editingCommandOf('ctrl+o')).toBeUndefined();
	expect(editingCommandOf('a')).toBeUndefined();
	expect(editingCommandOf(undefined)).toBeUndefined();
	expect(editingCommandOf('delete')).toBe('deleteBackward');
});
