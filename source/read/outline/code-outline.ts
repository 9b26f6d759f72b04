import type {Node} from 'web-tree-sitter';
import type {OutlineEntry} from '../types.js';
import type {GrammarRules} from './rules.js';

/** Kinds whose functions are methods. */
const classLike = new Set(['class', 'struct', 'impl', 'trait', 'interface', 'enum', 'record', 'union']);

/** Deeper nesting than this is not searched: outlines are for finding one's way, and stacks are finite. */
const maxNesting = 48;

/** 1-based last line: a node that ends at the start of a line (after its newline) ends on the line before. */
function lastLine(node: Node): number {
	const {row, column} = node.endPosition;
	return column === 0 && row > node.startPosition.row ? row : row + 1;
}

type Scope = {
	readonly depth: number;
	/** The nearest enclosing entry is class-like, so functions here are methods. */
	readonly inClass: boolean;
	/** 0-based first row of a wrapper (decorators, template<…>) the next entry starts at. */
	readonly wrapperRow: number | undefined;
};

/**
The outline of a parsed file: its definitions in document order with 1-based line ranges. Only
files, bodies and wrappers are searched (never function bodies), so the cost follows the number of
top-level statements and members, not the size of the code.
*/
export function outlineTree(root: Node, {rules, transparent, wrappers}: GrammarRules): OutlineEntry[] {
	const entries: OutlineEntry[] = [];

	const visit = (node: Node, scope: Scope, nesting: number): void => {
		if (nesting > maxNesting) {
			return;
		}

		const rule = rules[node.type];
		const name = rule?.name(node);
		if (rule && name !== undefined) {
			const declared = typeof rule.kind === 'string' ? rule.kind : rule.kind(node);
			const kind = declared === 'function' && scope.inClass ? 'method' : declared;
			entries.push({
				kind,
				name,
				startLine: (scope.wrapperRow ?? node.startPosition.row) + 1,
				endLine: lastLine(node),
				depth: scope.depth,
			});
			if (rule.container) {
				const inner = {depth: scope.depth + 1, inClass: classLike.has(kind), wrapperRow: undefined};
				for (const child of node.namedChildren) {
					visit(child, inner, nesting + 1);
				}
			}

			return;
		}

		if (!transparent.has(node.type)) {
			return;
		}

		const wrapperRow = wrappers.has(node.type) ? (scope.wrapperRow ?? node.startPosition.row) : undefined;
		const inner = {...scope, wrapperRow};
		for (const child of node.namedChildren) {
			visit(child, inner, nesting + 1);
		}
	};

	visit(root, {depth: 0, inClass: false, wrapperRow: undefined}, 0);
	return entries;
}
