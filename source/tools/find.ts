import path from 'node:path';
import {displayPathOf} from '../read/details.js';
import {EntryGate, type LeftOut, leftOutNotice, noneLeftOut} from '../read/entry-gate.js';
import {count} from '../read/notices.js';
import {firstProblem, optionalBoolean, optionalString, requiredString, unknownArgs} from './args.js';
import {resolveFolder} from './folder.js';
import {compileGlob} from './glob.js';
import {type RawToolArgs, type ToolContext, type ToolOutcome, toolError, toolText} from './types.js';
import {gitignoredHint, walk} from './walk.js';

/** Most paths one find returns. */
export const findResultCap = 200;
/** Most entries a find looks at before it stops, so a giant tree cannot stall a turn. */
export const findVisitCap = 100_000;

/** What the panel needs from a find call. */
export type FindDetails = {
	readonly tool: 'find';
	readonly pattern: string;
	/** The folder searched, as shown to the model. */
	readonly path: string;
	/** Matching paths relative to the workspace (absolute outside it), folders ending in `/`. */
	readonly matches: readonly string[];
	/** The result cap was reached: there may be more matches. */
	readonly truncated: boolean;
	/** The walk stopped at `findVisitCap` entries before the tree was fully searched. */
	readonly incomplete: boolean;
	/** `include_ignored`: `.gitignore` and `node_modules` did not apply. */
	readonly includeIgnored: boolean;
	/** Entries skipped by `.gitignore` (or as `node_modules`); an ignored folder counts once. */
	readonly gitignored: number;
	/** Entries not searched: denied by `.lectorignore`, or (under confine) links pointing outside. */
	readonly leftOut: LeftOut;
	readonly errorMessage: string | undefined;
};

const known = ['pattern', 'path', 'include_ignored'] as const;

function failed(message: string, pattern = '', shown = ''): ToolOutcome<FindDetails> {
	return toolError(message, {
		tool: 'find',
		pattern,
		path: shown,
		matches: [],
		truncated: false,
		incomplete: false,
		includeIgnored: false,
		gitignored: 0,
		leftOut: noneLeftOut,
		errorMessage: message,
	});
}

/**
Finds files and folders whose path (relative to `path`, default the workspace) matches a glob. Skips
`.git`, what `.gitignore` files ignore and `node_modules` (both included with `include_ignored`), and
leaves out what `.lectorignore` denies and, under confine, links pointing outside the workspace, with a
notice counting those. Results in walk order (depth first, by name), at most `findResultCap`, with a
notice when capped.
*/
export async function find(args: RawToolArgs, context: ToolContext): Promise<ToolOutcome<FindDetails>> {
	const unknown = unknownArgs(args, known);
	const pattern = requiredString(args, 'pattern', '**/*.ts');
	const input = optionalString(args, 'path');
	const includeIgnored = optionalBoolean(args, 'include_ignored');
	if (unknown || pattern instanceof Error || input instanceof Error || includeIgnored instanceof Error) {
		return failed(`Invalid find arguments: ${firstProblem(unknown, pattern, input, includeIgnored)}`);
	}

	const matcher = compileGlob(pattern);
	if (matcher instanceof Error) {
		return failed(matcher.message, pattern);
	}

	const folder = await resolveFolder(input ?? '.', context, 'find in');
	if (folder instanceof Error) {
		return failed(folder.message, pattern);
	}

	const matches: string[] = [];
	let truncated = false;
	let summary: Awaited<ReturnType<typeof walk>>;
	const gate = await EntryGate.open({cwd: context.cwd, confine: context.confine ?? false});
	try {
		summary = await walk(
			{
				root: folder.absolute,
				gate,
				gitignore: includeIgnored !== true,
				signal: context.signal,
				maxVisited: findVisitCap,
			},
			(entry) => {
				if (!matcher(entry.relative)) {
					return true;
				}

				if (matches.length >= findResultCap) {
					truncated = true;
					return false;
				}

				const shown = displayPathOf(path.join(folder.absolute, entry.relative), context.cwd);
				matches.push(entry.isDirectory ? `${shown}/` : shown);
				return true;
			},
		);
	} catch {
		return failed(`The search for ${pattern} was aborted.`, pattern, folder.shown);
	}

	const incomplete = summary.stopped === 'visit-cap';
	const {leftOut} = gate;
	const lines = matches.length > 0 ? [...matches] : [`No files match ${pattern} in ${folder.shown}.`];
	if (truncated) {
		lines.push(
			`[Showing the first ${count(findResultCap)} matches. Use a narrower pattern or path to see the rest.]`,
		);
	}

	if (incomplete) {
		lines.push(
			`[The search stopped after ${count(findVisitCap)} entries; give a path to search a smaller part of the tree.]`,
		);
	}

	const hint = gitignoredHint(summary.gitignored, matches.length);
	if (hint !== undefined) {
		lines.push(hint);
	}

	const notice = leftOutNotice(leftOut);
	if (notice !== undefined) {
		lines.push(notice);
	}

	return toolText(lines.join('\n'), {
		tool: 'find',
		pattern,
		path: folder.shown,
		matches,
		truncated,
		incomplete,
		includeIgnored: includeIgnored === true,
		gitignored: summary.gitignored,
		leftOut,
		errorMessage: undefined,
	});
}
