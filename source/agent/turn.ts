import type {LanguageModel, ModelMessage, ToolResultPart, ToolSet} from 'ai';
import type {ReadCache} from '../read/index.js';
import type {ReadLimits} from '../read/types.js';
import type {ToolResult, TranscriptEvent} from '../transcript/types.js';
import type {ModelConfig} from './config.js';
import {type ContextMeter, stopAtShare} from './context.js';
import {type RetryPolicy, retryDelay} from './retry.js';
import {type StepCall, type StepOutcome, streamStep} from './step.js';
import {errorResult, runTool, toModelOutput} from './tools.js';

/** Most model requests in one turn; a model that keeps calling tools is stopped here. */
export const maxStepsPerTurn = 40;

/** What a turn needs from its session. The history array is the session's and is appended to. */
export type TurnContext = {
	readonly model: LanguageModel;
	readonly config: ModelConfig;
	readonly system: string;
	readonly tools: ToolSet;
	readonly history: ModelMessage[];
	readonly cwd: string;
	readonly cache: ReadCache;
	/** Keep the model's tools inside `cwd` (the shell's default; see ToolRunContext). */
	readonly confine: boolean;
	/** The read engine's caps for this model (read-caps.ts). */
	readonly limits: Partial<ReadLimits>;
	readonly retry: RetryPolicy;
	readonly contextWindow: number;
	/** The session's measure of the context; each answer's reported usage is recorded in it. */
	readonly meter: ContextMeter;
	readonly emit: (event: TranscriptEvent) => void;
	readonly newId: (kind: string) => string;
};

function notice(context: TurnContext, level: 'info' | 'warning' | 'error', text: string): void {
	context.emit({type: 'notice', id: context.newId('notice'), level, text});
}

/** Between a number and its unit: a no-break space, so a notice never wraps between "1.0" and "s". */
const unitSpace = '\u00a0';

/** One request, retried while the failure is retryable, nothing was streamed yet and the policy allows. */
async function stepWithRetries(context: TurnContext, signal: AbortSignal): Promise<StepOutcome> {
	// One notice for all retries of this request, updated in place, so a dead server does not flood the view.
	const retryNoticeId = context.newId('notice');
	for (let attempt = 0; ; attempt++) {
		// After a retry, the notice says "Retrying…": once the server answers it no longer holds, and goes
		// before the answer's first event (or at the end, for an answer with none). A retry that fails
		// for good keeps it, under the error notice that says lector stopped.
		let noticeShown = attempt > 0;
		const clearNotice = () => {
			if (noticeShown) {
				noticeShown = false;
				context.emit({type: 'notice-cleared', id: retryNoticeId});
			}
		};

		const outcome = await streamStep({
			model: context.model,
			config: context.config,
			system: context.system,
			messages: context.history,
			tools: context.tools,
			signal,
			emit: noticeShown
				? (event) => {
						clearNotice();
						context.emit(event);
					}
				: context.emit,
			newId: context.newId,
		});
		const {failure} = outcome;
		if (failure === undefined && outcome.status !== 'aborted') {
			clearNotice();
		}

		if (!failure?.retryable || outcome.streamed) {
			return outcome;
		}

		if (attempt >= context.retry.maxRetries) {
			// The last notice said "Retrying…": the final one must say that lector stopped, and after what.
			const tries = attempt + 1;
			const gaveUp = tries === 1 ? '' : ` Gave up after ${tries} tries; send the prompt again to retry.`;
			return {...outcome, failure: {...failure, message: `${failure.message}${gaveUp}`}};
		}

		const delay = retryDelay(context.retry, attempt, failure.retryAfterMs);
		if (delay > context.retry.maxDelayMs) {
			const seconds = Math.ceil(delay / 1000);
			return {
				...outcome,
				failure: {
					...failure,
					message: `${failure.message} The server asks to wait ${seconds}${unitSpace}s; try again later.`,
				},
			};
		}

		context.emit({
			type: 'retry',
			id: retryNoticeId,
			attempt: attempt + 1,
			maxRetries: context.retry.maxRetries,
			delayMs: delay,
			text: `${failure.message} Retrying in ${(delay / 1000).toFixed(1)}${unitSpace}s (retry ${attempt + 1} of ${context.retry.maxRetries}).`,
		});
		await context.retry.sleep(delay, signal);
		if (signal.aborted) {
			return {...outcome, status: 'aborted', failure: undefined};
		}
	}
}

async function runCall(call: StepCall, context: TurnContext, signal: AbortSignal): Promise<ToolResult> {
	const result =
		call.tool === undefined
			? errorResult(call.problem ?? `The ${call.toolName} call could not run.`)
			: await runTool(call.tool, call.input, {
					cwd: context.cwd,
					cache: context.cache,
					confine: context.confine,
					limits: context.limits,
					signal,
				});
	context.emit({type: 'tool-end', id: call.transcriptId, name: call.toolName, args: call.input, result});
	return result;
}

/** Appends the tool message answering `calls`, in call order, as the APIs require. */
function appendResults(
	context: TurnContext,
	calls: readonly StepCall[],
	results: readonly ToolResult[],
): void {
	const content: ToolResultPart[] = calls.map((call, index) => ({
		type: 'tool-result',
		toolCallId: call.toolCallId,
		toolName: call.toolName,
		output: toModelOutput(results[index] ?? errorResult('No result.'), context.config.provider),
	}));
	context.history.push({role: 'tool', content});
}

/**
Runs one turn: the user's text, then model requests and tool calls until the model answers without
tools, the turn is aborted, a provider error ends it, or the context is nearly full. Every call the
model made is answered in the history (with an error when it never ran), so the conversation stays
valid for the next turn. Never rejects.
*/
export async function runTurn(context: TurnContext, text: string, signal: AbortSignal): Promise<void> {
	context.emit({type: 'user-text', id: context.newId('user'), text});
	context.history.push({role: 'user', content: text});
	for (let step = 0; step < maxStepsPerTurn; step++) {
		const used = context.meter.measure(context.system, context.history);
		if (step > 0 && used > context.contextWindow * stopAtShare) {
			notice(
				context,
				'warning',
				`The turn stopped: the conversation (about ${used} tokens) nearly fills the model's context window of ${context.contextWindow}. It will be compacted before your next prompt; ask again to continue.`,
			);
			return;
		}

		const outcome = await stepWithRetries(context, signal);
		if (outcome.parts.length > 0) {
			context.history.push({role: 'assistant', content: [...outcome.parts]});
		}

		context.meter.record(outcome.contextTokens, context.history);

		if (outcome.status !== 'done') {
			const reason =
				outcome.status === 'aborted'
					? 'The turn was aborted before this call ran.'
					: 'The answer broke off before this call ran.';
			appendResults(
				context,
				outcome.calls,
				await Promise.all(
					outcome.calls.map(async (call) =>
						runCall({...call, tool: undefined, problem: reason}, context, signal),
					),
				),
			);
			if (outcome.status === 'aborted') {
				notice(context, 'warning', 'Turn aborted.');
			} else {
				notice(context, 'error', outcome.failure?.message ?? 'The model request failed.');
			}

			return;
		}

		if (outcome.calls.length === 0) {
			return;
		}

		// All calls of a step run at once; results go back in the order the model made the calls.
		const results = await Promise.all(outcome.calls.map(async (call) => runCall(call, context, signal)));
		appendResults(context, outcome.calls, results);
		if (signal.aborted) {
			notice(context, 'warning', 'Turn aborted.');
			return;
		}
	}

	notice(
		context,
		'warning',
		`The turn stopped after ${maxStepsPerTurn} model requests. Ask again to continue.`,
	);
}
