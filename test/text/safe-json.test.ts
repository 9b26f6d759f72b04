import {describe, expect, it} from 'vitest';
import {stringifyForTerminal} from '../../source/text/safe-json.js';

describe('stringifyForTerminal', () => {
	it('escapes DEL, C1 controls, separators and bidi overrides, keeping the same value', () => {
		const value = {text: 'a\u001b[2J \u009b31m \u007f \u2028 \u202e b', n: 1};
		const json = stringifyForTerminal(value);
		expect(json).toBe('{"text":"a\\u001b[2J \\u009b31m \\u007f \\u2028 \\u202e b","n":1}');
		expect(JSON.parse(json)).toEqual(value);
	});

	it('passes a replacer and indentation through', () => {
		expect(stringifyForTerminal({a: undefined}, (_key, field) => field ?? null, 2)).toBe('{\n  "a": null\n}');
	});
});
