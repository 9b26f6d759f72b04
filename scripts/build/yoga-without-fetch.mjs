/*
An esbuild plugin that makes Ink's layout engine (yoga-layout) decode its WebAssembly from the base64
it carries, instead of fetching that data: URL.

yoga's Emscripten loader asks `typeof fetch` and, Node having a fetch, fetches its own inlined
`data:application/octet-stream;base64,...`: the first touch of `fetch` loads Node's HTTP client
(undici) and runs the request through it, before the first frame of every full-screen view. The
loader's own fallback, used where there is no fetch, decodes the same base64 to the same bytes.

The edit must find its text: a yoga whose loader has changed fails the build instead of shipping
the old cost unnoticed.
*/
import fs from 'node:fs';

const from = 'function ya(){return w||"function"!=typeof fetch?';
const to = 'function ya(){return true?';

/** @type {import('esbuild').Plugin} */
export const yogaWithoutFetch = {
	name: 'yoga-without-fetch',
	setup(build) {
		build.onLoad({filter: /[\\/]yoga-layout[\\/]dist[\\/]binaries[\\/]yoga-wasm-base64-esm\.js$/}, (args) => {
			const contents = fs.readFileSync(args.path, 'utf8');
			if (!contents.includes(from)) {
				throw new Error(`yoga-wasm-base64-esm.js no longer holds \`${from}\`: update ${import.meta.url}`);
			}

			return {contents: contents.replace(from, to), loader: 'js'};
		});
	},
};
