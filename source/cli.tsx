#!/usr/bin/env node
import path from 'node:path';
import meow from 'meow';
import {checkCommandFlags, meowFlags as flags, typedFlags} from './commands/flags.js';
import {UsageError} from './commands/usage-error.js';
import {packageFacts} from './package-facts.js';
import {stringifyForTerminal} from './text/safe-json.js';
import {neutralizeControls} from './text/sanitize.js';
import {letInkDrawOnTerminals} from './ui/terminal-env.js';

const helpText = `
	Usage
	  $ lector                 Ask a model about the code in this folder (the agent shell)
	  $ lector read <path>     Read a file as a coding agent's read tool would
	  $ lector replay [log]    Show a session log of lector, pi, Claude Code or Codex

	Options for read
	  --offset N           First line to read (1-based)
	  --limit N            Most lines to read
	  --tail N             Read the last N lines
	  --outline            Only the file's outline: functions, classes, headings with their lines
	  --pages LIST         PDF pages, e.g. 3, 1-5, 2,4-6 or 7- (default: the first pages that fit)
	  --cells LIST         Notebook cells, written like --pages
	  --cwd DIR            Workspace folder (relative paths, .lectorignore); default: the current folder
	  --confine            Refuse paths outside the workspace
	  --no-line-numbers    Leave out the line numbers
	  --max-lines N        Line cap (default 2000)
	  --max-bytes N        Output byte cap (default 51200)
	  --json               Print {content, details, isError} as the engine returns it
	  --model-view         Print exactly the text the model gets
	  --print              Print the panel once instead of the interactive view
	  --expanded           Show the panel expanded (with --print, or to start expanded)

	The panel is interactive on a terminal: ctrl+o expands, q quits.
	When stdout is not a terminal the panel is printed once.

	Options for replay (without a log: list this folder's recent sessions and open one)
	  --print              Render the session once to stdout (collapsed unless --expanded)
	  --json               Print the session facts, counts and normalised events
	  --follow             Keep the log open and show entries as the agent appends them
	  --verbose            List what was skipped, unknown or malformed, with reasons

	Options for the shell (keys: docs/shell.md; models: docs/agent.md)
	  --cwd DIR            The workspace the model reads (default: the current folder)
	  --provider NAME      anthropic or openai (any OpenAI-compatible server)
	  --model NAME         The model, e.g. claude-sonnet-4-5 or qwen2.5-coder
	  --base-url URL       http://host:port for Anthropic, http://host:port/v1 for OpenAI-compatible
	  --max-output-tokens N
	                       The longest answer the model may give, in tokens (default 8192)
	  --continue           Resume the last session of this folder
	  --allow-outside      Let the tools read outside the workspace (default: confined to it)
	  --max-lines N, --max-bytes N
	                       The read caps (default 2000 lines and 51200 bytes, lowered so one read
	                       takes at most a quarter of the model's context window)
	  --demo LOG           Show a lector session log first (npm start uses fixtures/demo-session.jsonl)

	Exit codes
	  0 the read succeeded, 1 the read is an error, 2 lector was called wrongly

	Examples
	  $ lector read src/index.ts --offset 120 --limit 100
	  $ lector read server.log --tail 50
	  $ lector read src/app.ts --outline
	  $ lector read report.pdf --pages 6-10
`;

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
screen, so they show as placeholders (pipe the output to get the bytes).
*/
function terminalSafe(text: string): string {
	return process.stdout.isTTY ? neutralizeControls(text) : text;
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

async function main(): Promise<number> {
	const cli = parseArguments();
	// The short spellings people try first; meow answers only --help and --version itself.
	if (cli.flags['h'] === true) {
		cli.showHelp(0);
	}

	if (cli.flags['v'] === true) {
		cli.showVersion();
	}

	const unknown = unknownFlags(cli);
	if (unknown.length > 0) {
		throw new UsageError(
			`unknown flag${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}. Run lector --help for the flags.`,
		);
	}

	const [command, ...rest] = cli.input;
	if (command === undefined || command === 'read' || command === 'replay') {
		checkCommandFlags(command ?? 'shell', typedFlags(process.argv.slice(2), flags));
	}

	letInkDrawOnTerminals(process.env, process.stdin.isTTY === true && process.stdout.isTTY === true);
	if (command === 'read') {
		// The engine loads for `read` alone: --version, --help and the other commands start without it.
		const {modelText, runRead} = await import('./commands/read/read-command.js');
		const cwd = cli.flags.cwd === undefined ? undefined : path.resolve(cli.flags.cwd);
		const result = await runRead(rest, {...cli.flags, cwd});
		if (cli.flags.json || cli.flags.modelView) {
			process.stdout.write(
				cli.flags.json
					? `${stringifyForTerminal(result, keepUndefinedAsNull, 2)}\n`
					: `${terminalSafe(modelText(result))}\n`,
			);
		} else {
			// The panel view (issue 3): interactive on a terminal, printed once otherwise.
			// Each command loads only what it uses: Ink, React and the model SDK cost a cold start about 0.6 s.
			const {showReadPanel} = await import('./commands/read/show-read.js');
			await showReadPanel(rest[0] ?? '', cli.flags, result);
		}

		return result.isError ? 1 : 0;
	}

	if (command === 'replay') {
		const {runReplay} = await import('./commands/replay/replay-command.js');
		return runReplay(rest, cli.flags);
	}

	if (command === undefined) {
		const {runShell} = await import('./commands/shell/run-shell.js');
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

	throw new UsageError(`Unknown command "${command}". Run lector --help for the commands.`);
}

/**
`lector mcp` parses its own flags: it is a server started by other programs, whose flags are not the
viewer's, and it must start without loading Ink or meow.
*/
async function start(): Promise<number> {
	if (process.argv[2] === 'mcp') {
		const {runMcpCommand} = await import('./commands/mcp/mcp-command.js');
		return runMcpCommand(process.argv.slice(3));
	}

	return main();
}

start().then(
	(code) => {
		process.exitCode = code;
	},
	(error: unknown) => {
		// Usage errors quote argv, and any message may quote a path: neutralised like file content.
		if (error instanceof UsageError) {
			process.stderr.write(`lector: ${neutralizeControls(error.message)}\n`);
			process.exitCode = 2;
			return;
		}

		process.stderr.write(
			`lector: ${neutralizeControls(error instanceof Error ? (error.stack ?? error.message) : String(error))}\n`,
		);
		process.exitCode = 1;
	},
);
