/**
Token-level highlighting with highlight.js 11. A block of sanitised lines is highlighted as one
unit (so a comment or string spanning lines keeps its colour), then split back into lines with the
open spans carried over. Results are memoised per (language, text).
*/

import {rememberBounded} from '../cache/bounded-map.js';
import type {StyledLine} from '../text/styled.js';
import {type Role, roleForScope} from '../theme/roles.js';
import {hljs, languageFile} from './hljs.js';

/** Blocks longer than this (UTF-16 units) are not highlighted: plain text keeps frames fast. */
export const highlightCharLimit = 64 * 1024;

const cacheLimit = 400;
const cache = new Map<string, Array<StyledLine<Role>>>();

const entities: Record<string, string> = {
	'&amp;': '&',
	'&lt;': '<',
	'&gt;': '>',
	'&quot;': '"',
	'&#x27;': "'",
	'&#39;': "'",
};

function decode(text: string): string {
	return text.replaceAll(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => entities[entity] ?? entity);
}

function roleForClass(classAttribute: string): Role {
	// `hljs-title class_` -> `title`; a nested language span (`language-xml`) keeps its parent's role.
	const first = classAttribute.split(' ')[0] ?? '';
	return first.startsWith('hljs-') ? roleForScope(first.slice(5)) : 'text';
}

/** Lines as plain text segments, for errors, unknown languages and oversized blocks. */
export function plainLines(lines: readonly string[], role: Role = 'text'): Array<StyledLine<Role>> {
	return lines.map((line) => (line === '' ? [] : [{text: line, role}]));
}

/**
Parse highlight.js HTML into styled lines. Only the markup highlight.js emits is expected:
`<span class="...">`, `</span>` and five entities; the text itself was already sanitised.
*/
export function htmlToLines(html: string): Array<StyledLine<Role>> {
	const lines: Array<Array<{text: string; role: Role}>> = [[]];
	const stack: Role[] = [];
	for (const token of html.split(/(<span class="[^"]*">|<\/span>)/)) {
		if (token === '') {
			continue;
		}

		if (token.startsWith('<span class="')) {
			const role = roleForClass(token.slice(13, -2));
			stack.push(role === 'text' ? (stack.at(-1) ?? 'text') : role);
			continue;
		}

		if (token === '</span>') {
			stack.pop();
			continue;
		}

		const role = stack.at(-1) ?? 'text';
		const parts = decode(token).split('\n');
		for (const [index, part] of parts.entries()) {
			if (index > 0) {
				lines.push([]);
			}

			if (part !== '') {
				lines.at(-1)?.push({text: part, role});
			}
		}
	}

	return lines;
}

/**
Highlight sanitised lines as one block. Unknown or absent languages, and blocks over
`highlightCharLimit`, come back as plain text. Always returns exactly one styled line per input line.
*/
export function highlightLines(
	lines: readonly string[],
	language: string | undefined,
): Array<StyledLine<Role>> {
	const file = language === undefined || lines.length === 0 ? undefined : languageFile(language);
	if (language === undefined || file === undefined) {
		return plainLines(lines);
	}

	const text = lines.join('\n');
	if (text.length > highlightCharLimit) {
		return plainLines(lines);
	}

	const key = `${language}\u0000${text}`;
	const cached = cache.get(key);
	if (cached !== undefined) {
		// Refresh its place in the least-recently-used order.
		cache.delete(key);
		cache.set(key, cached);
		return cached;
	}

	let result: Array<StyledLine<Role>>;
	try {
		result = htmlToLines(hljs.highlight(text, {language: file, ignoreIllegals: true}).value);
	} catch {
		result = plainLines(lines);
	}

	if (result.length !== lines.length) {
		result = plainLines(lines);
	}

	rememberBounded(cache, key, result, cacheLimit);
	return result;
}
