/**
`/resume`: this folder's earlier conversations, described for the person to pick one (when it
started, its first prompt, how many reads it made), and the pick resolved to a log path. The shell
then opens that log as `--continue` opens the last one (open.ts).
*/
import {statSync} from 'node:fs';
import {readLectorLog} from '../sessions/lector/log-file.js';
import {listConversationLogs, type StoreEnvironment} from '../sessions/lector/store.js';
import {sanitizeLine} from '../text/sanitize.js';

/** One earlier session, as the list shows it. */
export type ResumableSession = {
	readonly filePath: string;
	/** When it started (the header's time, else the file's), as `2026-12-02 07:11` UTC. */
	readonly when: string;
	/** The first prompt (or typed command), on one line; '' when it has none. */
	readonly firstPrompt: string;
	readonly reads: number;
};

/** How many sessions the list shows; older ones are counted, and `/resume N` still opens them. */
export const resumeListLimit = 20;

/** Columns of the first prompt in the list. */
const promptColumns = 60;

function minuteOf(date: Date): string {
	return date.toISOString().slice(0, 16).replace('T', ' ');
}

function describe(filePath: string): ResumableSession | undefined {
	try {
		const log = readLectorLog(filePath);
		if (log.events.length === 0) {
			// A shell opened and left without a word: nothing to resume.
			return undefined;
		}

		const first = log.events.find((event) => event.type === 'user-text' || event.type === 'direct-command');
		const started = log.header ? new Date(log.header.startedAt) : statSync(filePath).mtime;
		const when = Number.isNaN(started.getTime()) ? '(unknown time)' : minuteOf(started);
		// Log text is untrusted: one line, no control characters.
		const prompt = first === undefined ? '' : sanitizeLine(first.text.replaceAll(/\s+/g, ' ').trim());
		const reads = log.events.filter((event) => event.type === 'tool-start' && event.name === 'read').length;
		return {
			filePath,
			when,
			firstPrompt:
				[...prompt].length > promptColumns ? `${[...prompt].slice(0, promptColumns - 1).join('')}…` : prompt,
			reads,
		};
	} catch {
		// Unreadable or another agent's: not listed.
		return undefined;
	}
}

/** The folder's earlier conversations, newest first, without `current` (the log being written). */
export async function resumableSessions(
	cwd: string,
	env: StoreEnvironment,
	home: string | undefined,
	current: string | undefined,
): Promise<ResumableSession[]> {
	const paths = await listConversationLogs(cwd, env, home);
	return paths
		.filter((filePath) => filePath !== current)
		.map((filePath) => describe(filePath))
		.filter((entry): entry is ResumableSession => entry !== undefined);
}

/** What `/resume` shows: the numbered list, or that there is nothing to resume. */
export function resumeListText(sessions: readonly ResumableSession[]): string {
	if (sessions.length === 0) {
		return 'There is no earlier session in this folder to resume.';
	}

	const shown = sessions.slice(0, resumeListLimit);
	const width = String(shown.length).length;
	const lines = shown.map((entry, index) => {
		const reads = `${entry.reads.toLocaleString('en-US')} read${entry.reads === 1 ? '' : 's'}`;
		const prompt = entry.firstPrompt === '' ? '(no prompt)' : entry.firstPrompt;
		return `${String(index + 1).padStart(width)}. ${entry.when}  ${prompt}  · ${reads}`;
	});
	const older = sessions.length - shown.length;
	return [
		`Earlier sessions in this folder, newest first (/resume N opens one):`,
		...lines,
		...(older > 0
			? [`… and ${older.toLocaleString('en-US')} older (/resume ${shown.length + 1} and up).`]
			: []),
	].join('\n');
}

/** The session `/resume <argument>` picks, or why the pick is wrong. */
export function pickSession(
	sessions: readonly ResumableSession[],
	argument: string,
): {readonly ok: true; readonly session: ResumableSession} | {readonly ok: false; readonly reason: string} {
	if (sessions.length === 0) {
		return {ok: false, reason: 'There is no earlier session in this folder to resume.'};
	}

	const range =
		sessions.length === 1 ? '/resume 1' : `/resume 1 to /resume ${sessions.length.toLocaleString('en-US')}`;
	if (!/^\d+$/.test(argument)) {
		return {
			ok: false,
			reason: `/resume takes the number of a session in the list (${range}); ${JSON.stringify(sanitizeLine(argument))} is not one. /resume alone lists them.`,
		};
	}

	const session = sessions[Number(argument) - 1];
	if (session === undefined) {
		return {
			ok: false,
			reason: `There is no session ${argument}: this folder has ${sessions.length.toLocaleString('en-US')} earlier (${range}). /resume alone lists them.`,
		};
	}

	return {ok: true, session};
}
