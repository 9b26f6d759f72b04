/*
`npm run build`: builds dist/ with esbuild (types are checked apart, by `tsc --noEmit` in npm run check).

1. The CLI, bundled: dist/cli.js (the bin) is one ESM file with what every command needs; the code
   that only some commands or formats use (the views, the agent, PDF, Word, notebooks, images,
   outlines) sits in chunks beside it (dist/chunk-*.js), loaded by the dynamic imports in the sources.
   Native, large or wasm-bearing packages stay in node_modules (`external` below) and are imported
   from there at run time; so do highlight.js's core and language files, which source/highlight/
   requires one by one at run time (highlight.js itself is not external: the help screen's
   ink-syntax-highlight brings its own highlight.js 10, which must be bundled with it, not resolved
   from dist/ to the 11 at the top of node_modules).
   The chunks lie flat in dist/ because code that starts a worker finds its file next to its own
   module (`new URL('./extract-worker.js', import.meta.url)`): the worker files are copied beside them.
2. Every module of source/ compiled alone to the same path under dist/ (dist/read/index.js...), for the
   benchmarks, scripts and tests that load parts of lector in a plain node process; the worker files
   are copied next to them too.
Pass --if-changed to skip the build when nothing under source/ (nor package.json, nor this script) is
newer than the last build's stamp (npm start does).
*/
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'source');
const dist = path.join(root, 'dist');
const stamp = path.join(dist, '.build-stamp');
const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Packages left in node_modules: native code, wasm, or large and used by few commands. */
const external = [
	'sharp',
	'pdfjs-dist',
	'mammoth',
	'web-tree-sitter',
	'@repomix/tree-sitter-wasms',
	'ai',
	'@ai-sdk/*',
	'zod',
	// Ink imports it only under DEV=true, and lector does not ship it.
	'react-devtools-core',
];

function sourceFiles() {
	return fs
		.readdirSync(source, {recursive: true, withFileTypes: true})
		.filter((entry) => entry.isFile())
		.map((entry) => path.join(entry.parentPath, entry.name));
}

function newestSourceMs() {
	const inputs = [...sourceFiles(), path.join(root, 'package.json'), fileURLToPath(import.meta.url)];
	return Math.max(...inputs.map((file) => fs.statSync(file).mtimeMs));
}

function upToDate() {
	return (
		fs.existsSync(stamp) &&
		fs.existsSync(path.join(dist, 'cli.js')) &&
		fs.statSync(stamp).mtimeMs >= newestSourceMs()
	);
}

const workers = sourceFiles().filter((file) => file.endsWith('.js'));
const {name, version, description} = packageJson;
const define = {__LECTOR_PACKAGE__: JSON.stringify({name, version, description})};
// React and Ink pick their production builds (the development ones are larger and slower).
const bundleDefine = {...define, 'process.env.NODE_ENV': '"production"'};

async function buildCli() {
	return build({
		entryPoints: [path.join(source, 'cli.tsx')],
		outdir: dist,
		bundle: true,
		splitting: true,
		format: 'esm',
		platform: 'node',
		target: 'node20',
		chunkNames: 'chunk-[hash]',
		external,
		define: bundleDefine,
		jsx: 'automatic',
		metafile: true,
		logLevel: 'warning',
		// Bundled CommonJS packages call require() for node's own modules.
		banner: {
			js: "import {createRequire as __lectorCreateRequire} from 'node:module';\nconst require = __lectorCreateRequire(import.meta.url);",
		},
	});
}

async function buildModules() {
	const entryPoints = sourceFiles().filter(
		(file) => /\.tsx?$/.test(file) && file !== path.join(source, 'cli.tsx'),
	);
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

if (process.argv.includes('--if-changed') && upToDate()) {
	process.exit(0);
}

fs.rmSync(dist, {recursive: true, force: true});
const [cli] = await Promise.all([buildCli(), buildModules()]);
copyWorkers();
fs.writeFileSync(path.join(dist, 'meta.json'), JSON.stringify(cli.metafile));
fs.chmodSync(path.join(dist, 'cli.js'), 0o755);
fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
