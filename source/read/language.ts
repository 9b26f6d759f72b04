import path from 'node:path';

/** highlight.js language names by file extension. */
const byExtension: Readonly<Record<string, string>> = {
	ts: 'typescript',
	tsx: 'typescript',
	mts: 'typescript',
	cts: 'typescript',
	js: 'javascript',
	jsx: 'javascript',
	mjs: 'javascript',
	cjs: 'javascript',
	json: 'json',
	jsonc: 'json',
	jsonl: 'json',
	md: 'markdown',
	markdown: 'markdown',
	mdx: 'markdown',
	py: 'python',
	pyi: 'python',
	rb: 'ruby',
	go: 'go',
	rs: 'rust',
	java: 'java',
	kt: 'kotlin',
	kts: 'kotlin',
	scala: 'scala',
	swift: 'swift',
	c: 'c',
	h: 'c',
	cc: 'cpp',
	cpp: 'cpp',
	cxx: 'cpp',
	hpp: 'cpp',
	hh: 'cpp',
	cs: 'csharp',
	php: 'php',
	sh: 'bash',
	bash: 'bash',
	zsh: 'bash',
	fish: 'bash',
	ps1: 'powershell',
	sql: 'sql',
	html: 'xml',
	htm: 'xml',
	xml: 'xml',
	svg: 'xml',
	vue: 'xml',
	css: 'css',
	scss: 'scss',
	less: 'less',
	yaml: 'yaml',
	yml: 'yaml',
	toml: 'ini',
	ini: 'ini',
	cfg: 'ini',
	conf: 'ini',
	lua: 'lua',
	pl: 'perl',
	r: 'r',
	dart: 'dart',
	ex: 'elixir',
	exs: 'elixir',
	erl: 'erlang',
	hs: 'haskell',
	ml: 'ocaml',
	clj: 'clojure',
	zig: 'zig',
	diff: 'diff',
	patch: 'diff',
	graphql: 'graphql',
	proto: 'protobuf',
	tf: 'hcl',
	dockerfile: 'dockerfile',
	makefile: 'makefile',
	mk: 'makefile',
	cmake: 'cmake',
	gradle: 'gradle',
	tex: 'latex',
};

/** Files known by their whole name. */
const byName: Readonly<Record<string, string>> = {
	dockerfile: 'dockerfile',
	makefile: 'makefile',
	gnumakefile: 'makefile',
	'cmakelists.txt': 'cmake',
	'.bashrc': 'bash',
	'.zshrc': 'bash',
	'.profile': 'bash',
	'.gitignore': 'bash',
	'.env': 'bash',
};

/** A highlight.js language name guessed from a file's name, or undefined for plain text. */
export function guessLanguage(filePath: string): string | undefined {
	const name = path.basename(filePath).toLowerCase();
	const known = byName[name];
	if (known) {
		return known;
	}

	const dot = name.lastIndexOf('.');
	return dot > 0 ? byExtension[name.slice(dot + 1)] : undefined;
}
