import {
	type LanguageModel,
	type ModelMessage,
	streamText,
	type TextPart,
	type ToolCallPart,
	type ToolSet,
} from 'ai';
import type {TranscriptEvent} from '../transcript/types.js';
import type {ModelConfig} from './config.js';
import {describeProviderError, type ProviderFailure} from './errors.js';
import {isRecord} from './json.js';
import {isToolName, type ToolName, toolNames} from './tools.js';

/**
The most characters of one answer block lector keeps, shows, logs and sends back in the conversation.
A runaway answer (a model repeating itself for 50 MB) would otherwise cost a gigabyte on screen and a
log line longer than replay reads; what arrives past this is counted and dropped, with a notice.
*/
export const maxAnswerChars = 1_000_000;

/** `text` without a trailing lone high surrogate (half of a character cut by a slice). */
function wholeCodePoints(text: string): string {
	const last = text.charCodeAt(text.length - 1);
	return last >= 0xd8_00 && last <= 0xdb_ff ? text.slice(0, -1) : text;
}

/** A tool call the model made in this step. */
export type StepCall = {
	/** The transcript item id (also used as the call id when the history is rebuilt from a log). */
	readonly transcriptId: string;
	/** The id the model gave the call; the tool result must carry it back. */
	readonly toolCallId: string;
	readonly toolName: string;
	readonly input: Readonly<Record<string, unknown>>;
	/** Set when the call cannot run (unknown tool, arguments not a JSON object): the model is told this. */
	readonly problem: string | undefined;
	/** The tool to run when there is no problem. */
	readonly tool: ToolName | undefined;
};

export type StepOutcome = {
	/** The assistant message's parts in arrival order: text and tool calls. */
	readonly parts: readonly (TextPart | ToolCallPart)[];
	readonly calls: readonly StepCall[];
	readonly status: 'done' | 'aborted' | 'failed';
	readonly failure: ProviderFailure | undefined;
	/** Some of the answer (text or a tool call) arrived before the step ended. */
	readonly streamed: boolean;
	/** Input plus output tokens the provider reported for this step, when it did (the context's measure). */
	readonly contextTokens: number | undefined;
};

/** What any one model request needs (a step, or the summary request of a compaction). */
export type ModelRequest = {
	readonly model: LanguageModel;
	readonly config: ModelConfig;
	readonly system: string;
	readonly messages: readonly ModelMessage[];
	readonly tools: ToolSet;
	readonly signal: AbortSignal;
};

export type StepInput = ModelRequest & {
	readonly emit: (event: TranscriptEvent) => void;
	readonly newId: (kind: string) => string;
};

function problemOf(toolName: string, input: unknown, invalid: boolean): string | undefined {
	if (!isToolName(toolName)) {
		return `There is no tool named "${toolName}". The tools are ${toolNames.join(', ')}.`;
	}

	if (invalid || !isRecord(input)) {
		const text = typeof input === 'string' ? input : JSON.stringify(input);
		return `The arguments of this ${toolName} call are not a valid JSON object: ${text}. Call ${toolName} again with a JSON object, e.g. {"path": "README.md"}.`;
	}

	return undefined;
}

/**
Streams one model request: emits assistant text as it arrives (deltas, then the whole text once each block
is complete), collects tool calls (a tool-start is emitted for each once its arguments are complete) and
reports how the request ended. Never rejects; provider errors come back classified in `failure`.
*/
export async function streamStep(input: StepInput): Promise<StepOutcome> {
	const {emit, newId} = input;
	const parts: (TextPart | ToolCallPart)[] = [];
	const calls: StepCall[] = [];
	/** Text blocks still arriving: their transcript id, the text kept, and how much arrived in all. */
	const open = new Map<string, {id: string; text: string; arrived: number}>();
	let status: StepOutcome['status'] = 'done';
	let failure: ProviderFailure | undefined;
	let streamed = false;
	/** The tool whose call is arriving, between its first argument piece and the complete call. */
	let writingCall: string | undefined;
	let contextTokens: number | undefined;

	const closeText = (sdkId: string) => {
		const block = open.get(sdkId);
		open.delete(sdkId);
		if (block && block.text !== '') {
			parts.push({type: 'text', text: block.text});
			emit({type: 'assistant-text', id: block.id, text: block.text});
		}

		if (block && block.arrived > block.text.length) {
			emit({
				type: 'notice',
				id: newId('notice'),
				level: 'warning',
				text: `The answer was longer than lector keeps: ${block.arrived.toLocaleString('en-US')} characters arrived, and the first ${block.text.length.toLocaleString('en-US')} are shown, logged and kept in the conversation.`,
			});
		}
	};

	const fail = (error: unknown) => {
		if (input.signal.aborted) {
			status = 'aborted';
			return;
		}

		status = 'failed';
		failure = describeProviderError(error, input.config, streamed, writingCall);
	};

	try {
		const result = streamText({
			model: input.model,
			system: input.system,
			messages: [...input.messages],
			tools: input.tools,
			abortSignal: input.signal,
			maxRetries: 0, // The session retries itself: it honours retry-after and tells the person.
			maxOutputTokens: input.config.maxOutputTokens,
			onError: () => {
				// Errors are read from the stream; the default handler would print over the Ink screen.
			},
		});
		for await (const part of result.fullStream) {
			switch (part.type) {
				case 'text-delta': {
					streamed = true;
					let block = open.get(part.id);
					if (!block) {
						block = {id: newId('assistant'), text: '', arrived: 0};
						open.set(part.id, block);
					}

					block.arrived += part.text.length;
					const room = maxAnswerChars - block.text.length;
					const kept =
						part.text.length <= room ? part.text : wholeCodePoints(part.text.slice(0, Math.max(0, room)));
					if (kept !== '') {
						block.text += kept;
						emit({type: 'assistant-delta', id: block.id, delta: kept});
					}

					break;
				}

				case 'text-end': {
					closeText(part.id);
					break;
				}

				case 'tool-input-start': {
					// The answer has begun: a break from here on is a cut, not a failure to connect.
					streamed = true;
					writingCall = part.toolName;
					break;
				}

				case 'tool-call': {
					streamed = true;
					writingCall = undefined;
					const invalid = part.dynamic === true && part.invalid === true;
					const problem = problemOf(part.toolName, part.input, invalid);
					const args = isRecord(part.input) ? part.input : {};
					const transcriptId = newId('tool');
					parts.push({type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: args});
					calls.push({
						transcriptId,
						toolCallId: part.toolCallId,
						toolName: part.toolName,
						input: args,
						problem,
						tool: problem === undefined && isToolName(part.toolName) ? part.toolName : undefined,
					});
					const tag = isToolName(part.toolName) ? {tag: part.toolName} : {};
					emit({type: 'tool-start', id: transcriptId, name: part.toolName, args, ...tag});
					break;
				}

				case 'finish-step': {
					// Some OpenAI-compatible servers send no usage, or zeros; a real request is never 0 tokens.
					const {inputTokens, outputTokens} = part.usage;
					contextTokens =
						inputTokens === undefined || inputTokens <= 0 ? undefined : inputTokens + (outputTokens ?? 0);
					break;
				}

				case 'abort': {
					status = 'aborted';
					break;
				}

				case 'error': {
					fail(part.error);
					break;
				}

				default: {
					break; // Reasoning, sources, raw chunks and step markers are not shown.
				}
			}
		}
	} catch (error) {
		// A broken stream rejects the iteration instead of sending an error part.
		fail(error);
	}

	for (const sdkId of [...open.keys()]) {
		closeText(sdkId);
	}

	return {parts, calls, status, failure, streamed, contextTokens};
}
