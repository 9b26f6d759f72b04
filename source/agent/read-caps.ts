/**
The read engine's caps in the shell: what one tool result may hold. Set by `--max-lines`/`--max-bytes`
or the config file's `"read": {"maxLines", "maxBytes"}`; by default the engine's caps, lowered so that
one result never takes more than a quarter of the model's context window (a local model with an 8,000
token window would otherwise fill half of it with one 50 KB read).
*/
import {defaultLimits, type ReadLimits} from '../read/types.js';

/** The caps a person set, each from the first source that gave it (flags, then the config file). */
export type ReadCaps = {readonly maxLines?: number; readonly maxBytes?: number};

/** Tokens per byte of text, taken low: code and logs tokenize worse than prose. */
const bytesPerToken = 3;
/** A numbered line costs its number and tab besides its text: about 2 tokens. */
const tokensPerLineNumber = 2;
/** The share of the window one result may take. */
const resultShare = 0.25;

/**
The caps for a model with `contextWindow` tokens. Explicit caps are kept as given (the person chose
them); the others are the defaults, lowered to fit the quarter: three quarters of it for text, a quarter
for line numbers, so a result of many short lines fits too.
*/
export function readLimitsFor(
	contextWindow: number,
	explicit: ReadCaps = {},
): Pick<ReadLimits, 'maxLines' | 'maxBytes'> {
	const budget = Math.floor(contextWindow * resultShare);
	const fittedBytes = Math.max(1024, Math.floor(budget * 0.75 * bytesPerToken));
	const fittedLines = Math.max(50, Math.floor((budget * 0.25) / tokensPerLineNumber));
	return {
		maxLines: explicit.maxLines ?? Math.min(defaultLimits.maxLines, fittedLines),
		maxBytes: explicit.maxBytes ?? Math.min(defaultLimits.maxBytes, fittedBytes),
	};
}

/** `max_tokens` for a window: what was configured, but never more than half the window. */
export function outputTokensFor(maxOutputTokens: number, contextWindow: number): number {
	return Math.max(256, Math.min(maxOutputTokens, Math.floor(contextWindow / 2)));
}
