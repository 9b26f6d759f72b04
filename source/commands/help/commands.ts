/**
The help table: one entry per command, in the order `lector --help` lists them. A new command adds
its entry here (its text beside its code, like read-usage.ts); help, `--help` after the command and
the "Did you mean" of an unknown command all read this list.
*/
import {mcpHelp} from '../mcp/mcp-usage.js';
import {readHelp} from '../read/read-usage.js';
import {replayHelp} from '../replay/replay-usage.js';
import {shellHelp} from '../shell/shell-usage.js';
import {UsageError} from '../usage-error.js';
import {watchHelp} from '../watch/watch-usage.js';
import {type CommandHelp, commandUsage} from './command-help.js';
import {nearestName} from './suggest-command.js';

export const helpHelp: CommandHelp = {
	name: 'help',
	synopsis: 'lector help <command>',
	summary: "One command's usage (or: lector <command> --help)",
};

export const commandTable: readonly CommandHelp[] = [
	shellHelp,
	readHelp,
	replayHelp,
	mcpHelp,
	watchHelp,
	helpHelp,
];

/** The entry run by `lector <name>`; the shell (empty name) is not looked up by name. */
export function findCommand(name: string): CommandHelp | undefined {
	return name === '' ? undefined : commandTable.find((command) => command.name === name);
}

/**
The text `lector help <topic>` and `lector <topic> --help` print. Throws a UsageError naming the
nearest command when `topic` is none.
*/
export function usageOf(topic: string): string {
	const command = findCommand(topic);
	if (command === undefined) {
		throw new UsageError(unknownCommandMessage(topic));
	}

	return commandUsage(command);
}

/** The usage error for a command lector does not have, with the nearest one when there is one. */
export function unknownCommandMessage(typed: string): string {
	const nearest = nearestName(
		typed,
		commandTable.map((command) => command.name),
	);
	const guess = nearest === undefined ? '' : ` Did you mean "${nearest}"?`;
	return `Unknown command "${typed}".${guess} Run lector --help for the commands.`;
}
