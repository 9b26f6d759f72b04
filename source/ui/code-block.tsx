/**
A small highlighted code block for fixed snippets (the help screen's config example), drawn by
ink-syntax-highlight. Transcript panels do not use it: they need per-line segments to cut, wrap and
number, and highlight only the rows on screen, so they call highlight.js directly (see
source/highlight). The code is sanitised first, like every text lector prints.
*/
import SyntaxHighlight from 'ink-syntax-highlight';
import {sanitizeLines} from '../text/sanitize.js';

type Props = {
	readonly code: string;
	/** A highlight.js language name. */
	readonly language: string;
};

/** Highlighted, sanitised code. */
export default function CodeBlock({code, language}: Props) {
	return <SyntaxHighlight code={sanitizeLines(code).join('\n')} language={language} />;
}
