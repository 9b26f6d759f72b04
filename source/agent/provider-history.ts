/**
The conversation made fit for another provider, when `/model` switches provider mid-session. The
history is the AI SDK's provider-neutral ModelMessage list, but two things in it were shaped for the
provider that produced it (see toModelOutput in tools.ts and the ids in step.ts).
*/
import type {ModelMessage, ToolResultPart} from 'ai';
import type {ProviderName} from './config.js';
import {imageNote} from './tools.js';

type Output = ToolResultPart['output'];

/**
An Anthropic-shaped result (several blocks, images) as the text an OpenAI-compatible server takes.
The SDK would otherwise send the blocks as JSON, base64 images included, which costs tokens and
tells the model nothing.
*/
function textOutput(output: Output): Output {
	if (output.type !== 'content') {
		return output;
	}

	const text = output.value
		.map((part) =>
			part.type === 'text' ? part.text : imageNote(('mediaType' in part && part.mediaType) || 'unknown type'),
		)
		.join('\n');
	return {type: 'text', value: text};
}

/** Anthropic accepts tool-call ids of letters, digits, `_` and `-` only; other servers are less strict. */
function anthropicId(id: string): string {
	return id.replaceAll(/[^\w-]/g, '_');
}

/** `messages` as they should be sent to `provider`; the input is not changed. */
export function historyForProvider(
	messages: readonly ModelMessage[],
	provider: ProviderName,
): ModelMessage[] {
	return messages.map((message): ModelMessage => {
		if (message.role === 'tool') {
			return {
				...message,
				content: message.content.map((part) =>
					part.type === 'tool-result'
						? provider === 'openai'
							? {...part, output: textOutput(part.output)}
							: {...part, toolCallId: anthropicId(part.toolCallId)}
						: part,
				),
			};
		}

		if (message.role === 'assistant' && provider === 'anthropic' && typeof message.content !== 'string') {
			return {
				...message,
				content: message.content.map((part) =>
					part.type === 'tool-call' ? {...part, toolCallId: anthropicId(part.toolCallId)} : part,
				),
			};
		}

		return message;
	});
}
