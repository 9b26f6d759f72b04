/* highlight.js languages are registered when first shown, with the languages they embed, not at import. */
import {expect, test} from 'vitest';
import {highlightLines} from '../../source/highlight/highlight.js';
import {hljs} from '../../source/highlight/hljs.js';
import {isProseLanguage, resolveLanguage} from '../../source/highlight/language.js';

test('no language is loaded before one is shown, then only it and what it embeds (GraphQL in JavaScript)', () => {
	expect(hljs.listLanguages()).toEqual([]);
	expect(resolveLanguage(undefined, 'a/b.py')).toBe('python');
	expect(isProseLanguage('md')).toBe(true);
	expect(hljs.listLanguages()).toEqual([]);

	highlightLines(['def f(): pass'], 'py');
	expect(hljs.listLanguages()).toEqual(['python']);

	const styled = highlightLines(['<script>const x = 1;</script>'], 'html');
	expect(hljs.listLanguages().sort()).toEqual(['css', 'graphql', 'javascript', 'python', 'xml']);
	expect(styled[0]?.some((segment) => segment.text === 'const' && segment.role === 'keyword')).toBe(true);
});
