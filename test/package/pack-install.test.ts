/**
The package as a user gets it: `npm pack` of the built dist/ (npm test builds it first), installed with
`npm install -g` into a temporary prefix, then the installed `lector` run; and a temporary TypeScript
project that installs the same tarball, type-checks and runs docs/library.md's example.

Dependencies come from the local npm cache (`--prefer-offline`): after `npm ci` it holds every tarball,
but not always the registry's version lists, which a cold cache fetches once. Slow (about 30 s).
*/
import {execFile} from 'node:child_process';
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {beforeAll, describe, expect, it} from 'vitest';
import {makeTempDir} from '../helpers/temp-dir.js';
import {root} from '../helpers/transcripts.js';

const run = promisify(execFile);
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {version: string};
const npmFlags = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn'];

/** The version of a dev dependency installed in the project, to ask the cache for the same one. */
function installedVersion(name: string): string {
	const manifest = JSON.parse(
		readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'),
	) as {
		version: string;
	};
	return manifest.version;
}

/** The first TypeScript block of docs/library.md: the example the docs promise works. */
function libraryExample(): string {
	const docs = readFileSync(path.join(root, 'docs', 'library.md'), 'utf8');
	const example = /```ts\n([\s\S]*?)```/.exec(docs)?.[1];
	if (example === undefined) {
		throw new Error('docs/library.md has no ```ts example');
	}

	return example;
}

/**
The environment without what `npm test` sets for its script: npm_config_local_prefix (and prefix) would
make `npm install` in the temporary project install into this repository. The cache settings stay.
*/
function npmEnvironment(): NodeJS.ProcessEnv {
	const dropped = /^npm_(config_(local_prefix|prefix|global_prefix|call)|package_|lifecycle_|command)/;
	return Object.fromEntries(Object.entries(process.env).filter(([name]) => !dropped.test(name)));
}

async function npm(args: readonly string[], cwd: string): Promise<string> {
	const {stdout, stderr} = await run('npm', [...args], {
		cwd,
		env: npmEnvironment(),
		maxBuffer: 64 * 1024 * 1024,
	});
	return `${stdout}${stderr}`;
}

describe('the packed tarball', {timeout: 300_000}, () => {
	const temp = makeTempDir('lector-pack-');
	const prefix = path.join(temp, 'prefix');
	let tarball = '';
	let installOutput = '';

	beforeAll(async () => {
		// --ignore-scripts: prepack would rebuild dist/ under the other test files that run it.
		const packed = await npm(['pack', root, '--ignore-scripts', '--pack-destination', temp, '--json'], temp);
		const [{filename}] = JSON.parse(packed.slice(packed.indexOf('['))) as [{filename: string}];
		tarball = path.join(temp, filename);
		installOutput = await npm(['install', '-g', tarball, '--prefix', prefix, ...npmFlags], temp);
	}, 300_000);

	it('installs without a warning, and without pdfjs-dist, its canvas binary or all the grammars', () => {
		expect(installOutput).not.toMatch(/warn|peer|ERESOLVE/i);
		const installed = path.join(prefix, 'lib', 'node_modules', 'lector');
		expect(existsSync(path.join(installed, 'dist', 'cli.js'))).toBe(true);
		for (const unused of ['@napi-rs/canvas', 'pdfjs-dist', '@repomix/tree-sitter-wasms', 'ink', 'react']) {
			expect(existsSync(path.join(installed, 'node_modules', unused)), unused).toBe(false);
		}

		// Only dist/'s top level: the module build (dist/read/...) is for the project's own scripts.
		expect(existsSync(path.join(installed, 'dist', 'read'))).toBe(false);
		expect(existsSync(path.join(installed, 'LICENSE'))).toBe(true);
	});

	it('runs lector --version, read (text, PDF, outline) and replay --print from the prefix', async () => {
		const lector = path.join(prefix, 'bin', 'lector');
		const version = await run(lector, ['--version'], {cwd: temp});
		expect(version.stdout.trim()).toBe(packageJson.version);

		const text = await run(lector, ['read', path.join(root, 'fixtures', 'demo', 'greeting.ts')], {cwd: temp});
		expect(text.stdout).toContain('greeting.ts');

		// pdf.js from dist/pdfjs/, with no canvas package installed.
		const pdf = await run(lector, ['read', path.join(root, 'fixtures', 'documents', 'three-pages.pdf')], {
			cwd: temp,
		});
		expect(pdf.stdout).toContain('This is the text of page 1.');
		expect(pdf.stderr).toBe('');

		// A tree-sitter grammar from dist/grammars/.
		const outline = await run(
			lector,
			['read', path.join(root, 'source', 'read', 'read.ts'), '--outline', '--json'],
			{
				cwd: temp,
			},
		);
		const details = (JSON.parse(outline.stdout) as {details: {outline?: {name: string}[]}}).details;
		expect(details.outline?.map((entry) => entry.name)).toContain('read');

		const log = path.join(root, 'fixtures', 'sessions', 'lector', 'session.jsonl');
		const replay = await run(lector, ['replay', '--print', log], {cwd: temp});
		expect(replay.stdout).toContain('Show me the config loader');
		expect(replay.stdout).toContain('export function loadConfig');
	});

	it("type-checks and runs docs/library.md's example in a TypeScript project that installs it", async () => {
		const project = path.join(temp, 'consumer');
		mkdirSync(project);
		writeFileSync(
			path.join(project, 'package.json'),
			JSON.stringify({name: 'consumer', private: true, type: 'module'}, undefined, '\t'),
		);
		writeFileSync(
			path.join(project, 'tsconfig.json'),
			JSON.stringify({
				compilerOptions: {
					target: 'es2022',
					module: 'nodenext',
					strict: true,
					skipLibCheck: false,
					types: ['node'],
					outDir: 'out',
				},
				files: ['example.ts', 'mcp.ts'],
			}),
		);
		writeFileSync(path.join(project, 'example.ts'), libraryExample());
		// lector/mcp resolves, with its types, through the second `exports` entry.
		writeFileSync(
			path.join(project, 'mcp.ts'),
			[
				"import {createMcpServer, serveHttp, serveStdio, type McpServerOptions} from 'lector/mcp';",
				"const options: McpServerOptions = {cwd: '.', log: false};",
				'console.log([createMcpServer, serveHttp, serveStdio].map((entry) => typeof entry).join(), options.cwd);',
				'',
			].join('\n'),
		);
		const typescript = `typescript@${installedVersion('typescript')}`;
		const nodeTypes = `@types/node@${installedVersion('@types/node')}`;
		const output = await npm(['install', tarball, typescript, nodeTypes, ...npmFlags], project);
		expect(output).not.toMatch(/peer|ERESOLVE/i);

		await run(process.execPath, [
			path.join(project, 'node_modules', 'typescript', 'bin', 'tsc'),
			'-p',
			project,
		]);
		// The example reads package.json from its working folder: the consumer's own.
		const example = await run(process.execPath, [path.join(project, 'out', 'example.js')], {cwd: project});
		expect(example.stdout).toContain('"name": "consumer"');
		expect(example.stdout).toMatch(/^unchanged /m);
		const mcp = await run(process.execPath, [path.join(project, 'out', 'mcp.js')], {cwd: project});
		expect(mcp.stdout.trim()).toBe('function,function,function .');
	});
});
