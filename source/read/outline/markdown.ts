import type {OutlineEntry} from '../types.js';

const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const fenceOpen = /^ {0,3}(`{3,}|~{3,})/;
const setextUnderline = /^ {0,3}(=+|-+)[ \t]*$/;
/** Lines that cannot be the text of a setext heading: blank, list items, quotes, indented code, HTML. */
const notParagraph = /^(?:\s*$| {0,3}(?:[-+*]\s|\d{1,9}[.)]\s|>|<|#)| {4}|\t)/;
/** `---`, `* * *`, `___`: a rule, not paragraph text, when no paragraph is open. */
const thematicBreak = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

type Heading = {readonly level: number; readonly text: string; readonly line: number};

/** The YAML front matter's last line (`---` … `---` at the very top), or 0 when there is none. */
function frontMatterEnd(lines: readonly string[]): number {
	if (lines[0]?.trimEnd() !== '---') {
		return 0;
	}

	for (let index = 1; index < lines.length; index++) {
		const line = lines[index]?.trimEnd();
		if (line === '---' || line === '...') {
			return index + 1;
		}
	}

	return 0;
}

function findHeadings(lines: readonly string[]): Heading[] {
	const headings: Heading[] = [];
	let fence: string | undefined;
	/** The open paragraph: its first line's index and its lines, which a setext underline turns into a heading. */
	let paragraph: {readonly start: number; readonly lines: string[]} | undefined;
	for (let index = frontMatterEnd(lines); index < lines.length; index++) {
		const line = lines[index] ?? '';
		if (fence !== undefined) {
			// A fence closes with the same character, at least as long, and nothing else on the line.
			const close = fenceOpen.exec(line)?.[1];
			if (close?.startsWith(fence) && line.trim() === close) {
				fence = undefined;
			}

			continue;
		}

		const open = fenceOpen.exec(line)?.[1];
		if (open !== undefined) {
			fence = open;
			paragraph = undefined;
			continue;
		}

		const atx = atxHeading.exec(line);
		if (atx) {
			headings.push({level: atx[1]?.length ?? 1, text: (atx[2] ?? '').trim(), line: index + 1});
			paragraph = undefined;
			continue;
		}

		const underline = setextUnderline.exec(line)?.[1];
		if (underline !== undefined && paragraph !== undefined) {
			const text = paragraph.lines.map((part) => part.trim()).join(' ');
			headings.push({level: underline.startsWith('=') ? 1 : 2, text, line: paragraph.start + 1});
			paragraph = undefined;
			continue;
		}

		if (notParagraph.test(line) || thematicBreak.test(line)) {
			paragraph = undefined;
		} else if (paragraph) {
			paragraph.lines.push(line);
		} else {
			paragraph = {start: index, lines: [line]};
		}
	}

	return headings;
}

/**
The headings of a Markdown text (ATX `#` and setext underlines, not inside fenced code or front
matter), each running to the line before the next heading of the same or a higher level. Depth is
the level minus one: a `##` heading has depth 1.
*/
export function markdownOutline(text: string): OutlineEntry[] {
	const lines = text.split(/\r\n|\r|\n/);
	if (lines.at(-1) === '') {
		lines.pop();
	}

	const headings = findHeadings(lines);
	const ends = headings.map(() => lines.length);
	// Headings still open, innermost last: a new heading closes every open one of its level or deeper.
	const open: number[] = [];
	for (const [index, heading] of headings.entries()) {
		while (open.length > 0 && (headings[open.at(-1) ?? 0]?.level ?? 0) >= heading.level) {
			ends[open.pop() ?? 0] = heading.line - 1;
		}

		open.push(index);
	}

	return headings.map((heading, index) => ({
		kind: 'heading',
		name: heading.text || '(empty heading)',
		startLine: heading.line,
		endLine: Math.max(heading.line, ends[index] ?? heading.line),
		depth: heading.level - 1,
	}));
}
