/** `lector read` without --json or --model-view: the read panel for one engine result. */
import type {ReadResult} from '../../read/types.js';
import {applyEvents, emptyTranscript} from '../../transcript/reducer.js';
import {showTranscript} from '../../ui/show.js';

/** The flags of `lector read` that shape the call and the view. */
export type ReadViewFlags = {
	readonly offset?: string | undefined;
	readonly limit?: string | undefined;
	readonly tail?: string | undefined;
	readonly print: boolean;
	readonly expanded: boolean;
};

/** The call's arguments as an agent would have sent them. */
export function readCallArgs(filePath: string, flags: ReadViewFlags): Record<string, unknown> {
	const args: Record<string, unknown> = {path: filePath};
	for (const key of ['offset', 'limit', 'tail'] as const) {
		const value = flags[key];
		if (value !== undefined) {
			args[key] = Number(value);
		}
	}

	return args;
}

/** Show one read as a transcript of one panel. */
export async function showReadPanel(
	filePath: string,
	flags: ReadViewFlags,
	result: ReadResult,
): Promise<void> {
	const transcript = applyEvents(emptyTranscript, [
		{type: 'tool-start', id: 'read-1', name: 'read', args: readCallArgs(filePath, flags), tag: 'read'},
		{type: 'tool-end', id: 'read-1', result},
	]);
	await showTranscript(transcript, {print: flags.print, expanded: flags.expanded});
}
