/**
Splicing Claude Code subagent files in under the call that started them, and the files their own
Task calls started under those calls, to any depth the logs express. Files are read depth first, so
each subagent's calls follow its Task call; at most `maxNestDepth` files are open at once, and
subagents deeper than that are read after the file that started them is closed (still nested
under their call, which the transcript draws at its deepest level).
*/
import path from 'node:path';
import {maxNestDepth} from '../../transcript/reducer.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {parseJson} from '../json.js';
import {type LineRecord, readLineBatches} from '../line-reader.js';
import type {StatsCollector} from '../stats.js';
import {type AdapterOutput, nothing, type SessionAdapter, type SubagentRequest} from '../types.js';
import {createClaudeCodeAdapter} from './adapter.js';

type Scope = {readonly stats: StatsCollector; readonly maxLineBytes: number | undefined};

/** A `subagent` panel for a file no call in the session claims, so its calls still show under it. */
function orphanPanel(
	request: SubagentRequest,
	stats: StatsCollector,
): {id: string; events: TranscriptEvent[]} {
	const name = path.basename(request.filePath, '.jsonl');
	const id = `subagent:${name}`;
	stats.note('unmatched', 'subagent file without a matching call');
	return {
		id,
		events: [
			{type: 'tool-start', id, name: 'subagent', args: {file: request.filePath}},
			{
				type: 'tool-end',
				id,
				result: {
					content: [{type: 'text', text: `${name}: no call in the session started it`}],
					isError: false,
				},
			},
		],
	};
}

/** What one line of a subagent file adds; damage (bad JSON, over the cap) is counted in `stats`. */
export function subagentLine(
	adapter: SessionAdapter,
	record: LineRecord,
	stats: StatsCollector,
): AdapterOutput {
	if (record.kind === 'oversized') {
		stats.note('oversized', 'subagent line over the line cap', record.number);
		return nothing;
	}

	const parsed = parseJson(record.text);
	if (parsed.ok) {
		return adapter.push(parsed.value, record.number);
	}

	if (record.text.trim() !== '') {
		stats.note(
			record.kind === 'partial' ? 'truncated' : 'malformed',
			'subagent line not valid JSON',
			record.number,
		);
	}

	return nothing;
}

/**
Appends the events of one subagent file at `depth` (1 for a subagent of the main file) to `out`,
with the subagents its lines start spliced in after those lines while `depth` is under the cap;
deeper ones go to `overflow`.
*/
async function fileEvents(
	request: SubagentRequest,
	scope: Scope,
	depth: number,
	overflow: SubagentRequest[],
	out: TranscriptEvent[],
): Promise<void> {
	const {stats} = scope;
	let parentId = request.parentId;
	if (parentId === undefined) {
		// A file no call claimed may have been claimed since by another unclaimed file's Task call.
		if (request.index?.used.has(request.filePath) === true) {
			return;
		}

		request.index?.used.add(request.filePath);
		const orphan = orphanPanel(request, stats);
		parentId = orphan.id;
		out.push(...orphan.events);
	}

	const adapter = createClaudeCodeAdapter(
		{stats, filePath: request.filePath},
		{parentId, subagents: request.index},
	);
	const take = async (output: AdapterOutput) => {
		for (const event of output.events) {
			out.push(event);
		}

		for (const nested of output.subagents ?? []) {
			if (depth < maxNestDepth) {
				await fileEvents(nested, scope, depth + 1, overflow, out);
			} else {
				overflow.push(nested);
			}
		}
	};

	try {
		for await (const batch of readLineBatches(request.filePath, {maxLineBytes: scope.maxLineBytes})) {
			for (const record of batch) {
				await take(subagentLine(adapter, record, stats));
			}
		}
	} catch (error) {
		stats.note(
			'skipped',
			`subagent file unreadable: ${error instanceof Error ? error.message : String(error)}`,
		);
	}

	await take(adapter.end());
}

/**
The events of one subagent file and of the subagents it starts, every call nested under the call
that started it. A file no call in the session claims gets a `subagent` panel of its own to nest
under, so it is still shown.
*/
export async function subagentEvents(
	request: SubagentRequest,
	stats: StatsCollector,
	maxLineBytes: number | undefined,
): Promise<TranscriptEvent[]> {
	const scope: Scope = {stats, maxLineBytes};
	const overflow: SubagentRequest[] = [];
	const events: TranscriptEvent[] = [];
	await fileEvents(request, scope, 1, overflow, events);
	// Deeper than the cap: one file at a time, each after the one that started it was closed.
	for (let index = 0; index < overflow.length; index++) {
		const next = overflow[index];
		if (next !== undefined) {
			await fileEvents(next, scope, maxNestDepth, overflow, events);
		}
	}

	stats.events += events.length;
	return events;
}

/** The events of every requested subagent, in order. */
export async function expandSubagents(
	requests: readonly SubagentRequest[] | undefined,
	stats: StatsCollector,
	maxLineBytes: number | undefined,
): Promise<TranscriptEvent[]> {
	const events: TranscriptEvent[] = [];
	for (const request of requests ?? []) {
		for (const event of await subagentEvents(request, stats, maxLineBytes)) {
			events.push(event);
		}
	}

	return events;
}
