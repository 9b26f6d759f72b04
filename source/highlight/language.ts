/** Which highlight.js language to use for a file. */
import path from 'node:path';
import {guessLanguage} from '../read/language.js';
import {hljsLanguageFiles} from './hljs-languages.js';

/** True when highlight.js knows this language name or alias. */
export function isKnownLanguage(name: string): boolean {
	return hljsLanguageFiles.has(name.toLowerCase());
}

/**
The language to highlight with: the engine's guess when highlight.js knows it, else the engine's table
(read/language.ts, the one map of names and extensions), else the bare extension when highlight.js has
it as an alias (`rs`, `kt`...), else undefined (plain text).
*/
export function resolveLanguage(guess: string | undefined, filePath: string): string | undefined {
	for (const candidate of [guess, guessLanguage(filePath), bareExtension(filePath)]) {
		if (candidate !== undefined && candidate !== '' && isKnownLanguage(candidate)) {
			return isPlainText(candidate) ? undefined : candidate;
		}
	}

	return undefined;
}

function bareExtension(filePath: string): string | undefined {
	const extension = path.extname(path.basename(filePath)).slice(1).toLowerCase();
	return extension === '' ? undefined : extension;
}

function isPlainText(language: string): boolean {
	return hljsLanguageFiles.get(language.toLowerCase()) === 'plaintext';
}

/**
True for text read as prose: plain text (no language) and Markdown. Panels wrap prose at spaces and
code between any two characters.
*/
export function isProseLanguage(language: string | undefined): boolean {
	if (language === undefined) {
		return true;
	}

	const file = hljsLanguageFiles.get(language.toLowerCase());
	return file === 'markdown' || file === 'plaintext';
}
