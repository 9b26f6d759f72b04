/**
A whole lector log read at start-up, for `--continue`, `/resume` and `--demo`; replay streams it instead.
The file is read in chunks and split into lines as it goes: a log over 512 MB is more than one string
may hold in V8, and `--continue` must resume it, not fail.
*/
import {closeSync, openSync, readSync} from 'node:fs';
import type {TranscriptEvent} from '../../transcript/types.js';
import {detectLine} from '../detect.js';
import {type LineRecord, LineSplitter} from '../line-reader.js';
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

/** Collects a log's header and events from its lines, one at a time. */
class LogCollector {
	private readonly reader = new LectorLogReader();
	header: LectorLogHeader | undefined;
	readonly events: TranscriptEvent[] = [];
	skipped = 0;

	line(text: string, index: number): void {
		if (text.trim() === '') {
			return;
		}

		let value: unknown;
		try {
			value = JSON.parse(text);
		} catch {
			this.skipped++;
			return;
		}

		for (const result of this.reader.push(value)) {
			if (result.kind === 'header' && index === 0) {
				this.header = result.header;
			} else if (result.kind === 'event') {
				this.events.push(result.event);
			} else {
				this.skipped++;
			}
		}
	}

	log(): LectorLog {
		return {header: this.header, events: this.events, skipped: this.skipped};
	}
}

/** Parses a lector log's text, tolerating malformed lines (they are counted, not fatal). */
export function parseLectorLog(text: string): LectorLog {
	const collector = new LogCollector();
	for (const [index, line] of text.split('\n').entries()) {
		collector.line(line, index);
	}

	return collector.log();
}

const chunkBytes = 1024 * 1024;

/** A log file's lines, parsed as they are read; `firstLines` keeps the first 50 for telling the format. */
function parseLogFile(filePath: string): {log: LectorLog; firstLines: string[]} {
	const collector = new LogCollector();
	const firstLines: string[] = [];
	const splitter = new LineSplitter();
	const take = (record: LineRecord) => {
		const index = record.number - 1;
		if (record.kind === 'oversized') {
			// Longer than a line may be (16 MB): counted, like any line that is not an entry.
			collector.skipped++;
			return;
		}

		if (firstLines.length < 50) {
			firstLines.push(record.text);
		}

		collector.line(record.text, index);
	};
	const descriptor = openSync(filePath, 'r');
	try {
		const buffer = Buffer.alloc(chunkBytes);
		for (;;) {
			const bytesRead = readSync(descriptor, buffer, 0, chunkBytes, null);
			if (bytesRead === 0) {
				break;
			}

			for (const record of splitter.push(buffer.subarray(0, bytesRead))) {
				take(record);
			}
		}

		const last = splitter.flush();
		if (last) {
			take(last);
		}
	} finally {
		closeSync(descriptor);
	}

	return {log: collector.log(), firstLines};
}

const agentNames: Record<SessionFormat, string> = {
	lector: 'lector',
	pi: 'pi',
	'claude-code': 'Claude Code',
	codex: 'Codex',
};

/** The other agent whose log this is, judged from its first lines that tell (as replay detects). */
function otherAgent(lines: readonly string[]): string | undefined {
	for (const line of lines) {
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
	const {log, firstLines} = parseLogFile(filePath);
	const agent = log.header === undefined && log.events.length === 0 ? otherAgent(firstLines) : undefined;
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
