import type {Node} from 'web-tree-sitter';
import type {Grammar} from './languages.js';

/** How one kind of syntax node becomes an outline entry. */
export type Rule = {
	/** function, class, method…; a function when the node decides (Go type specs, C typedefs). */
	readonly kind: string | ((node: Node) => string);
	/** Entries found inside are listed one level deeper (classes, impls, namespaces). */
	readonly container?: boolean;
	/** The entry's name; undefined means this node is not an entry after all (e.g. `const x = 1`). */
	readonly name: (node: Node) => string | undefined;
};

/** A grammar's outline rules. */
export type GrammarRules = {
	readonly rules: Readonly<Record<string, Rule>>;
	/** Nodes searched for entries without being entries: files, bodies, export and preprocessor wrappers. */
	readonly transparent: ReadonlySet<string>;
	/** Transparent nodes whose first line belongs to the entry inside (decorators, templates). */
	readonly wrappers: ReadonlySet<string>;
};

const maxNameChars = 80;

function clean(text: string | undefined): string | undefined {
	if (text === undefined) {
		return undefined;
	}

	const flat = text.replaceAll(/\s+/g, ' ').trim();
	if (flat === '') {
		return undefined;
	}

	return flat.length > maxNameChars ? `${flat.slice(0, maxNameChars - 1)}…` : flat;
}

/** The text of a named field. */
function field(name: string): (node: Node) => string | undefined {
	return (node) => clean(node.childForFieldName(name)?.text);
}

const declaratorWrappers = new Set([
	'function_declarator',
	'pointer_declarator',
	'reference_declarator',
	'parenthesized_declarator',
	'array_declarator',
	'attributed_declarator',
]);

/** C and C++: the declared name under pointer, reference and function declarators (`*f(int)` → `f`). */
function declaratorName(node: Node): string | undefined {
	let declarator = node.childForFieldName('declarator');
	for (let steps = 0; declarator && steps < 16; steps++) {
		if (!declaratorWrappers.has(declarator.type)) {
			return clean(declarator.text);
		}

		declarator = declarator.childForFieldName('declarator') ?? declarator.namedChildren.at(-1) ?? null;
	}

	return undefined;
}

const functionValues = new Set(['arrow_function', 'function_expression', 'function', 'generator_function']);

/**
JavaScript and TypeScript: `const f = () => …` and `const C = class {…}` are entries, `const x = 1` and
`const {a} = b` are not. Class fields name their key `name` in TypeScript, `property` in JavaScript.
*/
function valueName(node: Node): string | undefined {
	const value = node.childForFieldName('value');
	const name = node.childForFieldName('name') ?? node.childForFieldName('property');
	if (!value || !name || name.type === 'object_pattern' || name.type === 'array_pattern') {
		return undefined;
	}

	return functionValues.has(value.type) || value.type === 'class' ? clean(name.text) : undefined;
}

function valueKind(node: Node): string {
	return node.childForFieldName('value')?.type === 'class' ? 'class' : 'function';
}

const script: GrammarRules = {
	rules: {
		function_declaration: {kind: 'function', name: field('name')},
		generator_function_declaration: {kind: 'function', name: field('name')},
		class_declaration: {kind: 'class', container: true, name: field('name')},
		abstract_class_declaration: {kind: 'class', container: true, name: field('name')},
		method_definition: {kind: 'method', name: field('name')},
		abstract_method_signature: {kind: 'method', name: field('name')},
		interface_declaration: {kind: 'interface', name: field('name')},
		type_alias_declaration: {kind: 'type', name: field('name')},
		enum_declaration: {kind: 'enum', name: field('name')},
		internal_module: {kind: 'namespace', container: true, name: field('name')},
		module: {kind: 'module', container: true, name: field('name')},
		variable_declarator: {kind: valueKind, name: valueName},
		public_field_definition: {kind: 'method', name: valueName},
		field_definition: {kind: 'method', name: valueName},
	},
	transparent: new Set([
		'program',
		'export_statement',
		'lexical_declaration',
		'variable_declaration',
		'class_body',
		'expression_statement',
		'statement_block',
		'ambient_declaration',
	]),
	wrappers: new Set(),
};

const python: GrammarRules = {
	rules: {
		function_definition: {kind: 'function', name: field('name')},
		class_definition: {kind: 'class', container: true, name: field('name')},
	},
	transparent: new Set([
		'module',
		'block',
		'decorated_definition',
		'if_statement',
		'elif_clause',
		'else_clause',
		'try_statement',
		'except_clause',
		'finally_clause',
	]),
	wrappers: new Set(['decorated_definition']),
};

/** Go: `func (s *Server) Start()` is `Server.Start`. */
function goMethodName(node: Node): string | undefined {
	const name = node.childForFieldName('name')?.text;
	const receiver = node.childForFieldName('receiver')?.namedChildren[0]?.childForFieldName('type')?.text;
	if (name === undefined) {
		return undefined;
	}

	const type = receiver?.replaceAll('*', '').split('[')[0]?.trim();
	return clean(type ? `${type}.${name}` : name);
}

function goTypeKind(node: Node): string {
	const type = node.childForFieldName('type')?.type;
	return type === 'struct_type' ? 'struct' : type === 'interface_type' ? 'interface' : 'type';
}

const go: GrammarRules = {
	rules: {
		function_declaration: {kind: 'function', name: field('name')},
		method_declaration: {kind: 'method', name: goMethodName},
		type_spec: {kind: goTypeKind, name: field('name')},
		type_alias: {kind: 'type', name: field('name')},
	},
	transparent: new Set(['source_file', 'type_declaration']),
	wrappers: new Set(),
};

/** Rust: `impl Display for Point` or `impl Point`. */
function implName(node: Node): string | undefined {
	const type = node.childForFieldName('type')?.text;
	const trait = node.childForFieldName('trait')?.text;
	return clean(trait && type ? `${trait} for ${type}` : type);
}

const rust: GrammarRules = {
	rules: {
		function_item: {kind: 'function', name: field('name')},
		function_signature_item: {kind: 'function', name: field('name')},
		struct_item: {kind: 'struct', name: field('name')},
		enum_item: {kind: 'enum', name: field('name')},
		union_item: {kind: 'union', name: field('name')},
		trait_item: {kind: 'trait', container: true, name: field('name')},
		impl_item: {kind: 'impl', container: true, name: implName},
		mod_item: {kind: 'module', container: true, name: field('name')},
		type_item: {kind: 'type', name: field('name')},
		macro_definition: {kind: 'macro', name: field('name')},
	},
	transparent: new Set(['source_file', 'declaration_list']),
	wrappers: new Set(),
};

const java: GrammarRules = {
	rules: {
		class_declaration: {kind: 'class', container: true, name: field('name')},
		interface_declaration: {kind: 'interface', container: true, name: field('name')},
		enum_declaration: {kind: 'enum', container: true, name: field('name')},
		record_declaration: {kind: 'record', container: true, name: field('name')},
		annotation_type_declaration: {kind: 'annotation', container: true, name: field('name')},
		method_declaration: {kind: 'method', name: field('name')},
		constructor_declaration: {kind: 'constructor', name: field('name')},
		compact_constructor_declaration: {kind: 'constructor', name: field('name')},
	},
	transparent: new Set([
		'program',
		'class_body',
		'interface_body',
		'enum_body',
		'enum_body_declarations',
		'annotation_type_body',
	]),
	wrappers: new Set(),
};

/** A struct, union or enum with a body; `struct s *p;` uses the type and is no entry. */
function definedTagName(node: Node): string | undefined {
	return node.childForFieldName('body') ? clean(node.childForFieldName('name')?.text) : undefined;
}

const tagKinds: Readonly<Record<string, string>> = {
	struct_specifier: 'struct',
	union_specifier: 'union',
	enum_specifier: 'enum',
	class_specifier: 'class',
};

/** `typedef struct {…} point;` is the struct point; `typedef int id;` the type id. */
function typedefKind(node: Node): string {
	const type = node.childForFieldName('type');
	return type?.childForFieldName('body') ? (tagKinds[type.type] ?? 'type') : 'type';
}

const cTransparent = [
	'translation_unit',
	'preproc_ifdef',
	'preproc_if',
	'preproc_else',
	'preproc_elif',
	'preproc_elifdef',
	'linkage_specification',
	'declaration_list',
];

const c: GrammarRules = {
	rules: {
		function_definition: {kind: 'function', name: declaratorName},
		struct_specifier: {kind: 'struct', name: definedTagName},
		union_specifier: {kind: 'union', name: definedTagName},
		enum_specifier: {kind: 'enum', name: definedTagName},
		type_definition: {kind: typedefKind, name: declaratorName},
	},
	transparent: new Set(cTransparent),
	wrappers: new Set(),
};

const cpp: GrammarRules = {
	rules: {
		...c.rules,
		class_specifier: {kind: 'class', container: true, name: definedTagName},
		struct_specifier: {kind: 'struct', container: true, name: definedTagName},
		namespace_definition: {
			kind: 'namespace',
			container: true,
			name: (node) => clean(node.childForFieldName('name')?.text) ?? '(anonymous)',
		},
		alias_declaration: {kind: 'type', name: field('name')},
	},
	transparent: new Set([...cTransparent, 'field_declaration_list', 'template_declaration']),
	wrappers: new Set(['template_declaration']),
};

/** The outline rules of each grammar. */
export const grammarRules: Readonly<Record<Grammar, GrammarRules>> = {
	typescript: script,
	tsx: script,
	javascript: script,
	python,
	go,
	rust,
	java,
	c,
	cpp,
};
