/**
Showing a transcript to a person: interactive and full-screen on a terminal, printed once
otherwise. Used by `lector read`, and later by replay and the agent shell.
*/
import process from 'node:process';
import {render} from 'ink';
import {loadConfig} from '../keys/config.js';
import {detectImageProtocol, prepareInlineImages} from '../panels/inline-image.js';
import {createPainter, detectColorLevel} from '../theme/ansi.js';
import {themeByName} from '../theme/themes.js';
import type {TranscriptState} from '../transcript/reducer.js';
import {initialViewState} from '../transcript/view-state.js';
import {printItems} from './print.js';
import TranscriptView from './transcript-view.js';

/** Collapsed preview lines when the config file does not say. */
export const defaultPreviewLines = 5;

/** Enter and leave the terminal's alternate screen (xterm private mode 1049). */
export const enterAlternateScreen = '\u001B[?1049h';
export const leaveAlternateScreen = '\u001B[?1049l';

/** How to show a transcript. */
export type ShowOptions = {
	/** Print once instead of running the interactive view (also chosen when stdout is not a terminal). */
	readonly print: boolean;
	/** Start with every panel expanded. */
	readonly expanded: boolean;
	readonly stdout?: NodeJS.WriteStream;
	readonly stderr?: NodeJS.WriteStream;
	readonly env?: Readonly<Record<string, string | undefined>>;
};

/** Show the transcript; resolves when it was printed or the person quit. */
export async function showTranscript(transcript: TranscriptState, options: ShowOptions): Promise<void> {
	const stdout = options.stdout ?? process.stdout;
	const stderr = options.stderr ?? process.stderr;
	const env = options.env ?? process.env;
	const config = await loadConfig();
	for (const warning of config.warnings) {
		stderr.write(`lector: ${warning}\n`);
	}

	const theme = themeByName(config.theme ?? env['LECTOR_THEME']);
	const previewLines = config.previewLines ?? defaultPreviewLines;
	const painter = createPainter(theme, detectColorLevel(env, stdout.isTTY));
	if (options.print || !stdout.isTTY || !process.stdin.isTTY) {
		const width = stdout.isTTY ? stdout.columns : Number(env['COLUMNS']) || 100;
		// Pictures only to a terminal: in a pipe or a file the escape sequences would be noise.
		const inlineImages = await prepareInlineImages(
			transcript.items,
			stdout.isTTY ? detectImageProtocol(env) : undefined,
			width,
		);
		stdout.write(
			printItems(transcript.items, {width, expanded: options.expanded, previewLines, painter, inlineImages}),
		);
		return;
	}

	const view = options.expanded ? {...initialViewState, allExpanded: true} : initialViewState;
	const leave = () => {
		stdout.write(leaveAlternateScreen);
	};

	stdout.write(enterAlternateScreen);
	process.once('exit', leave);
	try {
		const instance = render(
			<TranscriptView
				transcript={transcript}
				bindings={config.bindings}
				painter={painter}
				previewLines={previewLines}
				initialView={view}
			/>,
			// Not incrementalRendering: in ink 6.8 its line diff moves the cursor up one row too few when a
			// frame ends with a newline (every frame shorter than the terminal), so each update lands one
			// row low (seen in tmux). The standard renderer rewrites our few dozen rows inside
			// synchronized output, which costs little because the frame never exceeds the screen.
			{stdout, stderr, maxFps: 60, incrementalRendering: false, exitOnCtrlC: true, patchConsole: false},
		);
		await instance.waitUntilExit();
	} finally {
		process.off('exit', leave);
		leave();
	}
}
