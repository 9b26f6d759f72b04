/** A whole lector log read at once, for `--continue` and `--demo`; replay streams it instead. */
import {readFileSync} from 'node:fs';
import type {TranscriptEvent} from '../../transcript/types.js';
import {detectLine} from '../detect.js';
import type {SessionFormat} from '../types.js';
import type {LectorLogHeader} from './log-format.js';
import {LectorLogReader} from './log-reader.js';

/** A parsed lector log: its header (when line 1 is one) and every well-formed event, in order. */
export type LectorLog = {
	readonly header: LectorLogHeader | undefined;
	readonly events: readonly TranscriptEvent[];
	/** Lines that were not valid JSON or not a known entry (a torn last line after a crash, say). */
	readonly skipped: number;
};

/** Parses a lector log's text, tolerating malformed lines (they are counted, not fatal). */
export function parseLectorLog(text: string): LectorLog {
	const reader = new LectorLogReader();
	let header: LectorLogHeader | undefined;
	const events: TranscriptEvent[] = [];
	let skipped = 0;
	for (const [index, line] of text.split('\n').entries()) {
		if (line.trim() === '') {
			continue;
		}

		let value: unknown;
		try {
			value = JSON.parse(line);
		} catch {
			skipped++;
			continue;
		}

		for (const result of reader.push(value)) {
			if (result.kind === 'header' && index === 0) {
				header = result.header;
			} else if (result.kind === 'event') {
				events.push(result.event);
			} else {
				skipped++;
			}
		}
	}

	return {header, events, skipped};
}

const agentNames: Record<SessionFormat, string> = {
	lector: 'lector',
	pi: 'pi',
	'claude-code': 'Claude Code',
	codex: 'Codex',
};

/** The other agent whose log `text` is, judged from its first lines that tell (as replay detects). */
function otherAgent(text: string): string | undefined {
	for (const line of text.split('\n', 50)) {
		try {
			const format = detectLine(JSON.parse(line));
			if (format !== undefined) {
				return format === 'lector' ? undefined : agentNames[format];
			}
		} catch {
			// Not JSON: the next line may tell.
		}
	}

	return undefined;
}

/**
Reads and parses a lector log file (synchronously: it is read once, at start-up). Another agent's
log (`--demo` given a Claude Code session) is an error saying so, rather than a log of 0 entries.
*/
export function readLectorLog(filePath: string): LectorLog {
	const text = readFileSync(filePath, 'utf8');
	const log = parseLectorLog(text);
	const agent = log.header === undefined && log.events.length === 0 ? otherAgent(text) : undefined;
	if (agent !== undefined) {
		throw new Error(
			`it is a ${agent} session log, and only lector's own logs can be shown here (lector replay ${filePath} shows it)`,
		);
	}

	return log;
}

/** The model the log last switched to with `/model`, if it ever did. */
export function lastModelSwitch(
	events: readonly TranscriptEvent[],
): {provider: string; model: string} | undefined {
	for (let index = events.length - 1; index >= 0; index--) {
		const event = events[index];
		if (event?.type === 'model-switch') {
			return event.to;
		}
	}

	return undefined;
}
