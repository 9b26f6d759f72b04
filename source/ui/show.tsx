/**
Showing a transcript to a person: interactive and full-screen on a terminal, printed once
otherwise. Used by `lector read` and `lector replay`; the shell builds on the same viewport.
*/

import process from 'node:process';
import type {KeyBindings} from '../keys/bindings.js';
import {loadConfig} from '../keys/config.js';
import {detectImageProtocol, prepareInlineImages} from '../panels/inline-image.js';
import {neutralizeControls} from '../text/sanitize.js';
import {createPainter, detectColorLevel, type Painter} from '../theme/ansi.js';
import {themeByName} from '../theme/themes.js';
import type {TranscriptState} from '../transcript/reducer.js';
import type {TranscriptItem} from '../transcript/types.js';
import {initialViewState} from '../transcript/view-state.js';
import {pictureOverlayFor} from './picture-overlay.js';
import {printItems} from './print.js';
import {printColumns} from './print-width.js';

/** Collapsed preview lines when the config file does not say. */
export const defaultPreviewLines = 5;

/** What the person's config file and environment say about how to show a transcript. */
export type ViewSettings = {
	readonly bindings: KeyBindings;
	readonly painter: Painter;
	/** Lines a collapsed panel shows. */
	readonly previewLines: number;
	/** Start with mouse-wheel scrolling on. */
	readonly mouse: boolean;
};

/**
Loads the config file (its warnings go to `stderr`) and picks the theme (the config's, else
LECTOR_THEME) and the colour level for `stdout`.
*/
export async function loadViewSettings(
	stdout: NodeJS.WriteStream,
	stderr: NodeJS.WriteStream,
	env: Readonly<Record<string, string | undefined>>,
): Promise<ViewSettings> {
	const config = await loadConfig();
	for (const warning of config.warnings) {
		stderr.write(`lector: ${neutralizeControls(warning)}\n`);
	}

	return {
		bindings: config.bindings,
		painter: createPainter(
			themeByName(config.theme ?? env['LECTOR_THEME']),
			detectColorLevel(env, stdout.isTTY),
		),
		previewLines: config.previewLines ?? defaultPreviewLines,
		mouse: config.mouse,
	};
}

/** How to show a transcript. */
export type ShowOptions = {
	/** Print once instead of running the interactive view (also chosen when stdout is not a terminal). */
	readonly print: boolean;
	/** Start with every panel expanded. */
	readonly expanded: boolean;
	/** Which view's keys the interactive view takes (default `read`: no prompts, no search). */
	readonly context?: 'read' | 'replay';
	readonly stdout?: NodeJS.WriteStream;
	readonly stderr?: NodeJS.WriteStream;
	readonly env?: Readonly<Record<string, string | undefined>>;
};

/** Resolves when `stream` can take more, or will never take any (closed, failed). */
async function drained(stream: NodeJS.WriteStream): Promise<void> {
	await new Promise<void>((resolve) => {
		const done = () => {
			stream.off('drain', done);
			stream.off('close', done);
			stream.off('error', done);
			resolve();
		};

		stream.on('drain', done);
		stream.on('close', done);
		stream.on('error', done);
	});
}

/** Prints panels in parts: each call writes the items given, after those of the calls before. */
export type Printer = (items: readonly TranscriptItem[]) => Promise<void>;

/** A printer for `stdout`, with the config's theme and preview lines. */
export async function createPrinter(
	options: Pick<ShowOptions, 'expanded' | 'stdout' | 'stderr' | 'env'>,
): Promise<Printer> {
	const stdout = options.stdout ?? process.stdout;
	const stderr = options.stderr ?? process.stderr;
	const env = options.env ?? process.env;
	const {painter, previewLines} = await loadViewSettings(stdout, stderr, env);
	const width = printColumns(stdout, env);
	// Pictures only to a terminal: in a pipe or a file the escape sequences would be noise.
	const protocol = stdout.isTTY ? detectImageProtocol(env) : undefined;
	let continues = false;
	return async (items) => {
		if (items.length === 0) {
			return;
		}

		const inlineImages = await prepareInlineImages(items, protocol, width);
		const text = printItems(items, {
			width,
			expanded: options.expanded,
			previewLines,
			painter,
			inlineImages,
			continues,
		});
		continues = true;
		// A slow reader (a pager) holds the next part back rather than letting it pile up in memory.
		if (!stdout.write(text)) {
			await drained(stdout);
		}
	};
}

/** Show the transcript; resolves when it was printed or the person quit. */
export async function showTranscript(transcript: TranscriptState, options: ShowOptions): Promise<void> {
	const stdout = options.stdout ?? process.stdout;
	const stderr = options.stderr ?? process.stderr;
	const env = options.env ?? process.env;
	if (options.print || !stdout.isTTY || !process.stdin.isTTY) {
		const print = await createPrinter(options);
		await print(transcript.items);
		return;
	}

	const {bindings, painter, previewLines, mouse} = await loadViewSettings(stdout, stderr, env);
	// Ink is loaded only for the interactive view: its 500 modules cost a printed panel about 0.3 s.
	const [{renderFullScreen}, {default: TranscriptView}] = await Promise.all([
		import('./full-screen.js'),
		import('./transcript-view.js'),
	]);
	const view = options.expanded ? {...initialViewState, allExpanded: true} : initialViewState;
	const pictures = pictureOverlayFor(stdout, env);
	await renderFullScreen(
		<TranscriptView
			transcript={transcript}
			bindings={bindings}
			painter={painter}
			previewLines={previewLines}
			initialView={view}
			context={options.context ?? 'read'}
			start="top"
			mouse={mouse}
			{...(pictures === undefined ? {} : {pictures})}
		/>,
		{stdout, stderr, exitOnCtrlC: true, ...(pictures === undefined ? {} : {pictures})},
	);
}
