import type {ReadCache} from '../read/index.js';
import type {ReadLimits} from '../read/types.js';
import type {TranscriptEvent} from '../transcript/types.js';
import {directUsage, parseDirectCommand} from './direct.js';
import {runTool} from './tools.js';

export {directUsage} from './direct.js';

/**
Runs one line typed in the no-model mode: a direct tool command shows as its panel (tool-start, then
tool-end, marked `direct` so they stay out of a later model's history); anything else gets
a notice saying how to configure a model and which commands work meanwhile.
*/
export async function runDirectCommand(
	text: string,
	context: {
		readonly cwd: string;
		readonly cache: ReadCache;
		/** The same rule as the model's tools: a typed command reaches no more than the model could. */
		readonly confine: boolean;
		readonly limits: Partial<ReadLimits>;
		readonly signal: AbortSignal;
		readonly emit: (event: TranscriptEvent) => void;
		readonly newId: (kind: string) => string;
		readonly noModelMessage: string;
	},
): Promise<void> {
	const {emit, newId} = context;
	const command = parseDirectCommand(text);
	// What was typed stays in the transcript above its panel or answer, as in any chat, so nothing the
	// person wrote is lost. As a direct command, a model configured later never receives it as a prompt.
	emit({type: 'direct-command', id: newId('direct'), text});
	if (command === undefined || command instanceof Error) {
		emit({
			type: 'notice',
			id: newId('notice'),
			level: command === undefined ? 'info' : 'warning',
			text: command === undefined ? `${context.noModelMessage}\n\nCommands: ${directUsage}` : command.message,
		});
		return;
	}

	const id = newId('direct');
	emit({type: 'tool-start', id, name: command.tool, args: command.args, tag: command.tool, direct: true});
	const result = await runTool(command.tool, command.args, {
		cwd: context.cwd,
		cache: context.cache,
		confine: context.confine,
		limits: context.limits,
		signal: context.signal,
	});
	emit({type: 'tool-end', id, name: command.tool, args: command.args, result});
}
