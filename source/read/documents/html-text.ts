/**
Turns the HTML that mammoth writes for a Word document into Markdown-like lines: `#` headings,
`-` and `1.` list items (indented by depth), `| a | b |` table rows, **bold**, *italic* and links.
Mammoth emits a small, well-formed set of tags, so a tokenizer and a stack are enough; this is not
a general HTML parser.
*/

const entities: Readonly<Record<string, string>> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

function decode(text: string): string {
	return text.replaceAll(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
		if (name.startsWith('#x') || name.startsWith('#X')) {
			return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
		}

		if (name.startsWith('#')) {
			return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
		}

		return entities[name.toLowerCase()] ?? whole;
	});
}

function attribute(attributes: string, name: string): string | undefined {
	const match = new RegExp(`\\b${name}="([^"]*)"`).exec(attributes);
	return match?.[1] === undefined ? undefined : decode(match[1]);
}

type List = {readonly ordered: boolean; next: number};
type Group = 'block' | 'list' | 'table';

/** Collects output lines, with a blank line between paragraphs and around lists and tables. */
class Output {
	readonly lines: string[] = [];
	private lastGroup: Group | undefined;

	emit(text: string, group: Group): void {
		const lines = text
			.split('\n')
			.map((line) => line.trimEnd())
			.filter((line, index) => index === 0 || line.trim() !== '');
		if (lines.every((line) => line.trim() === '')) {
			return;
		}

		if (this.lastGroup !== undefined && (group === 'block' || group !== this.lastGroup)) {
			this.lines.push('');
		}

		this.lines.push(...lines);
		this.lastGroup = group;
	}
}

function tableLines(rows: readonly string[][]): string[] {
	const width = Math.max(...rows.map((row) => row.length));
	const line = (row: readonly string[]) =>
		`| ${Array.from({length: width}, (_, index) => row[index] ?? '').join(' | ')} |`;
	const [head, ...body] = rows;
	if (head === undefined) {
		return [];
	}

	return [line(head), line(Array.from({length: width}, () => '---')), ...body.map((row) => line(row))];
}

/** Mammoth's HTML as readable lines. */
export function htmlToLines(html: string): string[] {
	const output = new Output();
	const lists: List[] = [];
	const tables: Array<{rows: string[][]; cell: string | undefined}> = [];
	let buffer = '';
	let heading = 0;
	let link: string | undefined;

	const table = () => tables.at(-1);
	const write = (text: string) => {
		const current = table();
		if (current?.cell === undefined) {
			buffer += text;
		} else {
			current.cell += text;
		}
	};

	const flush = (group: Group, prefix = '') => {
		if (buffer.trim() !== '') {
			output.emit(prefix + buffer.trim(), group);
		}

		buffer = '';
	};

	const listPrefix = () => {
		const list = lists.at(-1);
		if (list === undefined) {
			return '';
		}

		const indent = '  '.repeat(lists.length - 1);
		return list.ordered ? `${indent}${list.next++}. ` : `${indent}- `;
	};

	let pendingItem = '';
	for (const match of html.matchAll(/<(\/?)([a-z\d]+)([^>]*)>|([^<]+)/gi)) {
		const [, closing, rawTag, attributes = '', text] = match;
		if (text !== undefined) {
			write(decode(text));
			continue;
		}

		const tag = (rawTag ?? '').toLowerCase();
		const open = closing === '';
		switch (tag) {
			case 'h1':
			case 'h2':
			case 'h3':
			case 'h4':
			case 'h5':
			case 'h6': {
				if (open) {
					heading = Number(tag.slice(1));
				} else {
					flush('block', `${'#'.repeat(heading)} `);
					heading = 0;
				}

				break;
			}

			case 'p': {
				// Inside a table cell or a list item, paragraphs join their container's text.
				if (!open && table()?.cell === undefined && lists.length === 0) {
					flush('block');
				} else if (!open) {
					write(' ');
				}

				break;
			}

			case 'ul':
			case 'ol': {
				if (open) {
					flush('list', pendingItem);
					pendingItem = '';
					lists.push({ordered: tag === 'ol', next: 1});
				} else {
					lists.pop();
				}

				break;
			}

			case 'li': {
				if (open) {
					pendingItem = listPrefix();
				} else {
					flush('list', pendingItem);
					pendingItem = '';
				}

				break;
			}

			case 'table': {
				if (open) {
					flush('block');
					tables.push({rows: [], cell: undefined});
				} else {
					const done = tables.pop();
					if (done !== undefined) {
						output.emit(tableLines(done.rows).join('\n'), 'table');
					}
				}

				break;
			}

			case 'tr': {
				if (open) {
					table()?.rows.push([]);
				}

				break;
			}

			case 'td':
			case 'th': {
				const current = table();
				if (current !== undefined) {
					if (open) {
						current.cell = '';
					} else {
						const cell = (current.cell ?? '').replaceAll(/\s+/g, ' ').trim().replaceAll('|', '\\|');
						current.rows.at(-1)?.push(cell);
						current.cell = undefined;
					}
				}

				break;
			}

			case 'strong':
			case 'b': {
				write('**');
				break;
			}

			case 'em':
			case 'i': {
				write('*');
				break;
			}

			case 'a': {
				const href = open ? attribute(attributes, 'href') : undefined;
				if (open) {
					link = href !== undefined && !href.startsWith('#') ? href : undefined;
					if (link !== undefined) {
						write('[');
					}
				} else if (link !== undefined) {
					write(`](${link})`);
					link = undefined;
				}

				break;
			}

			case 'img': {
				const alt = attribute(attributes, 'alt');
				write(alt ? `[image: ${alt}]` : '[image]');
				break;
			}

			case 'br': {
				write(table()?.cell === undefined ? '\n' : ' ');
				break;
			}

			default: {
				break;
			}
		}
	}

	flush('block');
	return output.lines;
}
