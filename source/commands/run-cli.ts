/*
Everything the bin does after its first module (source/cli.tsx) has answered what it answers alone
(a lone --version or --help, and `lector mcp`): meow parses argv, and each command loads what it uses.
*/
import path from 'node:path';
import meow from 'meow';
import {packageFacts} from '../package-facts.js';
import {loadMarkdownAnswers} from '../panels/answers.js';
import {stringifyForTerminal} from '../text/safe-json.js';
import {neutralizeControls} from '../text/sanitize.js';
import {letInkDrawOnTerminals} from '../ui/terminal-env.js';
import {settleExitCode} from './exit-code.js';
import {checkCommandFlags, meowFlags as flags, typedFlags} from './flags.js';
import {overviewHelp} from './help/command-help.js';
import {commandTable, unknownCommandMessage, usageOf} from './help/commands.js';
import {UsageError} from './usage-error.js';
import {stdoutMayBeTerminal, writeStdout} from './write-stdout.js';

/** meow indents it by two spaces and prints it under the package's description. */
const helpText = overviewHelp(commandTable);

/**
Parses argv with meow. meow throws on a flag given twice (`--limit 5 --limit 6`) before main() runs:
that is a usage error like any other, one line and exit 2, not a stack trace.
*/
function parseArguments() {
	try {
		return meow(helpText, {
			importMeta: import.meta,
			// Given here so that meow reads and normalises no package.json at each start.
			pkg: {...packageFacts},
			// Unknown flags are reported by main() in lector's own words, with exit code 2.
			allowUnknownFlags: true,
			flags,
		});
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		process.stderr.write(
			`lector: ${neutralizeControls(reason.replace(/\.$/, ''))}. Run lector --help for the flags.\n`,
		);
		process.exit(2);
	}
}

/**
The model's text exactly, except on a terminal: there a file's escape sequences would act on the
screen, so they show as placeholders (pipe the output to get the bytes). Any character device counts
as a terminal here (/dev/null too: nothing is lost there).
*/
function terminalSafe(text: string): string {
	return stdoutMayBeTerminal() ? neutralizeControls(text) : text;
}

/** JSON output keeps every field of details, so scripts see one stable shape. */
function keepUndefinedAsNull(_key: string, value: unknown): unknown {
	return value === undefined ? null : value;
}

/** Flags given that lector does not know, spelled as typed (`--max-line`). */
function unknownFlags(cli: ReturnType<typeof parseArguments>): string[] {
	const known = new Set<string>([...Object.keys(flags), 'help', 'version', 'h', 'v']);
	return Object.keys(cli.flags)
		.filter((name) => !known.has(name))
		.map((name) =>
			name.length === 1
				? `-${name}`
				: `--${name.replaceAll(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
		);
}

/** Two spaces before each line that has text, as meow sets the overview. */
function indented(text: string): string {
	return text.replaceAll(/^(?=.)/gm, '  ');
}

async function main(): Promise<number> {
	const cli = parseArguments();
	const [command, ...rest] = cli.input;
	// meow answers a lone --help itself; -h, `lector help [command]` and `lector <command> --help` are
	// answered here, before any other check, so that help works whatever else was typed.
	// lector's flag table leaves --help and -h out (meow would then refuse unknown flags), so each takes
	// the next word as its value: `lector --help read` is help = "read".
	const helpValues = [cli.flags['help'], cli.flags['h']].filter(
		(value) => value === true || typeof value === 'string',
	);
	if (command === 'help' || helpValues.length > 0) {
		const flagTopic = helpValues.find((value) => typeof value === 'string');
		const topic = command === 'help' ? rest[0] : (command ?? flagTopic);
		if (topic === undefined) {
			cli.showHelp(0);
		}

		process.stdout.write(`\n${indented(usageOf(topic ?? ''))}\n\n`);
		return 0;
	}

	// The short spelling people try first; meow answers only --version itself.
	if (cli.flags['v'] === true) {
		cli.showVersion();
	}

	const unknown = unknownFlags(cli);
	if (unknown.length > 0) {
		throw new UsageError(
			`unknown flag${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Run lector --help for the flags.`,
		);
	}

	if (command === undefined || command === 'read' || command === 'replay' || command === 'watch') {
		checkCommandFlags(command ?? 'shell', typedFlags(process.argv.slice(2), flags));
	}

	// Text for the model or for scripts draws nothing, and process.stdin/stdout.isTTY would build the two
	// streams (node:net on a pipe) that it never uses.
	const printsText = command === 'read' && (cli.flags.json || cli.flags.modelView);
	if (!printsText) {
		letInkDrawOnTerminals(process.env, process.stdin.isTTY === true && process.stdout.isTTY === true);
	}

	if (command === 'read') {
		// The engine loads for `read` alone: --version, --help and the other commands start without it.
		const {modelText, runRead} = await import('./read/read-command.js');
		const cwd = cli.flags.cwd === undefined ? undefined : path.resolve(cli.flags.cwd);
		const result = await runRead(rest, {...cli.flags, cwd});
		if (cli.flags.json || cli.flags.modelView) {
			writeStdout(
				cli.flags.json
					? `${stringifyForTerminal(result, keepUndefinedAsNull, 2)}\n`
					: `${terminalSafe(modelText(result))}\n`,
			);
		} else {
			// The panel view (issue 3): interactive on a terminal, printed once otherwise.
			// Each command loads only what it uses: Ink, React and the model SDK cost a cold start about 0.6 s.
			const {showReadPanel} = await import('./read/show-read.js');
			await showReadPanel(rest[0] ?? '', cli.flags, result);
		}

		return result.isError ? 1 : 0;
	}

	if (command === 'replay') {
		const [{runReplay}] = await Promise.all([import('./replay/replay-command.js'), loadMarkdownAnswers()]);
		return runReplay(rest, cli.flags);
	}

	if (command === 'watch') {
		const [{runWatch}] = await Promise.all([import('./watch/watch-command.js'), loadMarkdownAnswers()]);
		return runWatch(rest, cli.flags);
	}

	if (command === undefined) {
		const [{runShell}] = await Promise.all([import('./shell/run-shell.js'), loadMarkdownAnswers()]);
		return runShell({
			cwd: cli.flags.cwd ?? '.',
			flags: {
				provider: cli.flags.provider,
				model: cli.flags.model,
				baseUrl: cli.flags.baseUrl,
				maxOutputTokens: cli.flags.maxOutputTokens,
			},
			continueLast: cli.flags.continue,
			demoLog: cli.flags.demo,
			allowOutside: cli.flags.allowOutside,
			maxLines: cli.flags.maxLines,
			maxBytes: cli.flags.maxBytes,
		});
	}

	throw new UsageError(unknownCommandMessage(command));
}

/** Runs the command argv names (any but `lector mcp`, which cli.tsx starts) and sets the exit code. */
export async function runCli(): Promise<void> {
	await settleExitCode(main());
}
