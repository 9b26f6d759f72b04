import type {CommandHelp} from '../help/command-help.js';

/** `lector watch` in the help table. */
export const watchHelp: CommandHelp = {
	name: 'watch',
	synopsis: 'lector watch',
	summary: 'Follow the newest session of any agent in this folder, live',
	optionsNote: 'run it beside the agent; replay --follow without a log does the same',
	options: `
  --cwd DIR            The workspace the agent runs in (default: the current folder)
  --agent LIST         Only these agents: lector, pi, claude, codex (comma-separated)
  --print              Print each item once complete instead of the interactive view
  --expanded           Show panels expanded`,
};
