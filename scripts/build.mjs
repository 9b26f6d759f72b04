/*
`npm run build`: builds dist/ with esbuild (types are checked apart, by `tsc --noEmit` in npm run check).
What the package ships is dist/'s top level (1, 3, 4 below); package.json's `files` lists it.

1. The CLI and the library, bundled: dist/cli.js (the bin) is its first module (source/cli.tsx, under
   1 KB: a lone --version or --help), dist/library.js is `import … from 'lector'` (source/library.ts)
   and dist/library-mcp.js `lector/mcp` (source/library-mcp.ts). The CLI is bundled apart from the
   library, so that its chunks are split by its own commands only (a `read --model-view` loads 18
   files, not 28), and minified (whitespace and syntax; names are kept for stack traces); meow goes in
   without its package.json normalisation (scripts/build/meow-without-package-json.mjs). The code
   that only some commands or formats use (the views, the agent, PDF, Word, notebooks, images,
   outlines) sits in chunks beside it (dist/chunk-*.js), loaded by the dynamic imports in the sources.
   Native, large or wasm-bearing packages stay in node_modules (`external` below) and are imported
   from there at run time; so do highlight.js's core and language files, which source/highlight/
   requires one by one at run time (highlight.js itself is not external: the help screen's
   ink-syntax-highlight brings its own highlight.js 10, which must be bundled with it, not resolved
   from dist/ to the 11 at the top of node_modules).
   The chunks lie flat in dist/ because code that starts a worker finds its file next to its own
   module (`new URL('./extract-worker.js', import.meta.url)`): the worker files are copied beside them.
   Packages with no native code nor wasm are inlined: the package's `dependencies` are only what
   stays external, so an install fetches no package that the bundle already holds (nor the old peer
   ranges of ink-syntax-highlight).
2. Every module of source/ compiled alone to the same path under dist/ (dist/read/index.js...), for the
   benchmarks, scripts and tests that load parts of lector in a plain node process; the worker files
   are copied next to them too. The package does not ship these.
3. What is copied rather than installed: pdf.js's legacy build with the fonts and CMaps it reads
   (dist/pdfjs/; pdfjs-dist itself would install a 32 MB canvas binary that reading text never
   uses), and the tree-sitter grammars lector outlines with (dist/grammars/, 9 of the 17 in
   @repomix/tree-sitter-wasms).
4. The library's type declarations (dist/types/, tsc with tsconfig.types.json).
Pass --if-changed to skip the build when nothing it reads (source/, package.json, package-lock.json,
this script and scripts/build/) is newer than the last build's stamp (npm start does;
test/scripts/build-if-changed.test.ts checks both ways).
*/

import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {meowWithoutPackageJson} from './build/meow-without-package-json.mjs';
import {yogaWithoutFetch} from './build/yoga-without-fetch.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'source');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-stamp');
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Packages left in node_modules: native code, wasm, or large and used by few commands. */
const external = [
	'sharp',
	// Only the document worker, copied as is, imports these two (pdf.js from dist/pdfjs/ in the package).
	'pdfjs-dist',
	'mammoth',
	'web-tree-sitter',
	'@repomix/tree-sitter-wasms',
	'ai',
	'@ai-sdk/*',
	'zod',
	// The MCP server's SDK: lector/mcp's types name its classes, so it is a dependency, not a copy.
	'@modelcontextprotocol/sdk',
	// Ink imports it only under DEV=true, and lector does not ship it.
	'react-devtools-core',
];

function sourceFiles() {
	return fs
		.readdirSync(source, {recursive: true, withFileTypes: true})
		.filter((entry) => entry.isFile())
		.map((entry) => path.join(entry.parentPath, entry.name));
}

/**
What a build reads besides node_modules: source/ (its folders too, whose times change when a file is
deleted or renamed), package.json (the version, the externals' ranges), the lock file (the bundled
packages' versions), and the build's own scripts.
*/
function buildInputs() {
	const folders = fs
		.readdirSync(source, {recursive: true, withFileTypes: true})
		.filter((entry) => entry.isDirectory())
		.map((entry) => path.join(entry.parentPath, entry.name));
	const scripts = path.dirname(fileURLToPath(import.meta.url));
	const ownScripts = fs
		.readdirSync(path.join(scripts, 'build'))
		.map((name) => path.join(scripts, 'build', name));
	return [
		...sourceFiles(),
		source,
		...folders,
		path.join(root, 'package.json'),
		path.join(root, 'package-lock.json'),
		fileURLToPath(import.meta.url),
		...ownScripts,
	].filter((file) => fs.existsSync(file));
}

function newestSourceMs() {
	return Math.max(...buildInputs().map((file) => fs.statSync(file).mtimeMs));
}

function upToDate() {
	return (
		fs.existsSync(stamp) &&
		fs.existsSync(path.join(dist, 'cli.js')) &&
		fs.statSync(stamp).mtimeMs >= newestSourceMs()
	);
}

const workers = sourceFiles().filter((file) => file.endsWith('.js'));
/**
The bundled entries, one per bin or package.json `exports` path, each written flat in dist/ (`out`) beside
the chunks: the bin, `import … from 'lector'` and `import … from 'lector/mcp'`.
*/
const bundledEntries = [
	{in: path.join(source, 'cli.tsx'), out: 'cli'},
	{in: path.join(source, 'library.ts'), out: 'library'},
	{in: path.join(source, 'library-mcp.ts'), out: 'library-mcp'},
];
const bundledSources = new Set(bundledEntries.map((entry) => entry.in));
const {name, version, description} = packageJson;
const define = {__LECTOR_PACKAGE__: JSON.stringify({name, version, description})};
// React and Ink pick their production builds (the development ones are larger and slower).
const bundleDefine = {...define, 'process.env.NODE_ENV': '"production"'};

/** One bundle of `entryPoints` with its chunks; `minify` for the CLI, whose start V8 parses each time. */
async function buildBundle(entryPoints, {minify}) {
	return build({
		entryPoints,
		outdir: dist,
		bundle: true,
		splitting: true,
		format: 'esm',
		platform: 'node',
		target: 'node20',
		chunkNames: 'chunk-[hash]',
		minifyWhitespace: minify,
		minifySyntax: minify,
		external,
		define: bundleDefine,
		jsx: 'automatic',
		metafile: true,
		logLevel: 'warning',
		plugins: [meowWithoutPackageJson, yogaWithoutFetch],
		// Bundled CommonJS packages call require() for node's own modules.
		banner: {
			js: "import {createRequire as __lectorCreateRequire} from 'node:module';\nconst require = __lectorCreateRequire(import.meta.url);",
		},
	});
}

async function buildModules() {
	const entryPoints = sourceFiles().filter((file) => /\.tsx?$/.test(file) && !bundledSources.has(file));
	await build({
		entryPoints,
		outbase: source,
		outdir: dist,
		format: 'esm',
		platform: 'node',
		target: 'node20',
		define,
		jsx: 'automatic',
		logLevel: 'warning',
	});
}

function copyWorkers() {
	for (const from of workers) {
		const nested = path.join(dist, path.relative(source, from));
		fs.mkdirSync(path.dirname(nested), {recursive: true});
		fs.copyFileSync(from, nested);
		fs.copyFileSync(from, path.join(dist, path.basename(from)));
	}
}

function copyPdfjs() {
	const from = path.join(root, 'node_modules', 'pdfjs-dist');
	const to = path.join(dist, 'pdfjs');
	fs.mkdirSync(to, {recursive: true});
	for (const file of ['pdf.mjs', 'pdf.worker.mjs']) {
		fs.copyFileSync(path.join(from, 'legacy', 'build', file), path.join(to, file));
	}

	fs.copyFileSync(path.join(from, 'LICENSE'), path.join(to, 'LICENSE'));
	for (const folder of ['cmaps', 'standard_fonts']) {
		fs.cpSync(path.join(from, folder), path.join(to, folder), {recursive: true});
	}
}

async function copyGrammars() {
	// The list lives in the engine; the module build (2) has just compiled it.
	const {grammars} = await import(pathToFileURL(path.join(dist, 'read', 'outline', 'languages.js')).href);
	const from = path.join(root, 'node_modules', '@repomix', 'tree-sitter-wasms');
	const to = path.join(dist, 'grammars');
	fs.mkdirSync(to, {recursive: true});
	fs.copyFileSync(path.join(from, 'LICENSE'), path.join(to, 'LICENSE'));
	for (const grammar of grammars) {
		const file = `tree-sitter-${grammar}.wasm`;
		fs.copyFileSync(path.join(from, 'out', file), path.join(to, file));
	}
}

/**
tsc writes a declaration for every module the library's program holds; keep only those that
library.d.ts and library-mcp.d.ts reach through their imports (a consumer's tsc reads no other), so the package ships no
file nothing loads.
*/
function pruneTypes() {
	const types = path.join(dist, 'types');
	const reached = new Set();
	// Every bundled entry but the bin is a package entry with declarations (tsconfig.types.json's files).
	const pending = bundledEntries
		.filter((entry) => entry.out !== 'cli')
		.map((entry) => path.join(types, `${entry.out}.d.ts`));
	while (pending.length > 0) {
		const file = pending.pop();
		if (reached.has(file) || !fs.existsSync(file)) {
			continue;
		}

		reached.add(file);
		const text = fs.readFileSync(file, 'utf8');
		for (const [, specifier] of text.matchAll(/(?:from\s*|import\()\s*['"](\.[^'"]+)['"]/g)) {
			pending.push(path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.d.ts')));
		}
	}

	for (const entry of fs.readdirSync(types, {recursive: true, withFileTypes: true})) {
		const file = path.join(entry.parentPath, entry.name);
		if (entry.isFile() && !reached.has(file)) {
			fs.rmSync(file);
		}
	}
}

/** Runs tsc to write dist/types/ (about 10 s, beside esbuild's work). */
function emitTypes() {
	return new Promise((resolve, reject) => {
		const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
		const child = spawn(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.types.json')], {
			stdio: 'inherit',
		});
		child.on('error', reject);
		child.on('exit', (code) => {
			if (code === 0) {
				resolve();
			} else {
				reject(new Error(`tsc -p tsconfig.types.json exited with ${code}`));
			}
		});
	});
}

if (process.argv.includes('--if-changed') && upToDate()) {
	process.exit(0);
}

// The stamp carries the time the build started: a source saved while it runs is newer, so it is built next time.
const startedAt = new Date();
fs.rmSync(dist, {recursive: true, force: true});
const [cli] = await Promise.all([
	buildBundle(
		bundledEntries.filter((entry) => entry.out === 'cli'),
		{minify: true},
	),
	buildBundle(
		bundledEntries.filter((entry) => entry.out !== 'cli'),
		{minify: false},
	),
	buildModules(),
	emitTypes(),
]);
copyWorkers();
copyPdfjs();
await copyGrammars();
pruneTypes();
// What the CLI's bundle holds, file by file (esbuild's metafile), to see what a command loads.
fs.writeFileSync(path.join(dist, 'meta.json'), JSON.stringify(cli.metafile));
fs.chmodSync(path.join(dist, 'cli.js'), 0o755);
fs.writeFileSync(stamp, `${startedAt.toISOString()}\n`);
fs.utimesSync(stamp, startedAt, startedAt);
