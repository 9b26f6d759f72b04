import fs from 'node:fs/promises';
import path from 'node:path';
import {checkAccess} from '../read/access.js';
import {displayPathOf} from '../read/details.js';
import {resolvePath} from '../read/resolve-path.js';
import {firstProblem, optionalBoolean, optionalString, requiredString, unknownArgs} from './args.js';
import {shownPath} from './folder.js';
import {compileGlob, type GlobMatcher} from './glob.js';
import {type GrepMatch, searchFile} from './grep-file.js';
import {nestedRepetition} from './regex-safety.js';
import {type RawToolArgs, type ToolContext, type ToolOutcome, toolError, toolText} from './types.js';
import {walk} from './walk.js';

/** Most matching lines one grep returns. */
export const grepMatchCap = 100;
/** Most matching lines shown from one file. */
export const grepPerFileCap = 20;
/** Most entries a grep walks before it stops. */
export const grepVisitCap = 50_000;

/** What the panel needs from a grep call. */
export type GrepDetails = {
	readonly tool: 'grep';
	readonly pattern: string;
	readonly path: string;
	readonly glob: string | undefined;
	readonly ignoreCase: boolean;
	readonly literal: boolean;
	readonly matches: readonly GrepMatch[];
	readonly filesSearched: number;
	readonly filesMatched: number;
	/** Matches not shown because of the per-file cap. */
	readonly hiddenMatches: number;
	/** The total cap was reached: the search stopped early. */
	readonly truncated: boolean;
	/** Files skipped for being larger than the grep file cap. */
	readonly skippedLarge: number;
	/** The walk stopped at its entry cap before the tree was fully searched. */
	readonly incomplete: boolean;
	readonly errorMessage: string | undefined;
};

const known = ['pattern', 'path', 'glob', 'ignore_case', 'literal'] as const;

type Query = {pattern: string; regex: RegExp; glob: string | undefined; matcher: GlobMatcher | undefined};

function emptyDetails(pattern: string, message: string | undefined): GrepDetails {
	return {
		tool: 'grep',
		pattern,
		path: '',
		glob: undefined,
		ignoreCase: false,
		literal: false,
		matches: [],
		filesSearched: 0,
		filesMatched: 0,
		hiddenMatches: 0,
		truncated: false,
		skippedLarge: 0,
		incomplete: false,
		errorMessage: message,
	};
}

function failed(message: string, pattern = ''): ToolOutcome<GrepDetails> {
	return toolError(message, emptyDetails(pattern, message));
}

function escapeRegex(text: string): string {
	return text.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`);
}

function parseQuery(
	args: RawToolArgs,
): (Query & {input: string | undefined; ignoreCase: boolean; literal: boolean}) | Error {
	const unknown = unknownArgs(args, known);
	const pattern = requiredString(args, 'pattern', 'function read');
	const input = optionalString(args, 'path');
	const glob = optionalString(args, 'glob');
	const ignoreCase = optionalBoolean(args, 'ignore_case');
	const literal = optionalBoolean(args, 'literal');
	if (
		unknown ||
		pattern instanceof Error ||
		input instanceof Error ||
		glob instanceof Error ||
		ignoreCase instanceof Error ||
		literal instanceof Error
	) {
		return new Error(
			`Invalid grep arguments: ${firstProblem(unknown, pattern, input, glob, ignoreCase, literal)}`,
		);
	}

	const nested = literal ? undefined : nestedRepetition(pattern);
	if (nested !== undefined) {
		return new Error(
			`The pattern repeats a group that itself repeats (${nested}); such patterns can take exponential time on long lines, so grep does not run them. Drop the outer repetition (e.g. (\\w+\\s?)* becomes [\\w\\s]*), or pass literal=true to search for the text as is.`,
		);
	}

	let regex: RegExp;
	try {
		// No `g` flag: test() must not carry lastIndex from one line to the next.
		regex = new RegExp(literal ? escapeRegex(pattern) : pattern, ignoreCase ? 'i' : '');
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return new Error(
			`${reason}. Fix the regular expression, or pass literal=true to search for the text as is.`,
		);
	}

	const matcher = glob === undefined ? undefined : compileGlob(glob);
	if (matcher instanceof Error) {
		return matcher;
	}

	return {pattern, regex, glob, matcher, input, ignoreCase: ignoreCase ?? false, literal: literal ?? false};
}

/** A file or folder to search, checked against `.lectorignore`. */
async function resolveTarget(
	input: string,
	cwd: string,
): Promise<{absolute: string; isFile: boolean} | Error> {
	const absolute = await resolvePath(input, cwd);
	const shown = shownPath(absolute, cwd);
	const denial = await checkAccess(absolute, {cwd, confine: false});
	if (denial) {
		return new Error(denial.message);
	}

	try {
		return {absolute, isFile: (await fs.stat(absolute)).isFile()};
	} catch {
		return new Error(
			`Path does not exist: ${shown}. The working folder is ${cwd}; use ls or find to look around.`,
		);
	}
}

function render(details: GrepDetails): string {
	const lines = details.matches.map((match) => `${match.path}:${match.line}: ${match.text}`);
	if (lines.length === 0) {
		lines.push(`No matches for ${JSON.stringify(details.pattern)} in ${details.path}.`);
	}

	if (details.hiddenMatches > 0) {
		lines.push(
			`[${details.hiddenMatches} more matches not shown (at most ${grepPerFileCap} per file); grep that file with a narrower pattern or read it.]`,
		);
	}

	if (details.truncated) {
		lines.push(`[Stopped at ${grepMatchCap} matches; narrow the pattern, path or glob to see the rest.]`);
	}

	if (details.skippedLarge > 0) {
		lines.push(`[${details.skippedLarge} files over 4 MB were not searched.]`);
	}

	if (details.incomplete) {
		lines.push(
			`[The search stopped after ${grepVisitCap} entries; give a path to search a smaller part of the tree.]`,
		);
	}

	return lines.join('\n');
}

/**
Searches text files under `path` (default the workspace; a single file also works) for a regular
expression, or a literal string with `literal`, optionally only in files whose path matches `glob`. Prints
`path:line: text`. Binary files are skipped; at most `grepPerFileCap` lines per file and `grepMatchCap`
lines in all, with notices giving the counts.
*/
export async function grep(args: RawToolArgs, context: ToolContext): Promise<ToolOutcome<GrepDetails>> {
	const query = parseQuery(args);
	if (query instanceof Error) {
		return failed(query.message, typeof args['pattern'] === 'string' ? args['pattern'] : '');
	}

	const target = await resolveTarget(query.input ?? '.', context.cwd);
	if (target instanceof Error) {
		return failed(target.message, query.pattern);
	}

	const matches: GrepMatch[] = [];
	const counts = {filesSearched: 0, filesMatched: 0, hiddenMatches: 0, skippedLarge: 0};
	let truncated = false;
	const searchOne = async (absolute: string): Promise<boolean> => {
		const shown = displayPathOf(absolute, context.cwd);
		const remaining = grepMatchCap - matches.length;
		const found = await searchFile(absolute, shown, query.regex, Math.min(grepPerFileCap, remaining));
		if (found.kind === 'too-large') {
			counts.skippedLarge++;
		}

		if (found.kind !== 'searched') {
			return true;
		}

		counts.filesSearched++;
		if (found.matches.length > 0) {
			counts.filesMatched++;
			matches.push(...found.matches);
		}

		if (matches.length >= grepMatchCap && found.more > 0) {
			truncated = true;
			return false;
		}

		counts.hiddenMatches += found.more;
		return true;
	};

	let incomplete = false;
	try {
		if (target.isFile) {
			await searchOne(target.absolute);
		} else {
			const summary = await walk(
				{root: target.absolute, cwd: context.cwd, signal: context.signal, maxVisited: grepVisitCap},
				async (entry) => {
					if (entry.isDirectory || (query.matcher && !query.matcher(entry.relative))) {
						return true;
					}

					context.signal?.throwIfAborted();
					return searchOne(path.join(target.absolute, entry.relative));
				},
			);
			incomplete = summary.stopped === 'visit-cap';
			truncated ||= summary.stopped === 'visitor';
		}
	} catch {
		return failed(`The search for ${JSON.stringify(query.pattern)} was aborted.`, query.pattern);
	}

	const details: GrepDetails = {
		...emptyDetails(query.pattern, undefined),
		path: shownPath(target.absolute, context.cwd),
		glob: query.glob,
		ignoreCase: query.ignoreCase,
		literal: query.literal,
		matches,
		...counts,
		truncated,
		incomplete,
	};
	return toolText(render(details), details);
}
