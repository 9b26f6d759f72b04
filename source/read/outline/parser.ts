import {existsSync} from 'node:fs';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import type {Language, Parser, Tree} from 'web-tree-sitter';
import type {Grammar} from './languages.js';

type Runtime = {readonly Parser: typeof Parser; readonly Language: typeof Language};

/**
How often this process loaded tree-sitter and parsed with it. Tests use these to check that reads
which need no outline never pay for one.
*/
export const parserCounters = {runtimeLoads: 0, languageLoads: 0, parses: 0};

let runtime: Promise<Runtime> | undefined;
let sharedParser: Parser | undefined;
const languages = new Map<Grammar, Promise<Language>>();

/**
web-tree-sitter is imported on first use, never at startup: its JavaScript and wasm cost a cold
process about 30 ms, which a read that needs no outline must not pay.
*/
async function loadRuntime(): Promise<Runtime> {
	runtime ??= (async () => {
		parserCounters.runtimeLoads++;
		const module = await import('web-tree-sitter');
		await module.Parser.init();
		return {Parser: module.Parser, Language: module.Language};
	})().catch((error: unknown) => {
		// Forget the failure so a later call may try again (e.g. after a reinstall).
		runtime = undefined;
		throw error;
	});
	return runtime;
}

/**
A grammar's wasm: the copy `npm run build` puts in dist/grammars/ beside the bundled code (the package
ships only the grammars lector uses, not all of @repomix/tree-sitter-wasms), else the installed package
(under vitest and in dist/'s module build).
*/
function wasmPath(grammar: Grammar): string {
	const file = `tree-sitter-${grammar}.wasm`;
	const beside = fileURLToPath(new URL(`grammars/${file}`, import.meta.url));
	if (existsSync(beside)) {
		return beside;
	}

	return createRequire(import.meta.url).resolve(`@repomix/tree-sitter-wasms/out/${file}`);
}

async function loadLanguage(grammar: Grammar): Promise<Language> {
	let language = languages.get(grammar);
	if (!language) {
		language = (async () => {
			const {Language} = await loadRuntime();
			parserCounters.languageLoads++;
			return Language.load(wasmPath(grammar));
		})();
		languages.set(grammar, language);
		language.catch(() => languages.delete(grammar));
	}

	return language;
}

/**
Parses `text` with a grammar, loading tree-sitter and the grammar on first use (once per process).
Resolves to undefined when parsing took longer than `budgetMs` milliseconds or `signal` aborted;
rejects when tree-sitter or the grammar cannot be loaded. The caller must `delete()` the tree.
*/
export async function parseWith(
	grammar: Grammar,
	text: string,
	budgetMs: number,
	signal?: AbortSignal,
): Promise<Tree | undefined> {
	const language = await loadLanguage(grammar);
	const {Parser} = await loadRuntime();
	sharedParser ??= new Parser();
	// Parsing is synchronous, so one parser serves every caller: nothing can interleave here.
	sharedParser.setLanguage(language);
	parserCounters.parses++;
	const deadline = performance.now() + budgetMs;
	const tree = sharedParser.parse(text, null, {
		// Returning true cancels the parse (web-tree-sitter's typing says void, its code reads the value).
		progressCallback: () => performance.now() > deadline || (signal?.aborted ?? false),
	});
	if (!tree) {
		sharedParser.reset();
		return undefined;
	}

	return tree;
}
