/**
Types shared by the read-only tools other than read. Each tool is a pure async function: it takes its raw
arguments (as a model sent them) and a context, and returns the blocks for the model, structured details
for the panel, and an error flag, the same shape as the read engine's result.
*/
import type {ContentBlock} from '../read/types.js';

/** Where and under what signal a tool runs. */
export type ToolContext = {
	/** The workspace root: relative paths start here and `.lectorignore` is read here. */
	readonly cwd: string;
	/**
	Refuse every path whose real location is outside `cwd` (the agent shell and the MCP server turn this on
	by default). Enforced by each tool, the same way the read engine's `confine` is.
	*/
	readonly confine?: boolean;
	readonly signal?: AbortSignal;
};

/** What a tool returns; `details` feeds the panel, `content` goes to the model exactly. */
export type ToolOutcome<Details> = {
	readonly content: readonly ContentBlock[];
	readonly details: Details;
	readonly isError: boolean;
};

/** Raw arguments as a model or the direct-command interpreter sent them. */
export type RawToolArgs = Readonly<Record<string, unknown>>;

/** A failed call: the message is written for the model so it can correct the call. */
export function toolError<Details>(message: string, details: Details): ToolOutcome<Details> {
	return {content: [{type: 'text', text: message}], details, isError: true};
}

/** A successful call with one text block. */
export function toolText<Details>(text: string, details: Details): ToolOutcome<Details> {
	return {content: [{type: 'text', text}], details, isError: false};
}
