/**
`lector` with no command: open the agent session, show the shell full-screen on the alternate
screen, and close the session (and its log) when the person quits.
*/
import {statSync} from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {type ModelFlags, openShellSession} from '../../agent/index.js';
import type {ReadCaps} from '../../agent/read-caps.js';
import type {KeyBindings} from '../../keys/bindings.js';
import {readLectorLog} from '../../sessions/lector/log-file.js';
import {neutralizeControls} from '../../text/sanitize.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {renderFullScreen} from '../../ui/full-screen.js';
import {pasteStdin} from '../../ui/paste-stdin.js';
import {pictureOverlayFor} from '../../ui/picture-overlay.js';
import {loadViewSettings} from '../../ui/show.js';
import {numberFlag} from '../read/read-command.js';
import ShellHost from './shell-host.js';
import {demoOutroText, shellKeysHelp} from './shell-status.js';

/** How the shell was started. */
export type ShellOptions = {
	/** The workspace (`--cwd`), relative to the current folder. */
	readonly cwd: string;
	readonly flags: ModelFlags;
	/** `--continue`: resume the workspace's last session. */
	readonly continueLast: boolean;
	/** `--demo <log>`: a lector session log shown in the transcript at start (not sent to the model). */
	readonly demoLog: string | undefined;
	/** `--allow-outside`: the tools may reach paths outside the workspace. */
	readonly allowOutside?: boolean;
	/** `--max-lines`, `--max-bytes` as typed: the read caps. */
	readonly maxLines?: string | undefined;
	readonly maxBytes?: string | undefined;
};

/** Exit code when the shell cannot run here (no terminal, unreadable demo log). */
const usageExit = 2;

/** Events that introduce the demo log, or a message when it cannot be read. */
/** Why a demo log could not be read, in words rather than a system call's. */
function demoReadError(error: unknown): string {
	const code = error instanceof Error && 'code' in error ? error.code : undefined;
	if (code === 'ENOENT') {
		return 'no such file.';
	}

	if (code === 'EISDIR') {
		return 'it is a folder; give a lector session log (.jsonl).';
	}

	if (code === 'EACCES' || code === 'EPERM') {
		return 'permission denied.';
	}

	return error instanceof Error ? error.message : String(error);
}

function demoEvents(file: string | undefined, bindings: KeyBindings): readonly TranscriptEvent[] | string {
	if (file === undefined) {
		return [];
	}

	try {
		const log = readLectorLog(file);
		if (log.events.length === 0) {
			return `cannot show the demo log ${file}: it holds no entries (an empty log, or only its header).`;
		}

		const intro: TranscriptEvent = {
			type: 'notice',
			id: 'shell-demo-intro',
			level: 'info',
			text: `A recorded session from ${path.basename(file)}: ${log.events.length} entries, shown here and not sent to any model.`,
		};
		const outro: TranscriptEvent = {
			type: 'notice',
			id: 'shell-demo-outro',
			level: 'info',
			// Built from the bindings in use, so it never names a key that was rebound away.
			text: demoOutroText(bindings),
		};
		return [intro, ...log.events, outro];
	} catch (error) {
		return `cannot read the demo log ${file}: ${demoReadError(error)}`;
	}
}

/** The read caps typed as flags, checked: whole numbers of at least 1, as for `lector read`. */
function readCapsFromFlags(options: ShellOptions): ReadCaps {
	const maxLines = numberFlag('max-lines', options.maxLines, 1);
	const maxBytes = numberFlag('max-bytes', options.maxBytes, 1);
	return {
		...(maxLines === undefined ? {} : {maxLines}),
		...(maxBytes === undefined ? {} : {maxBytes}),
	};
}

/** Run the shell until the person quits; resolves to the exit code. */
export async function runShell(options: ShellOptions): Promise<number> {
	const {stdin, stdout, stderr} = process;
	// A bad number is a usage error (exit 2) before anything opens.
	const readCaps = readCapsFromFlags(options);
	if (!stdin.isTTY || !stdout.isTTY) {
		stderr.write(
			'lector: the shell needs a terminal on stdin and stdout. Run `lector` in a terminal, or use `lector read <path>` or `lector replay --print` in scripts.\n',
		);
		return usageExit;
	}

	if (!statSync(options.cwd, {throwIfNoEntry: false})?.isDirectory()) {
		stderr.write(
			`lector: the workspace ${neutralizeControls(options.cwd)} is not a folder. Pass an existing one with --cwd.\n`,
		);
		return usageExit;
	}

	// The bindings first: /help and the demo's notice name the keys in use.
	const {bindings, painter, previewLines, mouse} = await loadViewSettings(stdout, stderr, process.env);
	const demo = demoEvents(options.demoLog, bindings);
	if (typeof demo === 'string') {
		stderr.write(`lector: ${neutralizeControls(demo)}\n`);
		return usageExit;
	}

	const open = (continueFrom?: string) =>
		openShellSession({
			cwd: options.cwd,
			flags: options.flags,
			continueLast: options.continueLast,
			...(continueFrom === undefined ? {} : {continueFrom}),
			keysHelp: shellKeysHelp(bindings),
			allowOutside: options.allowOutside === true,
			readCaps,
		});
	// The session on screen: /resume replaces it, and exit or a signal must close that one.
	let opened = await open();
	const pictures = pictureOverlayFor(stdout, process.env);
	// Bracketed paste on: pastes are taken out of stdin before Ink, and what is left is keys.
	const paste = pasteStdin(stdin);
	await renderFullScreen(
		<ShellHost
			first={opened}
			extraEvents={demo}
			reopen={open}
			onOpened={(next) => {
				opened = next;
			}}
			bindings={bindings}
			painter={painter}
			previewLines={previewLines}
			mouse={mouse}
			pastes={paste.pastes}
			{...(pictures === undefined ? {} : {pictures})}
		/>,
		// ctrl+c is the shell's own (twice quits), so Ink must not exit on it.
		{
			stdout,
			stderr,
			exitOnCtrlC: false,
			pasteStdin: paste.stdin,
			...(pictures === undefined ? {} : {pictures}),
			onExit: () => {
				opened.session.close();
			},
			onSignal: (signal) => {
				opened.session.interrupt(signal);
			},
		},
	);

	if (opened.logPath !== undefined) {
		stderr.write(`lector: this session is saved in ${opened.logPath}\n`);
	}

	return 0;
}
