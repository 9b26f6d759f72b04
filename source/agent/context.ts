import type {ModelMessage} from 'ai';

/** Rough characters per token for code and English: estimates err high, so compaction comes early. */
const charsPerToken = 3.5;
/** What one image costs, in tokens (about a 1000×1000 image on Anthropic's scale). */
const imageTokens = 1600;
/** The tool declarations sent with every request, in tokens. */
export const toolDeclarationTokens = 800;

/** Compact before a prompt once the context is this full (share of the window). */
export const compactAtShare = 0.75;
/** Stop a running turn once the context is this full, rather than let the provider refuse it. */
export const stopAtShare = 0.92;

/** Known context windows by model-name prefix, in tokens; the longest matching prefix wins. */
const windows: readonly (readonly [string, number])[] = [
	['claude', 200_000],
	['gpt-4.1', 1_000_000],
	['gpt-4o', 128_000],
	['gpt-5', 400_000],
	['o3', 200_000],
	['o4', 200_000],
	['gemini', 1_000_000],
	['deepseek', 64_000],
	['qwen', 32_000],
	['llama', 8192],
];

/** For models lector does not know, e.g. a local server's: small, so compaction happens rather than a 400. */
export const unknownModelWindow = 32_000;

/** The context window of `model` in tokens: the configured one, else from the table. */
export function contextWindowFor(model: string, configured: number | undefined): number {
	if (configured !== undefined) {
		return configured;
	}

	const name = model.toLowerCase().replace(/^.*\//, ''); // OpenRouter names: "anthropic/claude-…".
	let best: readonly [string, number] | undefined;
	for (const entry of windows) {
		if (name.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) {
			best = entry;
		}
	}

	return best?.[1] ?? unknownModelWindow;
}

function partTokens(part: unknown): number {
	if (typeof part !== 'object' || part === null) {
		return 0;
	}

	// Images and image tool outputs carry base64; count them as images, not as text.
	const text = JSON.stringify(part, (key: string, value: unknown) =>
		(key === 'data' || key === 'image') && typeof value === 'string' && value.length > 1000 ? '' : value,
	);
	const images = (text.match(/"type":"(?:image|image-data)"/g) ?? []).length;
	return text.length / charsPerToken + images * imageTokens;
}

/** Estimated tokens of messages alone (no system prompt, no tools); not rounded. */
export function estimateMessageTokens(messages: readonly ModelMessage[]): number {
	let total = 0;
	for (const message of messages) {
		total +=
			typeof message.content === 'string'
				? message.content.length / charsPerToken
				: message.content.reduce((sum, part) => sum + partTokens(part), 0);
		total += 4; // Role and framing.
	}

	return total;
}

/** Estimated tokens of a request: the system prompt, the tools and the messages. */
export function estimateTokens(system: string, messages: readonly ModelMessage[]): number {
	return Math.ceil(system.length / charsPerToken + toolDeclarationTokens + estimateMessageTokens(messages));
}

/**
How full the context is, in tokens. The provider's own count for the last request that reported one
(its input tokens, plus the output tokens of the answer, which is in the history now) is the measure;
only what was added to the history since (tool results not yet sent, the next prompt) is estimated.
With no count (nothing sent yet, a server that reports no usage, a history that was replaced) the
whole request is estimated. See docs/agent.md, "Context: compaction".
*/
export class ContextMeter {
	private reported:
		| {readonly tokens: number; readonly history: readonly ModelMessage[]; readonly length: number}
		| undefined;

	/**
	Records the provider's count for `history` as it is now, the answer appended. Undefined (the provider
	reported no usage) keeps the last count, so only the messages after it are estimated.
	*/
	record(tokens: number | undefined, history: readonly ModelMessage[]): void {
		if (tokens !== undefined) {
			this.reported = {tokens, history, length: history.length};
		}
	}

	/** Tokens of a request of `system` and `history`, followed by `pending` messages (the next prompt). */
	measure(system: string, history: readonly ModelMessage[], pending: readonly ModelMessage[] = []): number {
		const {reported} = this;
		// A count describes one history array as it grew; a replaced one (compaction, /clear, a switch of
		// provider rewriting it) has no count until its next answer.
		const base =
			reported?.history === history && reported.length <= history.length
				? reported.tokens + estimateMessageTokens(history.slice(reported.length))
				: estimateTokens(system, history);
		return Math.ceil(base + estimateMessageTokens(pending));
	}
}
