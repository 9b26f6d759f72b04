/**
Which entries of a listing (a directory read, ls, find, grep) the model may learn of. The same checks as
a read (access.ts), applied per entry: what `.lectorignore` denies and, under confine, symbolic links whose
real location is outside the workspace are left out and only counted, so the model is told that entries
were left out and why, never their names or content.
*/
import fs from 'node:fs/promises';
import path from 'node:path';
import {checkAccess, ruleFileName} from './access.js';
import {count} from './notices.js';

/** Entries left out of a listing, by reason. */
export type LeftOut = {
	/** Denied by the workspace's `.lectorignore`. */
	readonly ignored: number;
	/** Symbolic links (under confine) whose real location is outside the workspace. */
	readonly outside: number;
};

export const noneLeftOut: LeftOut = {ignored: 0, outside: 0};

/** Where the listing runs and under which rule. */
export type GateOptions = {
	readonly cwd: string;
	readonly confine: boolean;
};

/** Whether the workspace has a rule file: without one (and outside confine), no entry needs a check. */
export async function hasRuleFile(cwd: string): Promise<boolean> {
	try {
		return (await fs.stat(path.join(cwd, ruleFileName))).isFile();
	} catch {
		return false;
	}
}

/**
Admits or leaves out the entries of one listing, counting those left out. Entries that are not symbolic
links are only checked against `.lectorignore` (and not at all without a rule file): a walk that started
inside the workspace and never follows links cannot leave it, so only a link can point outside.
*/
export class EntryGate {
	private readonly options: GateOptions;
	private readonly checkRules: boolean;
	private ignored = 0;
	private outside = 0;

	private constructor(options: GateOptions, checkRules: boolean) {
		this.options = options;
		this.checkRules = checkRules;
	}

	static async open(options: GateOptions): Promise<EntryGate> {
		return new EntryGate(options, await hasRuleFile(path.resolve(options.cwd)));
	}

	/** Whether the entry at `absolute` may be shown; when not, it is counted under its reason. */
	async admit(absolute: string, isSymbolicLink: boolean): Promise<boolean> {
		const confine = this.options.confine && isSymbolicLink;
		if (!confine && !this.checkRules) {
			return true;
		}

		const denial = await checkAccess(absolute, {cwd: this.options.cwd, confine});
		if (denial === undefined) {
			return true;
		}

		if (denial.code === 'ignored') {
			this.ignored++;
		} else {
			this.outside++;
		}

		return false;
	}

	/** The workspace whose rules apply. */
	get cwd(): string {
		return this.options.cwd;
	}

	get leftOut(): LeftOut {
		return {ignored: this.ignored, outside: this.outside};
	}
}

/**
The notice that tells the model entries were left out and why, without naming them; undefined when none
were. E.g. `[Entries left out: 2 denied by the workspace's .lectorignore; 1 symbolic link pointing
outside the workspace. Do not try to reach them another way.]`
*/
export function leftOutNotice(leftOut: LeftOut): string | undefined {
	const reasons: string[] = [];
	if (leftOut.ignored > 0) {
		reasons.push(`${count(leftOut.ignored)} denied by the workspace's ${ruleFileName}`);
	}

	if (leftOut.outside > 0) {
		const links = leftOut.outside === 1 ? 'symbolic link' : 'symbolic links';
		reasons.push(`${count(leftOut.outside)} ${links} pointing outside the workspace`);
	}

	return reasons.length === 0
		? undefined
		: `[Entries left out: ${reasons.join('; ')}. Do not try to reach them another way.]`;
}
