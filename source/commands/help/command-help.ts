/**
What help says about one command, and the two ways it is printed: all commands at once (`lector
--help`) and one alone (`lector read --help`, `lector help read`). Each command keeps its entry
beside its own code; commands.ts lists them.
*/

/** One command as help shows it. Texts are plain: lines of options indented by two spaces. */
export type CommandHelp = {
	/** What is typed after `lector` to run it; empty for the shell, which is `lector` alone. */
	readonly name: string;
	/** The usage line without the `$`: `lector read <path>`. */
	readonly synopsis: string;
	/** One line, no final full stop: shown beside the synopsis and under it. */
	readonly summary: string;
	/** How the overview's options heading names it when not by `name` ("the shell"). */
	readonly title?: string;
	/** Said in brackets after the options heading. */
	readonly optionsNote?: string;
	/** The option lines, each `  --flag VALUE  what it does`. */
	readonly options?: string;
	/** Paragraphs after the options. */
	readonly notes?: string;
	/** Command lines, without the `$`. */
	readonly examples?: readonly string[];
};

function trimmed(text: string | undefined): string | undefined {
	const trimmedText = text?.replace(/^\n+/, '').trimEnd();
	return trimmedText === '' ? undefined : trimmedText;
}

/** The usage lines, the summaries lined up two spaces after the longest synopsis. */
function usageLines(commands: readonly CommandHelp[]): string {
	const width = Math.max(...commands.map((command) => command.synopsis.length));
	return commands.map((command) => `  $ ${command.synopsis.padEnd(width)}  ${command.summary}`).join('\n');
}

function optionsSection(heading: string, command: CommandHelp): string | undefined {
	const options = trimmed(command.options);
	if (options === undefined) {
		return undefined;
	}

	const note = command.optionsNote === undefined ? '' : ` (${command.optionsNote})`;
	return `${heading}${note}\n${options}`;
}

function examplesSection(examples: readonly string[]): string | undefined {
	return examples.length === 0
		? undefined
		: `Examples\n${examples.map((example) => `  $ ${example}`).join('\n')}`;
}

const present = (sections: ReadonlyArray<string | undefined>): string =>
	sections.filter((section) => section !== undefined).join('\n\n');

/** `lector --help`: every command's usage line, then each one's options, then the examples. */
export function overviewHelp(commands: readonly CommandHelp[]): string {
	return present([
		`Usage\n${usageLines(commands)}`,
		...commands.flatMap((command) => [
			optionsSection(`Options for ${command.title ?? command.name}`, command),
			trimmed(command.notes),
		]),
		examplesSection(commands.flatMap((command) => command.examples ?? [])),
	]);
}

/** `lector read --help`: that command alone. */
export function commandUsage(command: CommandHelp): string {
	return present([
		`Usage\n  $ ${command.synopsis}`,
		`${command.summary}.`,
		optionsSection('Options', command),
		trimmed(command.notes),
		examplesSection(command.examples ?? []),
	]);
}
