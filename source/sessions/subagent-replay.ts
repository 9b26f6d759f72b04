/** Splicing Claude Code subagent files in under the call that started them. */
import path from 'node:path';
import type {TranscriptEvent} from '../transcript/types.js';
import {createClaudeCodeAdapter} from './claude-code-adapter.js';
import {parseJson} from './json.js';
import {readLineBatches} from './line-reader.js';
import type {StatsCollector} from './stats.js';
import type {SubagentRequest} from './types.js';

/**
The events of one subagent file, every call nested under the request's parent. A file no call in
the session claims gets a `subagent` panel of its own to nest under, so it is still shown.
*/
export async function subagentEvents(
	request: SubagentRequest,
	stats: StatsCollector,
	maxLineBytes: number | undefined,
): Promise<TranscriptEvent[]> {
	const events: TranscriptEvent[] = [];
	let parentId = request.parentId;
	if (parentId === undefined) {
		const name = path.basename(request.filePath, '.jsonl');
		parentId = `subagent:${name}`;
		stats.note('unmatched', 'subagent file without a matching call');
		events.push(
			{type: 'tool-start', id: parentId, name: 'subagent', args: {file: request.filePath}},
			{
				type: 'tool-end',
				id: parentId,
				result: {
					content: [{type: 'text', text: `${name}: no call in the session started it`}],
					isError: false,
				},
			},
		);
	}

	const adapter = createClaudeCodeAdapter({stats, filePath: request.filePath}, {parentId});
	try {
		for await (const batch of readLineBatches(request.filePath, {maxLineBytes})) {
			for (const record of batch) {
				if (record.kind === 'oversized') {
					stats.note('oversized', 'subagent line over the line cap', record.number);
					continue;
				}

				const parsed = parseJson(record.text);
				if (parsed.ok) {
					events.push(...adapter.push(parsed.value, record.number).events);
				} else if (record.text.trim() !== '') {
					stats.note(
						record.kind === 'partial' ? 'truncated' : 'malformed',
						'subagent line not valid JSON',
						record.number,
					);
				}
			}
		}
	} catch (error) {
		stats.note(
			'skipped',
			`subagent file unreadable: ${error instanceof Error ? error.message : String(error)}`,
		);
	}

	events.push(...adapter.end().events);
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
		events.push(...(await subagentEvents(request, stats, maxLineBytes)));
	}

	return events;
}
