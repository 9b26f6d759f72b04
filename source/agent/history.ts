import type {ModelMessage, TextPart, ToolCallPart, ToolResultPart} from 'ai';
import {assertNever} from '../transcript/assert-never.js';
import type {ToolResult, TranscriptEvent} from '../transcript/types.js';
import {summaryMessage} from './compaction.js';
import type {ProviderName} from './config.js';
import {errorResult, toModelOutput} from './tools.js';

type Step = {
	parts: (TextPart | ToolCallPart)[];
	calls: {id: string; name: string}[];
	results: Map<string, ToolResult>;
};

/**
Rebuilds the model's conversation from a session log's events, for `--continue`. The session emits, per
model request, its text and tool-starts before any tool-end, so a text or tool-start after a tool-end
begins the next request. Calls without a logged result (a crash, an abort) are answered with an error,
a compaction replaces everything before it with its summary, and a reset empties the history; direct
commands (typed while no model was configured) and their calls were never part of it.
Tool calls get their transcript ids as call ids, which both APIs accept.
*/
export function historyFromEvents(
	events: readonly TranscriptEvent[],
	provider: ProviderName,
): ModelMessage[] {
	let messages: ModelMessage[] = [];
	let step: Step | undefined;

	const flush = () => {
		if (!step) {
			return;
		}

		if (step.parts.length > 0) {
			messages.push({role: 'assistant', content: step.parts});
		}

		if (step.calls.length > 0) {
			const results = step.results;
			const content: ToolResultPart[] = step.calls.map((call) => ({
				type: 'tool-result',
				toolCallId: call.id,
				toolName: call.name,
				output: toModelOutput(results.get(call.id) ?? errorResult('This call did not finish.'), provider),
			}));
			messages.push({role: 'tool', content});
		}

		step = undefined;
	};

	const currentStep = (): Step => {
		if (step && step.results.size > 0) {
			flush();
		}

		step ??= {parts: [], calls: [], results: new Map()};
		return step;
	};

	for (const event of events) {
		switch (event.type) {
			case 'user-text': {
				flush();
				messages.push({role: 'user', content: event.text});
				break;
			}

			case 'assistant-text': {
				currentStep().parts.push({type: 'text', text: event.text});
				break;
			}

			case 'tool-start': {
				if (event.direct === true) {
					break;
				}

				const current = currentStep();
				current.parts.push({
					type: 'tool-call',
					toolCallId: event.id,
					toolName: event.name,
					input: event.args,
				});
				current.calls.push({id: event.id, name: event.name});
				break;
			}

			case 'tool-end': {
				if (step?.calls.some((call) => call.id === event.id)) {
					step.results.set(event.id, event.result);
				}

				break;
			}

			case 'compaction': {
				step = undefined;
				messages = [summaryMessage(event.summary)];
				break;
			}

			case 'reset': {
				step = undefined;
				messages = [];
				break;
			}

			case 'assistant-delta': {
				break; // Not logged; the complete assistant-text follows.
			}

			case 'direct-command':
			case 'notice':
			case 'model-switch':
			case 'retry':
			case 'notice-cleared': {
				break; // Shown to the person only.
			}

			default: {
				assertNever(event);
			}
		}
	}

	flush();
	// Both APIs want the conversation to open with the person.
	const firstUser = messages.findIndex((message) => message.role === 'user');
	return firstUser < 0 ? [] : messages.slice(firstUser);
}
