import type {CommandHelp} from '../help/command-help.js';

/** `lector replay`'s entry in the help table. */
export const replayHelp: CommandHelp = {
	name: 'replay',
	synopsis: 'lector replay [log]',
	summary: 'Show a session log of lector, pi, Claude Code or Codex',
	optionsNote: "without a log: list this folder's recent sessions and open one",
	options: `
  --print              Render the session once to stdout (collapsed unless --expanded)
  --expanded           Show the panels expanded
  --json               Print the session facts, counts and normalised events
  --follow             Keep the log open and show entries as the agent appends them
  --verbose            List what was skipped, unknown or malformed, with reasons`,
	examples: ['lector replay', 'lector replay ~/.claude/projects/app/session.jsonl --print'],
};
