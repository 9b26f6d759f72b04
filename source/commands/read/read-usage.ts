import type {CommandHelp} from '../help/command-help.js';

/** `lector read`'s entry in the help table. */
export const readHelp: CommandHelp = {
	name: 'read',
	synopsis: 'lector read <path>',
	summary: "Read a file as a coding agent's read tool would",
	options: `
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
  --expanded           Show the panel expanded (with --print, or to start expanded)`,
	notes: `
The panel is interactive on a terminal: ctrl+o expands, q quits.
When stdout is not a terminal the panel is printed once.

Exit codes
  0 the read succeeded, 1 the read is an error, 2 lector was called wrongly`,
	examples: [
		'lector read src/index.ts --offset 120 --limit 100',
		'lector read server.log --tail 50',
		'lector read src/app.ts --outline',
		'lector read report.pdf --pages 6-10',
	],
};
