import path from 'node:path';

/**
The tree-sitter grammars lector ships (wasm builds from @repomix/tree-sitter-wasms): `npm run build`
copies these, and only these, into dist/grammars/.
*/
export const grammars = [
	'typescript',
	'tsx',
	'javascript',
	'python',
	'go',
	'rust',
	'java',
	'c',
	'cpp',
] as const;
export type Grammar = (typeof grammars)[number];

/** What an outline is made with: a tree-sitter grammar, or the Markdown heading scan. */
export type OutlineLanguage = Grammar | 'markdown';

const byExtension: Readonly<Record<string, OutlineLanguage>> = {
	ts: 'typescript',
	mts: 'typescript',
	cts: 'typescript',
	tsx: 'tsx',
	js: 'javascript',
	jsx: 'javascript',
	mjs: 'javascript',
	cjs: 'javascript',
	py: 'python',
	pyi: 'python',
	go: 'go',
	rs: 'rust',
	java: 'java',
	c: 'c',
	h: 'c',
	cc: 'cpp',
	cpp: 'cpp',
	cxx: 'cpp',
	'c++': 'cpp',
	hpp: 'cpp',
	hh: 'cpp',
	hxx: 'cpp',
	md: 'markdown',
	markdown: 'markdown',
	mdx: 'markdown',
};

/** The language to outline a file with, from its name; undefined when lector cannot outline it. */
export function outlineLanguageOf(filePath: string): OutlineLanguage | undefined {
	const name = path.basename(filePath).toLowerCase();
	const dot = name.lastIndexOf('.');
	return dot > 0 ? byExtension[name.slice(dot + 1)] : undefined;
}

/** For messages: the languages that have outlines. */
export const outlineLanguageNames =
	'TypeScript, TSX, JavaScript, Python, Go, Rust, Java, C, C++ and Markdown';
