import {type ModelMessage, streamText} from 'ai';
import type {TranscriptEvent} from '../transcript/types.js';
import {describeProviderError, type ProviderFailure} from './errors.js';
import type {ModelRequest} from './step.js';

const instruction =
	'The conversation is about to be cut to save context. Write a summary that lets you continue the work ' +
	'without the earlier messages: the questions asked, what you found (files, line numbers, names, facts), ' +
	'what is still open, and what the person wants next. Plain text, at most 400 words. Do not call tools.';

/** The one message that replaces the history after a compaction. */
export function summaryMessage(summary: string): ModelMessage {
	return {
		role: 'user',
		content: `The earlier conversation was compacted to save context. Its summary:\n\n${summary}\n\nFiles read before may have changed; read them again when you need their text.`,
	};
}

/**
Asks the model for a summary of `messages`. Tools are declared (Anthropic refuses tool results without
them) but not allowed. Resolves to the summary text or a failure; never rejects.
*/
export async function summarise(
	input: ModelRequest,
): Promise<{ok: true; summary: string} | {ok: false; failure: ProviderFailure | undefined}> {
	let summary = '';
	let failure: unknown;
	try {
		const result = streamText({
			model: input.model,
			system: input.system,
			messages: [...input.messages, {role: 'user', content: instruction}],
			tools: input.tools,
			toolChoice: 'none',
			abortSignal: input.signal,
			maxOutputTokens: input.config.maxOutputTokens,
			maxRetries: 1,
			onError: () => {
				// Read from the stream below.
			},
		});
		for await (const part of result.fullStream) {
			if (part.type === 'text-delta') {
				summary += part.text;
			} else if (part.type === 'error') {
				failure = part.error;
			} else if (part.type === 'abort') {
				return {ok: false, failure: undefined};
			}
		}
	} catch (error) {
		failure = error;
	}

	if (failure !== undefined) {
		return {ok: false, failure: describeProviderError(failure, input.config, summary !== '')};
	}

	return summary.trim() === '' ? {ok: false, failure: undefined} : {ok: true, summary: summary.trim()};
}

/**
Compacts a conversation: tells the person, asks the model for a summary and, when one comes back,
announces it in a `compaction` event holding the summary (so `--continue` can rebuild from the log)
and resolves to the new history. Resolves to undefined when compaction failed; the person is
told and the conversation goes on as it was. The caller resets the read cache.
*/
export async function compactHistory(
	input: ModelRequest & {
		readonly contextWindow: number;
		/** How full the context is, in tokens (the session's measure), for the first notice. */
		readonly used: number;
		readonly emit: (event: TranscriptEvent) => void;
		readonly newId: (kind: string) => string;
		/** What the first notice says instead of "nearing the context window" (a model switch has its own reason). */
		readonly announce?: string;
	},
): Promise<ModelMessage[] | undefined> {
	const {emit, newId, used} = input;
	emit({
		type: 'notice',
		id: newId('notice'),
		level: 'info',
		text:
			input.announce ??
			`The conversation (about ${used} tokens) is nearing the context window (${input.contextWindow}); compacting it into a summary…`,
	});
	const outcome = await summarise(input);
	if (!outcome.ok) {
		const reason = outcome.failure?.message ?? 'no summary came back';
		emit({
			type: 'notice',
			id: newId('notice'),
			level: 'warning',
			text: `Compaction failed (${reason}). The conversation goes on as it is; /clear starts afresh if the model refuses it.`,
		});
		return undefined;
	}

	emit({type: 'compaction', id: newId('compaction'), summary: outcome.summary});
	return [summaryMessage(outcome.summary)];
}
