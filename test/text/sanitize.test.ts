import {describe, expect, it, test} from 'vitest';
import {
	hasEscape,
	neutralizeControls,
	placeholderFor,
	sanitizeLine,
	sanitizeLines,
} from '../../source/text/sanitize.js';

describe('sanitizeLine', () => {
	test.each([
		['plain text', 'plain text'],
		['clear \u001B[2J title \u001B]0;pwned\u0007', 'clear ␛[2J title ␛]0;pwned␇'],
		['nul\u0000 bell\u0007 backspace\u0008', 'nul␀ bell␇ backspace␈'],
		['del\u007F', 'del␡'],
		['csi \u009B31m', 'csi ⍰31m'],
		['bidi \u202Eevil\u202C', 'bidi ⍰evil⍰'],
		['cr\rlf\n', 'cr␍lf␊'],
		['\tx', '    x'],
		['ab\tx', 'ab  x'],
		['abcd\tx', 'abcd    x'],
		['漢字 stays', '漢字 stays'],
	])('%j', (input, expected) => {
		const output = sanitizeLine(input);
		expect(output).toBe(expected);
		expect(hasEscape(output)).toBe(false);
	});

	test('tab width is a parameter', () => {
		expect(sanitizeLine('a\tb', 8)).toBe('a       b');
	});

	test('every C0 and C1 control gets a visible placeholder', () => {
		for (let code = 0; code < 0xa0; code++) {
			if ((code >= 0x20 && code < 0x7f) || code === 0x09) {
				continue;
			}

			const placeholder = placeholderFor(code);
			expect(placeholder, `U+${code.toString(16)}`).toBeDefined();
			expect(/[\u0000-\u001F\u007F-\u009F]/.test(placeholder ?? '')).toBe(false);
		}
	});
});

describe('sanitizeLines', () => {
	test.each([
		['a\nb\n', ['a', 'b']],
		['a\r\nb', ['a', 'b']],
		['a\rb', ['a', 'b']],
		['', ['']],
		['\n', ['']],
		['x\n\n', ['x', '']],
	])('%j', (input, expected) => {
		expect(sanitizeLines(input)).toEqual(expected);
	});
});

describe('neutralizeControls', () => {
	it('keeps tabs and line feeds and replaces every other control character', () => {
		expect(neutralizeControls('     1\tok\n     2\t\u001b[2J\u001b]0;x\u0007 \r \u009b \u202e')).toBe(
			'     1\tok\n     2\t␛[2J␛]0;x␇ ␍ ⍰ ⍰',
		);
	});

	it('returns clean text unchanged', () => {
		const clean = '  const a = 1;\n\tb();';
		expect(neutralizeControls(clean)).toBe(clean);
	});
});
