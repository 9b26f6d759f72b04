/**
pi sessions: a `session` header, then entries. From version 2 the entries form a tree by
id/parentId and the session shows the branch that ends at the last entry. Entries usually extend
the branch being shown, and their events stream straight out; when an entry hangs off another
entry (the person went back with /tree and continued), the transcript is reset and the new branch
is replayed from its root, so a followed session switches branches as pi does.
*/
import {withResultsKept} from '../../transcript/result-vault.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {isRecord, num, str} from '../json.js';
import {
	type AdapterContext,
	type AdapterOutput,
	closeOpenCalls,
	nothing,
	type SessionAdapter,
} from '../types.js';
import {entryEvents, type PiState} from './entries.js';

type Node = {readonly parentId: string | undefined; readonly events: readonly TranscriptEvent[]};

/** Reads pi session logs, versions 1 to 3. */
export function createPiAdapter(context: AdapterContext): SessionAdapter {
	const {stats, keepResult} = context;
	const state: PiState = {stats, cwd: undefined, model: undefined, title: undefined, calls: new Map()};
	const nodes = new Map<string, Node>();
	/** Calls on the shown branch still waiting for their result. */
	const open = new Set<string>();
	let version = 1;
	let id: string | undefined;
	let startedAt: string | undefined;
	let leaf: string | undefined;

	const track = (events: readonly TranscriptEvent[]): void => {
		for (const event of events) {
			if (event.type === 'tool-start') {
				open.add(event.id);
			} else if (event.type === 'tool-end') {
				open.delete(event.id);
			} else if (event.type === 'reset') {
				open.clear();
			}
		}
	};

	/** The events of the branch from the root to `nodeId`, oldest first. */
	const branchEvents = (nodeId: string): TranscriptEvent[] => {
		const chain: Node[] = [];
		const seen = new Set<string>();
		let current: string | undefined = nodeId;
		while (current !== undefined && !seen.has(current)) {
			seen.add(current);
			const node = nodes.get(current);
			if (node === undefined) {
				break;
			}

			chain.push(node);
			current = node.parentId;
		}

		return chain.reverse().flatMap((node) => node.events);
	};

	const place = (
		entryId: string,
		parentId: string | undefined,
		entryEvents: TranscriptEvent[],
		line: number,
	): TranscriptEvent[] => {
		// The tree holds these for the whole session: with each result where keepResult keeps it.
		const events = keepResult === undefined ? entryEvents : withResultsKept(entryEvents, keepResult);
		const known = parentId === undefined || nodes.has(parentId);
		if (!known) {
			// A lost or corrupt line: keep the entry on the shown branch rather than dropping the history.
			stats.note('skipped', 'parentId names an entry not in the log (kept on the current branch)', line);
		}

		const effectiveParent = known ? parentId : leaf;
		nodes.set(entryId, {parentId: effectiveParent, events});
		const continues = effectiveParent === leaf || leaf === undefined;
		leaf = entryId;
		if (continues) {
			return events;
		}

		stats.note('skipped', 'switch to another branch (earlier branch hidden)', line);
		return [{type: 'reset'}, ...branchEvents(entryId)];
	};

	return {
		format: 'pi',
		push(value, line): AdapterOutput {
			if (!isRecord(value)) {
				stats.note('malformed', 'line is not a JSON object', line);
				return nothing;
			}

			if (str(value, 'type') === 'session') {
				version = num(value, 'version') ?? 1;
				id = str(value, 'id') ?? id;
				startedAt = str(value, 'timestamp') ?? startedAt;
				state.cwd = str(value, 'cwd') ?? state.cwd;
				state.model = str(value, 'modelId') ?? state.model;
				return nothing;
			}

			startedAt ??= str(value, 'timestamp');
			const entryId = str(value, 'id');
			const events = entryEvents(entryId ?? `pi-line-${line}`, value, state, line);
			const out =
				version >= 2 && entryId !== undefined ? place(entryId, str(value, 'parentId'), events, line) : events;
			track(out);
			return {events: out};
		},
		end(): AdapterOutput {
			return {events: closeOpenCalls(open, stats)};
		},
		meta: () => ({
			format: 'pi',
			agent: 'pi',
			id,
			model: state.model,
			cwd: state.cwd,
			startedAt,
			version: String(version),
			title: state.title,
		}),
	};
}
