/**
Turns a log's lines into transcript events: JSON parsing, format detection from the first lines
that tell, and the adapter for that format. Line-level damage (bad JSON, giant lines, a last line
cut in half) is counted here; entry-level surprises are counted by the adapters.
*/

import type {ToolResult} from '../transcript/types.js';
import {createClaudeCodeAdapter} from './claude-code/adapter.js';
import type {SubagentIndex} from './claude-code/subagents.js';
import {createCodexAdapter} from './codex/adapter.js';
import {detectLine} from './detect.js';
import {withDisplayPaths} from './display-path.js';
import {parseJson} from './json.js';
import {createLectorAdapter} from './lector/adapter.js';
import type {LineRecord} from './line-reader.js';
import {createPiAdapter} from './pi/adapter.js';
import {StatsCollector} from './stats.js';
import {
	type AdapterContext,
	type AdapterOutput,
	nothing,
	type SessionAdapter,
	type SessionFormat,
	type SessionMeta,
} from './types.js';

/** Lines read before giving up on detecting the format. */
export const detectionLines = 200;

/** Options of one replay. */
export type ReplayerOptions = {
	readonly filePath?: string | undefined;
	/** Skip detection (tests, or a caller that knows). */
	readonly format?: SessionFormat | undefined;
	/** Claude Code: the subagent index to share (a follower refreshes it); scanned when absent. */
	readonly subagents?: SubagentIndex | undefined;
	/** Where results an adapter holds on to are kept (AdapterContext's keepResult). */
	readonly keepResult?: ((result: ToolResult) => ToolResult) | undefined;
};

/** Build the adapter for a format. */
export function createAdapter(
	format: SessionFormat,
	context: AdapterContext,
	subagents?: SubagentIndex,
): SessionAdapter {
	switch (format) {
		case 'lector': {
			return createLectorAdapter(context);
		}

		case 'pi': {
			return createPiAdapter(context);
		}

		case 'claude-code': {
			return createClaudeCodeAdapter(context, {subagents});
		}

		case 'codex': {
			return createCodexAdapter(context);
		}

		default: {
			const never: never = format;
			return never;
		}
	}
}

function merge(outputs: readonly AdapterOutput[]): AdapterOutput {
	if (outputs.length === 1 && outputs[0] !== undefined) {
		return outputs[0];
	}

	return {
		events: outputs.flatMap((output) => output.events),
		subagents: outputs.flatMap((output) => output.subagents ?? []),
	};
}

/** One replay's state: feed it line records in order, then `end()` unless following. */
export class SessionReplayer {
	readonly stats = new StatsCollector();
	private readonly filePath: string | undefined;
	private readonly subagents: SubagentIndex | undefined;
	private readonly keepResult: ReplayerOptions['keepResult'];
	private adapter: SessionAdapter | undefined;
	private pending: Array<{value: unknown; line: number}> = [];
	private gaveUp = false;

	constructor(options: ReplayerOptions = {}) {
		this.filePath = options.filePath;
		this.subagents = options.subagents;
		this.keepResult = options.keepResult;
		if (options.format !== undefined) {
			this.adapter = createAdapter(options.format, this.context(), this.subagents);
		}
	}

	private context(): AdapterContext {
		return {stats: this.stats, filePath: this.filePath, keepResult: this.keepResult};
	}

	/** The detected format; undefined until a line told it. */
	get format(): SessionFormat | undefined {
		return this.adapter?.format;
	}

	/** True when the first lines matched no known format. */
	get undetected(): boolean {
		return this.gaveUp;
	}

	/** The session facts known so far. */
	meta(): SessionMeta | undefined {
		return this.adapter?.meta();
	}

	/** Feed one line record; returns the events it completed. */
	feed(record: LineRecord): AdapterOutput {
		this.stats.lines++;
		this.stats.bytes += record.bytes + (record.kind === 'partial' ? 0 : 1);
		if (record.kind === 'oversized') {
			this.stats.note('oversized', `line over the line cap (${record.bytes} bytes)`, record.number);
			return nothing;
		}

		if (record.text.trim() === '') {
			return nothing;
		}

		const parsed = parseJson(record.text);
		if (!parsed.ok) {
			this.stats.note(
				record.kind === 'partial' ? 'truncated' : 'malformed',
				record.kind === 'partial' ? 'last line cut off' : 'not valid JSON',
				record.number,
			);
			return nothing;
		}

		return this.dispatch(parsed.value, record.number);
	}

	/** The log is complete: flush and close open calls. */
	end(): AdapterOutput {
		if (this.adapter === undefined) {
			this.giveUp();
			return nothing;
		}

		return this.count(this.adapter.end());
	}

	private dispatch(value: unknown, line: number): AdapterOutput {
		if (this.adapter !== undefined) {
			return this.count(this.adapter.push(value, line));
		}

		if (this.gaveUp) {
			return nothing;
		}

		const format = detectLine(value);
		if (format === undefined) {
			this.pending.push({value, line});
			if (this.pending.length >= detectionLines) {
				this.giveUp();
			}

			return nothing;
		}

		const adapter = createAdapter(format, this.context(), this.subagents);
		this.adapter = adapter;
		const queued = this.pending;
		this.pending = [];
		return this.count(
			merge([...queued.map((entry) => adapter.push(entry.value, entry.line)), adapter.push(value, line)]),
		);
	}

	private giveUp(): void {
		if (!this.gaveUp && this.pending.length > 0) {
			this.stats.note('unknown', 'lines of an unknown format', this.pending[0]?.line);
		}

		this.gaveUp = true;
		this.pending = [];
	}

	private count(output: AdapterOutput): AdapterOutput {
		this.stats.events += output.events.length;
		const events = withDisplayPaths(output.events, this.meta()?.cwd);
		return events === output.events ? output : {...output, events};
	}
}
