/** Semantic colour roles. Panels say what a piece of text is; a theme decides how it looks. */
export type Role =
	| 'text'
	| 'dim'
	| 'gutter'
	| 'toolName'
	| 'path'
	| 'range'
	| 'count'
	| 'hint'
	| 'warning'
	| 'error'
	| 'skill'
	| 'resource'
	| 'focus'
	| 'spinner'
	| 'user'
	| 'assistant'
	| 'notice'
	| 'status'
	| 'keyword'
	| 'string'
	| 'comment'
	| 'number'
	| 'title'
	| 'type'
	| 'literal'
	| 'builtIn'
	| 'attribute'
	| 'meta'
	| 'regexp'
	| 'symbol'
	| 'variable'
	| 'addition'
	| 'deletion'
	| 'section'
	// Markdown in the model's answers (panels/markdown-view.ts).
	| 'heading'
	| 'strong'
	| 'emphasis'
	| 'strongEmphasis'
	| 'strike'
	| 'inlineCode'
	| 'link'
	| 'url'
	| 'quote'
	| 'bullet';

/** The 16-colour palette's foreground names; their SGR codes are in theme/ansi.ts. */
export type Ansi16Color =
	| 'brightBlack'
	| 'red'
	| 'green'
	| 'yellow'
	| 'blue'
	| 'magenta'
	| 'cyan'
	| 'brightRed'
	| 'brightGreen'
	| 'brightYellow'
	| 'brightBlue'
	| 'brightMagenta'
	| 'brightCyan';

/** How one role looks: a 24-bit foreground colour (`#rrggbb`) and text attributes. */
export type Style = {
	readonly color?: string;
	/**
	The colour at 16 colours, when the nearest of the 16 to `color` would not do: the theme's pastels
	are all nearest to white there, so keywords, names, numbers and strings would look alike.
	*/
	readonly color16?: Ansi16Color;
	readonly bold?: boolean;
	readonly dim?: boolean;
	readonly italic?: boolean;
	readonly inverse?: boolean;
	readonly underline?: boolean;
	readonly strikethrough?: boolean;
};

/** A complete mapping from roles to styles. */
export type Theme = {
	readonly name: string;
	readonly styles: Readonly<Record<Role, Style>>;
};

/**
Map a highlight.js scope (the `hljs-` class without its prefix, e.g. `title.function`) to a role.
The first dotted part decides; unknown scopes fall back to plain text.
*/
export function roleForScope(scope: string): Role {
	const head = scope.split('.')[0] ?? '';
	switch (head) {
		case 'keyword':
		case 'selector-tag':
		case 'doctag': {
			return 'keyword';
		}

		case 'string':
		case 'char':
		case 'template-tag':
		case 'template-variable': {
			return 'string';
		}

		case 'comment':
		case 'quote': {
			return 'comment';
		}

		case 'number': {
			return 'number';
		}

		case 'title':
		case 'name':
		case 'selector-id':
		case 'selector-class': {
			return 'title';
		}

		case 'type':
		case 'class': {
			return 'type';
		}

		case 'literal': {
			return 'literal';
		}

		case 'built_in': {
			return 'builtIn';
		}

		case 'attr':
		case 'attribute':
		case 'property':
		case 'selector-attr':
		case 'selector-pseudo':
		case 'params': {
			return 'attribute';
		}

		case 'meta':
		case 'tag': {
			return 'meta';
		}

		case 'regexp':
		case 'link': {
			return 'regexp';
		}

		case 'symbol':
		case 'bullet': {
			return 'symbol';
		}

		case 'variable':
		case 'subst': {
			return 'variable';
		}

		case 'addition': {
			return 'addition';
		}

		case 'deletion': {
			return 'deletion';
		}

		case 'section': {
			return 'section';
		}

		default: {
			return 'text';
		}
	}
}
