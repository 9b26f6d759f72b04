/**
What a tool result's `details` may be: a union tagged by `tool`, naming what made the record. lector's
own tools (the read engine, ls, find, grep) tag their details themselves; replay tags the reads it
recognises in other agents' logs with that agent's tool, and says by which rule that agent cut what
its model got. Panels are chosen by the tag and never guess from a record's shape.
*/
import type {ReadDetails} from '../read/types.js';
import type {FindDetails} from '../tools/find.js';
import type {GrepDetails} from '../tools/grep.js';
import type {LsDetails} from '../tools/ls.js';

/** Another agent's read tool, as replay recognises it in that agent's log. */
export type ForeignReadTool = 'claude-code-read' | 'codex-read' | 'pi-read';

/**
The rule by which another agent's tool gave its model less than the selection asked for:
- `claude-code-token-cap`: Claude Code cut a whole-file read to fit its token budget (25,000 tokens);
- `claude-code-line-cap`: Claude Code's default line limit (2,000 lines) for a read without `limit`;
- `codex-middle`: Codex kept the head and the tail of a command's output and cut the middle;
- `pi-line-cap` / `pi-byte-cap`: pi's 2,000-line or 50 KB cap, with its continuation notice.
*/
export type AgentCutRule =
	| 'claude-code-token-cap'
	| 'claude-code-line-cap'
	| 'codex-middle'
	| 'pi-line-cap'
	| 'pi-byte-cap';

/** Lines the model got after a cut in the middle, with the real number of the first (when known). */
export type TailSegment = {
	readonly firstLine: number | undefined;
	readonly lines: readonly string[];
};

/** How another agent's tool cut a read, from what its log records. */
export type AgentCut = {
	readonly rule: AgentCutRule;
	/** The cap's size in its own unit (tokens, lines, bytes), when the log or the agent's docs give it. */
	readonly limit?: number | undefined;
	/** What the agent told its model about the cut, verbatim, when the log records it. */
	readonly notice?: string | undefined;
	/** Where the agent told its model to continue; only when it did. */
	readonly nextOffset?: number | undefined;
	/** After a middle cut: the marker the model got in place of the cut (e.g. `…812 tokens truncated…`). */
	readonly marker?: string | undefined;
	/** After a middle cut: the tail the model got. `lines` of the details are then the head. */
	readonly tail?: TailSegment | undefined;
};

/** A read found in another agent's log: the same record as a live read, tagged with that agent's tool. */
export type ForeignReadDetails = Omit<ReadDetails, 'tool'> & {
	readonly tool: ForeignReadTool;
	/** Set when the agent's tool cut what its model got; undefined when it sent the selection whole. */
	readonly cut: AgentCut | undefined;
};

/** The agents whose logs replay reads, besides lector's own. */
export type AgentName = 'claude-code' | 'codex' | 'pi';

/**
What another agent's log recorded beside the result of a tool lector has no panel of its own for,
kept as logged (for `--json`); panels never look inside it.
*/
export type LoggedToolDetails = {
	readonly tool: 'logged';
	readonly agent: AgentName;
	readonly value: unknown;
};

/** Any read's details, lector's own or another agent's: what the read panel draws. */
export type AnyReadDetails = ReadDetails | ForeignReadDetails;

/** Every kind of details a tool result can carry. */
export type ToolDetails = AnyReadDetails | LsDetails | FindDetails | GrepDetails | LoggedToolDetails;

/** The tags of ToolDetails. */
export type ToolTag = ToolDetails['tool'];

const readTags: ReadonlySet<ToolTag> = new Set<ToolTag>([
	'read',
	'claude-code-read',
	'codex-read',
	'pi-read',
]);

/** True for the details of any read, lector's or another agent's. */
export function isAnyReadDetails(details: ToolDetails | undefined): details is AnyReadDetails {
	return details !== undefined && readTags.has(details.tool);
}

/** The agent cut of a read; undefined for lector's own reads, whose cuts the engine's fields describe. */
export function agentCutOf(details: AnyReadDetails): AgentCut | undefined {
	return details.tool === 'read' ? undefined : details.cut;
}

/** What another agent logged beside a result, tagged; undefined when it logged nothing. */
export function loggedDetails(agent: AgentName, value: unknown): LoggedToolDetails | undefined {
	return value === undefined || value === null ? undefined : {tool: 'logged', agent, value};
}
