/**
What `lector watch` says about the sessions it follows: the waiting notice, the notice at each
switch, the status line's note. Plain strings from structured facts, shared by the interactive view
and the printed stream; every path in them is sanitised (a folder name can hold escape sequences).
*/
import type {SessionFolder} from '../../sessions/session-list.js';
import type {SessionFormat} from '../../sessions/types.js';
import type {SessionPick} from '../../sessions/watch-workspace.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {tildify} from '../../ui/session-header.js';

type NoticeEvent = Extract<TranscriptEvent, {type: 'notice'}>;

export const agentNames: Readonly<Record<SessionFormat, string>> = {
	lector: 'lector',
	pi: 'pi',
	'claude-code': 'Claude Code',
	codex: 'Codex',
};

/** `lector, pi, Claude Code and Codex`. */
export function agentList(formats: readonly SessionFormat[]): string {
	const names = [...new Set(formats.map((format) => agentNames[format]))];
	return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** `10:02:03` UTC, as the session header's dates are. */
function clock(ms: number): string {
	return new Date(ms).toISOString().slice(11, 19);
}

/** How long ago, in the largest whole unit: `40 s`, `3 min`, `2 h`. */
function ago(ms: number): string {
	const seconds = Math.max(0, Math.round(ms / 1000));
	if (seconds < 60) {
		return `${seconds} s`;
	}

	const minutes = Math.round(seconds / 60);
	return minutes < 60 ? `${minutes} min` : `${Math.round(minutes / 60).toLocaleString('en-US')} h`;
}

/** The status line's note on the session shown: why it is the one. */
export function switchNote(pick: SessionPick, since: number): string {
	switch (pick.reason) {
		case 'newest': {
			return 'the newest session';
		}

		case 'started': {
			return `switched ${clock(since)}: a new session started`;
		}

		case 'active': {
			return `switched ${clock(since)}: written again`;
		}
	}
}

/** The notice that opens a session's transcript: which session, why this one, and what came before. */
export function switchNotice(
	pick: SessionPick,
	previous: SessionPick | undefined,
	workspace: string,
	since: number,
	home: string,
): NoticeEvent {
	const agent = agentNames[pick.entry.format];
	const file = tildify(pick.entry.filePath, home);
	const lines: string[] = [];
	switch (pick.reason) {
		case 'newest': {
			lines.push(
				`lector watch: the newest session in ${workspace} is ${agent}'s, written ${ago(since - pick.entry.mtimeMs)} ago. A newer session shows here as soon as it starts.`,
			);
			break;
		}

		case 'started': {
			lines.push(`lector watch: a new ${agent} session started at ${clock(since)} UTC; showing it.`);
			break;
		}

		case 'active': {
			lines.push(
				`lector watch: ${agent}'s session is being written again (${clock(since)} UTC); showing it.`,
			);
			break;
		}
	}

	lines.push(`  ${file}`);
	if (previous !== undefined) {
		lines.push(`  before: ${agentNames[previous.entry.format]}, ${tildify(previous.entry.filePath, home)}`);
	}

	return {type: 'notice', id: 'watch:switch', level: 'info', text: lines.map(sanitizeLine).join('\n')};
}

/** Before any session: where it looks, so the person can tell a wrong folder from a quiet agent. */
export function waitingNotice(
	workspace: string,
	folders: readonly SessionFolder[],
	home: string,
): NoticeEvent {
	const width = Math.max(...folders.map((place) => agentNames[place.format].length));
	const lines = [
		`lector watch: waiting for a session in ${workspace}. Start an agent there and its session shows here, each read as a panel as soon as the call ends.`,
		'Watching:',
		...folders.map(
			(place) =>
				`  ${agentNames[place.format].padEnd(width)}  ${tildify(place.folder, home)}${place.format === 'codex' ? ' (rollouts that name this folder)' : ''}`,
		),
	];
	return {type: 'notice', id: 'watch:waiting', level: 'info', text: lines.map(sanitizeLine).join('\n')};
}
