/** Slash commands of the shell, parsed into actions. The UI and the session carry them out. */
export type SlashCommand =
	| {readonly type: 'help'}
	| {readonly type: 'clear'}
	| {readonly type: 'compact'}
	/** `argument`: what follows `/resume`, trimmed (empty: list the sessions). */
	| {readonly type: 'resume'; readonly argument: string}
	/** `argument`: what follows `/model`, trimmed (empty: show the model). */
	| {readonly type: 'model'; readonly argument: string}
	| {readonly type: 'expand-all'}
	| {readonly type: 'quit'}
	| {readonly type: 'unknown'; readonly name: string};

/** Each command with a one-line description, for /help. */
export const slashCommands: readonly {readonly name: string; readonly description: string}[] = [
	{name: '/help', description: 'Show the commands and keys.'},
	{name: '/clear', description: 'Start a new conversation (the transcript, the history and the read cache).'},
	{
		name: '/compact',
		description:
			'Replace the conversation with a summary the model writes (done by itself near the context window).',
	},
	{
		name: '/resume',
		description: "List this folder's earlier sessions, newest first; /resume N opens the Nth.",
	},
	{
		name: '/model',
		description:
			'Show the model in use and where its settings came from; /model <name> or /model <provider>:<name> switches it.',
	},
	{name: '/expand-all', description: 'Expand or collapse every panel.'},
	{name: '/quit', description: 'Leave lector.'},
];

const aliases: Readonly<Record<string, SlashCommand['type']>> = {
	help: 'help',
	'?': 'help',
	clear: 'clear',
	new: 'clear',
	compact: 'compact',
	resume: 'resume',
	model: 'model',
	'expand-all': 'expand-all',
	expand: 'expand-all',
	quit: 'quit',
	exit: 'quit',
	q: 'quit',
};

/**
The slash command in `input`, or undefined when the input is not one (it does not start with `/`, or
it looks like a path such as `/etc/hosts`, which is left to be read as a prompt or a direct command).
*/
export function parseSlashCommand(input: string): SlashCommand | undefined {
	const trimmed = input.trim();
	const match = /^\/([^\s/]+)(?:\s(.*))?$/s.exec(trimmed);
	const name = match?.[1];
	if (name === undefined) {
		return undefined;
	}

	const type = aliases[name.toLowerCase()];
	if (type === undefined || type === 'unknown') {
		return {type: 'unknown', name};
	}

	return type === 'model' || type === 'resume' ? {type, argument: (match?.[2] ?? '').trim()} : {type};
}

/** The text /help shows. */
export function helpText(): string {
	const width = Math.max(...slashCommands.map((command) => command.name.length));
	return slashCommands.map((command) => `${command.name.padEnd(width)}  ${command.description}`).join('\n');
}
