/**
highlight.js's core with languages registered on first use. Importing `highlight.js` whole loads and
registers all 193 of its language files, about 0.3 s before a first frame; a panel shows one or two.
A language's file is required the first time a name of it is asked for (the names come from
hljs-languages.ts, generated from the full build), together with the languages it embeds (HTML's
scripts and styles, Markdown's HTML...), so that a block highlights exactly as with the full build.
*/
import {createRequire} from 'node:module';
import type {HLJSApi, LanguageFn} from 'highlight.js';
import {hljsLanguageFiles} from './hljs-languages.js';

const require = createRequire(import.meta.url);

function isHljs(value: unknown): value is HLJSApi {
	return typeof value === 'object' && value !== null && 'registerLanguage' in value && 'highlight' in value;
}

/**
The core, required rather than imported: importing a CommonJS file from an ES module makes node scan
its source for export names first (cjs-module-lexer), about 15 ms for highlight.js's core.
*/
function loadCore(): HLJSApi {
	const core: unknown = require('highlight.js/lib/core');
	if (!isHljs(core)) {
		throw new TypeError('highlight.js/lib/core is not highlight.js');
	}

	return core;
}

const hljs = loadCore();
const registered = new Set<string>();

function isLanguageFn(value: unknown): value is LanguageFn {
	return typeof value === 'function';
}

function listOf(value: unknown): unknown[] {
	return Array.isArray(value) ? value : [];
}

/** The names of the languages a grammar hands parts of its text to (`subLanguage`). */
function embeddedLanguages(root: unknown): Set<string> {
	const names = new Set<string>();
	const seen = new Set<unknown>();
	const stack: unknown[] = [root];
	while (stack.length > 0) {
		const mode = stack.pop();
		if (typeof mode !== 'object' || mode === null || seen.has(mode)) {
			continue;
		}

		seen.add(mode);
		const subLanguage: unknown = Reflect.get(mode, 'subLanguage');
		for (const name of typeof subLanguage === 'string' ? [subLanguage] : listOf(subLanguage)) {
			if (typeof name === 'string') {
				names.add(name);
			}
		}

		stack.push(...listOf(Reflect.get(mode, 'contains')), ...listOf(Reflect.get(mode, 'variants')));
		stack.push(Reflect.get(mode, 'starts'));
	}

	return names;
}

function register(file: string): void {
	if (registered.has(file)) {
		return;
	}

	registered.add(file);
	const definition: unknown = require(`highlight.js/lib/languages/${file}`);
	if (!isLanguageFn(definition)) {
		return;
	}

	hljs.registerLanguage(file, definition);
	for (const name of embeddedLanguages(hljs.getLanguage(file))) {
		languageFile(name);
	}
}

/**
The language file for a name or alias highlight.js knows (registering it on first use), or
undefined for a name it does not know.
*/
export function languageFile(name: string): string | undefined {
	const file = hljsLanguageFiles.get(name.toLowerCase());
	if (file !== undefined) {
		register(file);
	}

	return file;
}

export {hljs};
