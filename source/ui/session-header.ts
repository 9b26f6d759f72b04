/**
The replay's session header: the agent, model, folder and date of a session on one row, and its
title and log file on a second, drawn above the viewport (and as the first item in `--print`).
*/
import os from 'node:os';
import {seg} from '../panels/parts.js';
import type {Row} from '../panels/types.js';
import type {SessionMeta} from '../sessions/types.js';
import {sanitizeLine} from '../text/sanitize.js';
import {padToWidth} from '../text/width.js';

/** `/home/ada/project` -> `~/project` under the home folder; other paths unchanged. */
export function tildify(folder: string, home: string): string {
	return folder === home || folder.startsWith(`${home}/`) ? `~${folder.slice(home.length)}` : folder;
}

/**
`Claude Code · claude-opus-4-1 · ~/project · 2025-03-02 08:00` (UTC); missing facts are left out.
Without facts, `pending` says why: `waiting`, a followed log with nothing in it yet; `loading`, a log
still being read; in neither case is the format unknown, it is not known yet.
*/
export type PendingFacts = 'waiting' | 'loading';

const pendingWords: Readonly<Record<PendingFacts, string>> = {
	waiting: 'waiting for the log to be written',
	loading: 'reading the log…',
};

export function sessionFacts(
	meta: SessionMeta | undefined,
	home = os.homedir(),
	pending: PendingFacts | undefined = undefined,
): string {
	const parts = [meta?.agent ?? (pending === undefined ? 'unknown format' : pendingWords[pending])];
	for (const part of [meta?.model, meta?.cwd === undefined ? undefined : tildify(meta.cwd, home)]) {
		if (part !== undefined && part !== '') {
			parts.push(part);
		}
	}

	const date = meta?.startedAt === undefined ? undefined : new Date(meta.startedAt);
	if (date !== undefined && !Number.isNaN(date.getTime())) {
		parts.push(date.toISOString().slice(0, 16).replace('T', ' '));
	}

	// Everything here comes from the log: one line, no control characters.
	return sanitizeLine(parts.join(' · '));
}

/**
The two header rows at `width` columns: the facts in a bar like the status line's, then the title
(when the log names one) and the log file. Rows are cut to the width by the view.
*/
export function sessionHeaderRows(
	meta: SessionMeta | undefined,
	filePath: string,
	width: number,
	home = os.homedir(),
	pending: PendingFacts | undefined = undefined,
): Row[] {
	const file = seg(` ${sanitizeLine(tildify(filePath, home))}`, 'dim');
	const title = meta?.title === undefined || meta.title === '' ? undefined : sanitizeLine(meta.title);
	return [
		[seg(padToWidth(` ${sessionFacts(meta, home, pending)}`, width), 'status')],
		title === undefined ? [file] : [seg(` "${title}"`, 'text'), seg(' ·', 'dim'), file],
	];
}
