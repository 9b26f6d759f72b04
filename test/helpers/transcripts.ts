/** Test data: real engine results on fixtures/ui, and transcripts built from them. */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {read} from '../../source/read/index.js';
import type {ReadLimits, ReadResult} from '../../source/read/types.js';
import {applyEvents, emptyTranscript, type TranscriptState} from '../../source/transcript/reducer.js';
import type {ToolCallItem, ToolResult, TranscriptEvent} from '../../source/transcript/types.js';

/** The repository root (the engine's workspace in tests). */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Run the real read engine on a file under the repository root. */
export async function readFixture(
	filePath: string,
	params: Record<string, unknown> = {},
	limits: Partial<ReadLimits> = {},
): Promise<ReadResult> {
	return read({path: filePath, ...params}, {cwd: root, limits});
}

/** A finished tool call item. */
export function toolCall(
	name: string,
	args: Readonly<Record<string, unknown>>,
	result: ToolResult,
	id = `${name}-${JSON.stringify(args)}`,
): ToolCallItem {
	return {type: 'tool', id, name, args, status: 'done', result};
}

/** A transcript of finished calls, in order. */
export function transcriptOf(calls: readonly ToolCallItem[]): TranscriptState {
	const events: TranscriptEvent[] = calls.flatMap((call) => [
		{type: 'tool-start', id: call.id, name: call.name, args: call.args} as const,
		...(call.result === undefined ? [] : [{type: 'tool-end', id: call.id, result: call.result} as const]),
	]);
	return applyEvents(emptyTranscript, events);
}
