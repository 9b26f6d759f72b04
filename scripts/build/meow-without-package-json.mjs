/*
An esbuild plugin that leaves meow's package.json reading and normalisation out of the CLI's bundle.

lector hands meow its package facts (source/cli.tsx's `pkg`), so meow never reads a package.json;
yet meow's own bundle (meow/build/dependencies.js) runs normalize-package-data's set-up at import
(semver, SPDX licence lists and parsers, hosted-git-info: about a fifth of `lector --version`'s JS
time, issue 14) and loads node:child_process for a call whose result it drops, and normalises the facts on the first `--help` or `--version`. meow needs only the
`description` and `version` fields, which lector gives as they are.

The plugin edits two of meow's files as they load:
- options.js: its import of readPackageUpSync and normalizePackageData becomes two stand-ins (one
  throws, should meow ever look for a package.json; one leaves the facts as given);
- dependencies.js: the top-level calls that set those modules up are marked pure, so that esbuild
  drops them, and with them every function and list only they reach.
Each edit must find its text: a meow whose build has changed fails the build instead of shipping
the old cost unnoticed.
*/
import fs from 'node:fs';

/** [file suffix, text meow has, text lector puts instead]. */
const edits = [
	[
		'/meow/build/options.js',
		"import { a as readPackageUpSync, n as normalizePackageData } from './dependencies.js';",
		[
			"const readPackageUpSync = () => { throw new Error('lector gives meow its package facts: pkg is required'); };",
			'const normalizePackageData = () => {};',
		].join('\n'),
	],
	[
		'/meow/build/dependencies.js',
		'var libExports = requireLib$1();',
		'var libExports = /* @__PURE__ */ requireLib$1();',
	],
	[
		'/meow/build/dependencies.js',
		'var normalizeExports = requireNormalize();\nconst normalizePackageData = getDefaultExportFromCjs(normalizeExports);',
		'var normalizeExports = /* @__PURE__ */ requireNormalize();\nconst normalizePackageData = /* @__PURE__ */ getDefaultExportFromCjs(normalizeExports);',
	],
	// A statement left over from one of meow's dependencies (its result unused): it alone makes a
	// start load node:child_process.
	['/meow/build/dependencies.js', '\npromisify(execFile);\n', '\n'],
];

/** @type {import('esbuild').Plugin} */
export const meowWithoutPackageJson = {
	name: 'meow-without-package-json',
	setup(build) {
		build.onLoad({filter: /[\\/]meow[\\/]build[\\/](options|dependencies)\.js$/}, (args) => {
			let contents = fs.readFileSync(args.path, 'utf8');
			const file = args.path.replaceAll('\\', '/');
			for (const [suffix, from, to] of edits) {
				if (!file.endsWith(suffix)) {
					continue;
				}

				if (!contents.includes(from)) {
					throw new Error(`${suffix} no longer holds \`${from.split('\n')[0]}\`: update ${import.meta.url}`);
				}

				contents = contents.replace(from, to);
			}

			return {contents, loader: 'js'};
		});
	},
};
