import fs from 'node:fs/promises';
import path from 'node:path';
import {checkAccess} from '../read/access.js';
import {displayPathOf} from '../read/details.js';
import {EntryGate, type LeftOut, leftOutNotice, noneLeftOut} from '../read/entry-gate.js';
import {count} from '../read/notices.js';
import {resolvePath} from '../read/resolve-path.js';
import {firstProblem, optionalBoolean, optionalString, requiredString, unknownArgs} from './args.js';
import {shownPath} from './folder.js';
import {compileGlob, type GlobMatcher} from './glob.js';
import {GrepCollector, grepMatchCap, grepPerFileCap} from './grep-collect.js';
import {type GrepMatch, loadFile} from './grep-file.js';
import {Matcher, MatcherFailure, MatchTimeout} from './grep-matcher.js';
import {nestedRepetition} from './regex-safety.js';
import {type RawToolArgs, type ToolContext, type ToolOutcome, toolError, toolText} from './types.js';
import {gitignoredHint, walk} from './walk.js';

export {grepMatchCap, grepPerFileCap} from './grep-collect.js';
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
	/** `include_ignored`: `.gitignore` and `node_modules` did not apply. */
	readonly includeIgnored: boolean;
	/** Entries skipped by `.gitignore` (or as `node_modules`); an ignored folder counts once. */
	readonly gitignored: number;
	/** Entries not searched: denied by `.lectorignore`, or (under confine) links pointing outside. */
	readonly leftOut: LeftOut;
	readonly errorMessage: string | undefined;
};

const known = ['pattern', 'path', 'glob', 'ignore_case', 'literal', 'include_ignored'] as const;

type Query = {
	pattern: string;
	regex: RegExp;
	glob: string | undefined;
	matcher: GlobMatcher | undefined;
	includeIgnored: boolean;
};

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
		includeIgnored: false,
		gitignored: 0,
		leftOut: noneLeftOut,
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
	const includeIgnored = optionalBoolean(args, 'include_ignored');
	if (
		unknown ||
		pattern instanceof Error ||
		input instanceof Error ||
		glob instanceof Error ||
		ignoreCase instanceof Error ||
		literal instanceof Error ||
		includeIgnored instanceof Error
	) {
		return new Error(
			`Invalid grep arguments: ${firstProblem(unknown, pattern, input, glob, ignoreCase, literal, includeIgnored)}`,
		);
	}

	// The matcher thread's time budget is what keeps a slow pattern from freezing lector; this check is a
	// fast early refusal of the commonest catastrophic shape, with a fix that names the group, instead of
	// a timeout after a second on the first long line (or none, and a slow search over every file).
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

	return {
		pattern,
		regex,
		glob,
		matcher,
		input,
		ignoreCase: ignoreCase ?? false,
		literal: literal ?? false,
		includeIgnored: includeIgnored ?? false,
	};
}

/**
A file or folder to search, checked as a read is: against `.lectorignore` and, under confine, refused
when its real location is outside the workspace. A file named on purpose is searched even if
`.gitignore` ignores it, as ripgrep does.
*/
async function resolveTarget(
	input: string,
	context: ToolContext,
): Promise<{absolute: string; isFile: boolean} | Error> {
	const {cwd} = context;
	const absolute = await resolvePath(input, cwd);
	const shown = shownPath(absolute, cwd);
	const denial = await checkAccess(absolute, {cwd, confine: context.confine ?? false});
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
			`[${count(details.hiddenMatches)} more matches not shown (at most ${grepPerFileCap} per file); grep that file with a narrower pattern or read it.]`,
		);
	}

	if (details.truncated) {
		lines.push(
			`[Stopped at ${count(grepMatchCap)} matches; narrow the pattern, path or glob to see the rest.]`,
		);
	}

	if (details.skippedLarge > 0) {
		lines.push(`[${count(details.skippedLarge)} files over 4 MB were not searched.]`);
	}

	if (details.incomplete) {
		lines.push(
			`[The search stopped after ${count(grepVisitCap)} entries; give a path to search a smaller part of the tree.]`,
		);
	}

	const hint = gitignoredHint(details.gitignored, details.matches.length);
	if (hint !== undefined) {
		lines.push(hint);
	}

	const notice = leftOutNotice(details.leftOut);
	if (notice !== undefined) {
		lines.push(notice);
	}

	return lines.join('\n');
}

/** "1 s", "0.25 s". */
function seconds(ms: number): string {
	return `${Number((ms / 1000).toFixed(3))} s`;
}

/** Why a search that had started failed, as the message for the model. */
function searchFailure(error: unknown, pattern: string): Error {
	if (error instanceof MatchTimeout) {
		return new Error(
			`Grep stopped: matching ${JSON.stringify(pattern)} against the lines of ${error.label} took longer than ${seconds(error.budgetMs)}, so the search was cut off. The pattern probably backtracks catastrophically on a long line (overlapping or nested repetitions such as (a|a)* or (a+)+). Use a simpler pattern: make alternatives distinct and repetitions unambiguous (e.g. (a|a)* becomes a*), search for a plain piece of the text with literal=true, or narrow the path or glob.`,
		);
	}

	if (error instanceof MatcherFailure) {
		return new Error(`The search for ${JSON.stringify(pattern)} failed: ${error.message}.`);
	}

	return new Error(`The search for ${JSON.stringify(pattern)} was aborted.`);
}

/**
Walks the target (or takes the one file) into the collector. Resolves to whether the walk stopped at its
entry cap, or to an Error whose message says why the search failed (aborted, pattern too slow).
*/
async function search(
	target: {absolute: string; isFile: boolean},
	query: Pick<Query, 'pattern' | 'matcher' | 'includeIgnored'>,
	context: ToolContext & {readonly gate: EntryGate},
	collector: GrepCollector,
): Promise<{incomplete: boolean; gitignored: number} | Error> {
	const confine = context.confine ?? false;
	const add = async (absolute: string) =>
		collector.add(displayPathOf(absolute, context.cwd), await loadFile(absolute, context.cwd, confine));
	try {
		if (target.isFile) {
			await add(target.absolute);
			await collector.finish();
			return {incomplete: false, gitignored: 0};
		}

		const summary = await walk(
			{
				root: target.absolute,
				gate: context.gate,
				gitignore: !query.includeIgnored,
				signal: context.signal,
				maxVisited: grepVisitCap,
			},
			async (entry) => {
				if (entry.isDirectory || (query.matcher && !query.matcher(entry.relative))) {
					return true;
				}

				context.signal?.throwIfAborted();
				return add(path.join(target.absolute, entry.relative));
			},
		);
		// A visitor's stop means the total cap was reached: the files after it are not needed.
		if (summary.stopped !== 'visitor') {
			await collector.finish();
		}

		return {incomplete: summary.stopped === 'visit-cap', gitignored: summary.gitignored};
	} catch (error) {
		return searchFailure(error, query.pattern);
	}
}

/**
Searches text files under `path` (default the workspace; a single file also works) for a regular
expression, or a literal string with `literal`, optionally only in files whose path matches `glob`. Prints
`path:line: text`. Skips `.git`, what `.gitignore` ignores and `node_modules` (searched with
`include_ignored`); leaves out what `.lectorignore` denies and, under confine, links pointing outside
the workspace, with a notice counting them. Binary files are skipped; at most `grepPerFileCap` lines per file and `grepMatchCap`
lines in all, with notices giving the counts.
*/
export async function grep(args: RawToolArgs, context: ToolContext): Promise<ToolOutcome<GrepDetails>> {
	const query = parseQuery(args);
	if (query instanceof Error) {
		return failed(query.message, typeof args['pattern'] === 'string' ? args['pattern'] : '');
	}

	const target = await resolveTarget(query.input ?? '.', context);
	if (target instanceof Error) {
		return failed(target.message, query.pattern);
	}

	const matcher = new Matcher(context.signal);
	const collector = new GrepCollector(matcher, query.regex);
	const gate = await EntryGate.open({cwd: context.cwd, confine: context.confine ?? false});
	let searched: {incomplete: boolean; gitignored: number} | Error;
	try {
		searched = await search(target, query, {...context, gate}, collector);
	} finally {
		matcher.close();
	}

	if (searched instanceof Error) {
		return failed(searched.message, query.pattern);
	}

	const {matches, counts, truncated} = collector;
	const details: GrepDetails = {
		...emptyDetails(query.pattern, undefined),
		path: shownPath(target.absolute, context.cwd),
		glob: query.glob,
		ignoreCase: query.ignoreCase,
		literal: query.literal,
		matches,
		...counts,
		truncated,
		incomplete: searched.incomplete,
		includeIgnored: query.includeIgnored,
		gitignored: searched.gitignored,
		leftOut: gate.leftOut,
	};
	return toolText(render(details), details);
}
