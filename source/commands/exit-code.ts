/**
How a command's outcome becomes the process's exit code, for the bin's two ways in (cli.tsx for
`lector mcp`, run-cli.ts for the rest): errors are reported on stderr, never thrown.
*/
import {neutralizeControls} from '../text/sanitize.js';
import {UsageError} from './usage-error.js';

/** Waits for `run` and sets process.exitCode: its code, 2 for a usage error, 1 for any other error. */
export async function settleExitCode(run: Promise<number>): Promise<void> {
	await run.then(
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
}
