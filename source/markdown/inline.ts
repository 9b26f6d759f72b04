/**
marked's inline tokens as styled segments. Every piece of text is sanitised here, where it leaves
the parser: the model's text (and an entity it spelled, which marked decodes) can hold escape
sequences, and none may reach the terminal. Links show as `text (url)`, never as a terminal hyperlink.
*/
import type {Token} from 'marked';
import {sanitizeLine} from '../text/sanitize.js';
import type {Segment} from '../text/styled.js';
import type {Role} from '../theme/roles.js';
import {isMarkedToken} from './tokens.js';

/** What surrounds a run of text: the role of its block and the emphasis around it. */
type Marks = {
	readonly base: Role;
	readonly strong: boolean;
	readonly em: boolean;
	readonly del: boolean;
	readonly link: boolean;
};

/** Rows of segments: one per hard line break (a soft break is a space, as in CommonMark). */
export type InlineLines = Array<Array<Segment<Role>>>;

const namedEntities: Record<string, string> = {
	'&amp;': '&',
	'&lt;': '<',
	'&gt;': '>',
	'&quot;': '"',
	'&apos;': "'",
	'&nbsp;': ' ',
};

/** The few named entities a model writes (marked decodes numeric ones itself, and leaves these). */
function decodeEntities(text: string): string {
	return text.includes('&')
		? text.replaceAll(/&(?:amp|lt|gt|quot|apos|nbsp);/g, (entity) => namedEntities[entity] ?? entity)
		: text;
}

/** Prose text made one line and terminal-safe: soft breaks become spaces. */
export function cleanText(text: string): string {
	return sanitizeLine(decodeEntities(text).replaceAll('\n', ' '));
}

/** A URL made terminal-safe: its controls become placeholders, so it cannot end the line or open a sequence. */
export function cleanUrl(url: string): string {
	return sanitizeLine(url.replaceAll(/\s+/g, ' ').trim());
}

function roleOf(marks: Marks): Role {
	if (marks.link) {
		return 'link';
	}

	if (marks.base === 'heading') {
		return 'heading';
	}

	if (marks.strong && marks.em) {
		return 'strongEmphasis';
	}

	if (marks.strong) {
		return 'strong';
	}

	if (marks.em) {
		return 'emphasis';
	}

	return marks.del ? 'strike' : marks.base;
}

class LineBuilder {
	readonly lines: InlineLines = [[]];

	push(text: string, role: Role): void {
		if (text === '') {
			return;
		}

		const line = this.lines.at(-1);
		const last = line?.at(-1);
		if (line !== undefined && last?.role === role) {
			line[line.length - 1] = {text: last.text + text, role};
		} else {
			line?.push({text, role});
		}
	}

	breakLine(): void {
		this.lines.push([]);
	}
}

function walk(tokens: readonly Token[], marks: Marks, out: LineBuilder): void {
	for (const token of tokens) {
		if (!isMarkedToken(token)) {
			out.push(cleanText(token.raw), roleOf(marks));
			continue;
		}

		switch (token.type) {
			case 'strong': {
				walk(token.tokens, {...marks, strong: true}, out);
				break;
			}

			case 'em': {
				walk(token.tokens, {...marks, em: true}, out);
				break;
			}

			case 'del': {
				walk(token.tokens, {...marks, del: true}, out);
				break;
			}

			case 'codespan': {
				out.push(sanitizeLine(token.text.replaceAll('\n', ' ')), marks.link ? 'link' : 'inlineCode');
				break;
			}

			case 'checkbox': {
				// A task item's box; the list draws it beside the item's marker.
				break;
			}

			case 'br': {
				out.breakLine();
				break;
			}

			case 'link': {
				walk(token.tokens, {...marks, link: true}, out);
				// An autolink's words are its URL (`mailto:` left off for an address): say it once.
				const words = cleanText(token.text);
				const url = cleanUrl(token.href);
				if (url !== '' && url !== words && url !== `mailto:${words}`) {
					out.push(` (${url})`, 'url');
				}

				break;
			}

			case 'image': {
				const alt = cleanText(token.text);
				out.push(alt === '' ? 'image' : `image: ${alt}`, 'link');
				const url = cleanUrl(token.href);
				if (url !== '') {
					out.push(` (${url})`, 'url');
				}

				break;
			}

			case 'text': {
				if (token.tokens === undefined) {
					out.push(cleanText(token.text), roleOf(marks));
				} else {
					walk(token.tokens, marks, out);
				}

				break;
			}

			case 'escape': {
				out.push(cleanText(token.text), roleOf(marks));
				break;
			}

			default: {
				// Raw HTML (`<b>`, `<br>`) and anything else inline shows as the plain text it was written as.
				out.push(cleanText(token.raw), roleOf(marks));
			}
		}
	}
}

/** Inline tokens as lines of styled segments, in a block of role `base` (`heading`, `quote`...). */
export function inlineLines(tokens: readonly Token[], base: Role): InlineLines {
	const out = new LineBuilder();
	walk(tokens, {base, strong: false, em: false, del: false, link: false}, out);
	return out.lines;
}
