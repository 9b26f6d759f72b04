/** Telling marked's own tokens from an extension's generic ones, so a switch on `type` narrows. */
import type {MarkedToken, Token} from 'marked';

const markedTypes: ReadonlySet<string> = new Set<MarkedToken['type']>([
	'blockquote',
	'br',
	'checkbox',
	'code',
	'codespan',
	'def',
	'del',
	'em',
	'escape',
	'heading',
	'hr',
	'html',
	'image',
	'link',
	'list',
	'list_item',
	'paragraph',
	'space',
	'strong',
	'table',
	'text',
]);

/** True for a token of one of marked's own types (lector registers no extension, so every token). */
export function isMarkedToken(token: Token): token is MarkedToken {
	return markedTypes.has(token.type);
}
