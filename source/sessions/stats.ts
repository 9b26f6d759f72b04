/**
Counts of what a replay read, skipped and could not understand, with reasons, for the status line
and `--verbose`. Nothing a log contains is ever fatal: it ends up here instead.
*/
// Counts are whole numbers: grouped without Intl, whose first use costs a cold start milliseconds.
import {count as formatCount} from '../read/notices.js';

/** Why a line (or part of one) was not shown as it is. */
export type NoteKind = 'malformed' | 'oversized' | 'truncated' | 'unknown' | 'skipped' | 'unmatched';

/** One reason with how often it happened and where first. */
export type NoteSummary = {
	readonly kind: NoteKind;
	readonly reason: string;
	readonly count: number;
	readonly firstLine: number | undefined;
};

/** A snapshot of the counters. */
export type ReplayStats = {
	readonly lines: number;
	readonly bytes: number;
	readonly events: number;
	readonly counts: Readonly<Record<NoteKind, number>>;
	readonly notes: readonly NoteSummary[];
};

const labels: Record<NoteKind, string> = {
	malformed: 'malformed',
	oversized: 'over the line cap',
	truncated: 'cut off',
	unknown: 'unknown',
	skipped: 'skipped',
	unmatched: 'without a result',
};

/** Mutable counters, one per replay. */
export class StatsCollector {
	lines = 0;
	bytes = 0;
	events = 0;
	private readonly byReason = new Map<
		string,
		{kind: NoteKind; reason: string; count: number; firstLine: number | undefined}
	>();

	/** Record one note. Reasons are short phrases such as `entry type "foo"`. */
	note(kind: NoteKind, reason: string, line?: number): void {
		const key = `${kind}\u0000${reason}`;
		const existing = this.byReason.get(key);
		if (existing === undefined) {
			this.byReason.set(key, {kind, reason, count: 1, firstLine: line});
		} else {
			existing.count++;
		}
	}

	/** A frozen copy of the counters. */
	snapshot(): ReplayStats {
		const counts: Record<NoteKind, number> = {
			malformed: 0,
			oversized: 0,
			truncated: 0,
			unknown: 0,
			skipped: 0,
			unmatched: 0,
		};
		const notes: NoteSummary[] = [];
		for (const note of this.byReason.values()) {
			counts[note.kind] += note.count;
			notes.push({...note});
		}

		return {lines: this.lines, bytes: this.bytes, events: this.events, counts, notes};
	}
}

/** One status line: `412 lines · 380 events · 2 malformed · 1 unknown`. Zero counts are left out. */
export function statsLine(stats: ReplayStats): string {
	const counts = countsLine(stats);
	return [
		`${formatCount(stats.lines)} lines`,
		`${formatCount(stats.events)} events`,
		...(counts === '' ? [] : [counts]),
	].join(' · ');
}

/**
The counts alone, for the replay view's status line: `1 malformed · 1 unknown · 7 skipped`; empty
when nothing was skipped or misunderstood.
*/
export function countsLine(stats: ReplayStats): string {
	const parts: string[] = [];
	for (const kind of Object.keys(labels)) {
		if (isNoteKind(kind) && stats.counts[kind] > 0) {
			parts.push(`${formatCount(stats.counts[kind])} ${labels[kind]}`);
		}
	}

	return parts.join(' · ');
}

/** The `--verbose` listing: one line per reason, most frequent first. */
export function statsDetails(stats: ReplayStats): string[] {
	return [...stats.notes]
		.sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason))
		.map(
			(note) =>
				`${labels[note.kind]}: ${note.reason} ×${formatCount(note.count)}${note.firstLine === undefined ? '' : ` (first at line ${note.firstLine})`}`,
		);
}

function isNoteKind(value: string): value is NoteKind {
	return value in labels;
}
