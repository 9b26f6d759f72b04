/**
sharp (libvips) loaded on first use: text reads never pay its ~75 ms start-up, and a platform
without its prebuilt binary gets a clear note instead of a crash at import time.
*/
import type sharpModule from 'sharp';

let loading: Promise<typeof sharpModule> | undefined;

/** The sharp factory; rejects with a readable Error when the native module cannot load. */
export async function loadSharp(): Promise<typeof sharpModule> {
	loading ??= import('sharp').then(
		(module) => module.default,
		(error: unknown) => {
			loading = undefined;
			const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
			throw new Error(`the image library (sharp) could not load on this machine: ${reason}`);
		},
	);
	return loading;
}
