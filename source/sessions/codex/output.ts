/**
The text of a Codex tool output. Shell outputs have been logged in several shapes over Codex's
versions: a JSON string `{"output": "...", "metadata": {"exit_code": 0, ...}}`, a plain text with a
header (`Exit code: 0`, `Wall time: ...`, `Total output lines: N`, `Output:`), or the unified exec
header (`Process exited with code 0`, ..., `Output:`). Each is unwrapped to the command's output.
*/
import {isRecord, num, parseJson, rec, str} from '../json.js';

/** A shell output without its wrapper. */
export type ShellOutput = {
	readonly text: string;
	readonly exitCode: number | undefined;
	/** Lines the command printed, when the header says (more than shown means Codex cut the output). */
	readonly totalLines: number | undefined;
};

const headerLines = 8;

/** Unwrap one shell output. Text in no known shape is returned whole. */
export function unwrapShellOutput(raw: string): ShellOutput {
	if (raw.startsWith('{')) {
		const parsed = parseJson(raw);
		if (parsed.ok && isRecord(parsed.value)) {
			const output = str(parsed.value, 'output');
			if (output !== undefined) {
				return {
					text: output,
					exitCode: num(rec(parsed.value, 'metadata'), 'exit_code'),
					totalLines: undefined,
				};
			}
		}
	}

	const lines = raw.split('\n', headerLines + 1);
	const outputAt = lines.indexOf('Output:');
	if (outputAt === -1) {
		return {text: raw, exitCode: undefined, totalLines: undefined};
	}

	let exitCode: number | undefined;
	let totalLines: number | undefined;
	for (const line of lines.slice(0, outputAt)) {
		const exit = /^(?:Exit code:|Process exited with code) (-?\d+)/.exec(line);
		const total = /^Total output lines: (\d+)/.exec(line);
		exitCode = exit === null ? exitCode : Number(exit[1]);
		totalLines = total === null ? totalLines : Number(total[1]);
	}

	const header = lines.slice(0, outputAt + 1).join('\n').length + 1;
	return {text: raw.slice(header), exitCode, totalLines};
}

/** Codex's mark where it cut a long output for the model, e.g. `[... omitted 120 of 400 lines ...]`. */
export const omittedMarker = /^\[\.\.\. omitted \d+ of \d+ lines \.\.\.\]$/;
