/** Which highlight.js language to use for a file. */
import path from 'node:path';
import {hljsLanguageFiles} from './hljs-languages.js';

const byFileName = new Map<string, string>([
	['dockerfile', 'dockerfile'],
	['makefile', 'makefile'],
	['gnumakefile', 'makefile'],
	['cmakelists.txt', 'cmake'],
	['.bashrc', 'bash'],
	['.zshrc', 'bash'],
	['.profile', 'bash'],
	['.gitignore', 'bash'],
]);

const byExtension = new Map<string, string>([
	['mjs', 'javascript'],
	['cjs', 'javascript'],
	['mts', 'typescript'],
	['cts', 'typescript'],
	['jsonc', 'json'],
	['jsonl', 'json'],
	['svg', 'xml'],
	['vue', 'xml'],
	['txt', 'plaintext'],
	['log', 'plaintext'],
	['lock', 'plaintext'],
]);

/** True when highlight.js knows this language name or alias. */
export function isKnownLanguage(name: string): boolean {
	return hljsLanguageFiles.has(name.toLowerCase());
}

/**
The language to highlight with: the engine's guess when highlight.js knows it, else one from the
file name or extension (highlight.js aliases cover most: `ts`, `py`, `rs`, `md`...), else undefined
(plain text).
*/
export function resolveLanguage(guess: string | undefined, filePath: string): string | undefined {
	if (guess !== undefined && guess !== '' && isKnownLanguage(guess)) {
		return guess;
	}

	const base = path.basename(filePath).toLowerCase();
	const named = byFileName.get(base);
	if (named !== undefined) {
		return named;
	}

	const extension = path.extname(base).slice(1);
	if (extension === '') {
		return undefined;
	}

	const mapped = byExtension.get(extension) ?? extension;
	if (mapped === 'plaintext') {
		return undefined;
	}

	return isKnownLanguage(mapped) ? mapped : undefined;
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
