/*
The highlighter loads highlight.js's core and each language on first use (source/highlight/hljs.ts).
These tests hold it to the full build: the generated name table must say what the full build says,
and every language must highlight a sample exactly as the full build does, embedded languages
(HTML's scripts and styles, Markdown's HTML, PHP's HTML...) included. The reference is a separate
instance with all 193 languages registered, as `import hljs from 'highlight.js'` does.
*/
import {createRequire} from 'node:module';
import type {HLJSApi, LanguageFn} from 'highlight.js';
import {expect, test} from 'vitest';
import {highlightLines, htmlToLines} from '../../source/highlight/highlight.js';
import {hljs} from '../../source/highlight/hljs.js';
import {hljsLanguageFiles} from '../../source/highlight/hljs-languages.js';

const require = createRequire(import.meta.url);
const languageIds = [...new Set(hljsLanguageFiles.values())].sort();

function isLanguageFn(value: unknown): value is LanguageFn {
	return typeof value === 'function';
}

function fullBuild(): HLJSApi {
	const reference = hljs.newInstance();
	for (const id of languageIds) {
		const definition: unknown = require(`highlight.js/lib/languages/${id}`);
		if (!isLanguageFn(definition)) {
			throw new TypeError(`highlight.js/lib/languages/${id} is not a language`);
		}

		reference.registerLanguage(id, definition);
	}

	return reference;
}

const reference = fullBuild();

test('the table names the 193 languages of the installed highlight.js, every alias included', () => {
	expect(languageIds).toHaveLength(193);
	expect([...languageIds]).toEqual([...reference.listLanguages()].sort());
	for (const id of reference.listLanguages()) {
		for (const name of [id, ...(reference.getLanguage(id)?.aliases ?? [])]) {
			const file = hljsLanguageFiles.get(name.toLowerCase());
			expect(file, name).toBeDefined();
			expect(reference.getLanguage(file ?? '')?.name, name).toBe(reference.getLanguage(name)?.name);
		}
	}
});

const sample = [
	'<!DOCTYPE html>',
	'<div class="a"><script>const x = 1; // note</script><style>a { color: red; }</style></div>',
	'# Title with `code` and **bold**',
	'<?php echo "hi $name"; ?>',
	'const s = html`<b>x</b>`; const c = css`a { top: 0 }`;',
	'def f(x): return x + 1  # comment',
	"SELECT id FROM t WHERE name = 'x';",
	'/* block',
	'   comment */ int main() { return 0; }',
	'{"key": [1, 2.5, true, null]}',
];

test('every language highlights as in the full build, the languages it embeds included', () => {
	for (const id of languageIds) {
		const expected = htmlToLines(
			reference.highlight(sample.join('\n'), {language: id, ignoreIllegals: true}).value,
		);
		expect(highlightLines(sample, id), id).toEqual(expected);
	}
});
