/**
Following Claude Code subagent files while the session is followed. Read once (replay-file.ts), a
subagent file gives what it held when its Task line was read; a live session's subagent is still
running then, and its folder may not even exist yet. Here each file that belongs to a Task call
seen so far is kept open and read as it grows, like the main log (complete lines only, a shrunk or
replaced file read again from its start), its events nested under that call as they arrive. Files
that appear later in `subagents/` are matched as at the start: by meta file (`toolUseId`), else by
the Task result's `agentId`. Cost stays bounded: at most `maxFiles` files are followed (the least
recently grown one is dropped first), and a file is let go once its Task has its result and the file
has been quiet for `quietMs`.
*/
import {type FileHandle, open, stat} from 'node:fs/promises';
import type {TranscriptEvent} from '../../transcript/types.js';
import {withDisplayPaths} from '../display-path.js';
import {type FileIdentity, handleIdentity, sameFile, statPath} from '../file-identity.js';
import {isRecord, str} from '../json.js';
import {LineSplitter} from '../line-reader.js';
import type {StatsCollector} from '../stats.js';
import type {AdapterOutput, SessionAdapter, SubagentRequest} from '../types.js';
import {createClaudeCodeAdapter} from './adapter.js';
import {subagentLine} from './subagent-replay.js';
import {refreshSubagents, type SubagentIndex, subagentFolder} from './subagents.js';

/** Limits of one follower. */
export type SubagentFollowLimits = {
	/** Files followed at once; the least recently grown one is let go first. */
	readonly maxFiles?: number;
	/** Milliseconds a file must be unchanged, once its Task has its result, before it is let go. */
	readonly quietMs?: number;
};

/** What a follower needs besides its limits. */
export type SubagentFollowOptions = SubagentFollowLimits & {
	readonly sessionFile: string;
	/** Shared with the main file's adapter, so both claim each file once. */
	readonly index: SubagentIndex;
	readonly stats: StatsCollector;
	/** The session's folder, for the display paths of running calls. */
	readonly cwd: () => string | undefined;
	readonly maxLineBytes?: number | undefined;
};

/** Default of `maxFiles`. */
export const maxFollowedSubagents = 32;
/** Default of `quietMs`. */
export const subagentQuietMs = 5000;
/** Calls remembered while no file claims them yet (any of them may be a Task whose file comes later). */
const maxPendingCalls = 256;
const chunkBytes = 64 * 1024;

type Pending = {readonly parentDone: boolean; readonly agentId: string | undefined};

type Followed = {
	readonly filePath: string;
	readonly parentId: string;
	adapter: SessionAdapter;
	splitter: LineSplitter;
	handle: FileHandle | undefined;
	identity: FileIdentity | undefined;
	/** Bytes of the file read so far. */
	position: number;
	/** The Task call has its result: the subagent is done, its file is let go once quiet. */
	parentDone: boolean;
	/** When the file last grew (its mtime), in epoch milliseconds. */
	changedAt: number;
};

function agentIdOf(event: Extract<TranscriptEvent, {type: 'tool-end'}>): string | undefined {
	const details = event.result.details;
	return details?.tool === 'logged' && isRecord(details.value) ? str(details.value, 'agentId') : undefined;
}

/** Follows the subagent files of one followed Claude Code session. */
export class SubagentFollower {
	private readonly options: SubagentFollowOptions;
	private readonly maxFiles: number;
	private readonly quietMs: number;
	private readonly followed = new Map<string, Followed>();
	private readonly byParent = new Map<string, Followed>();
	/**
	Calls whose file has not been found yet (insertion order: oldest first), with what their result
	said so far: any of them may be a Task whose file appears later.
	*/
	private readonly pending = new Map<string, Pending>();
	/** The subagent folder as last scanned; rescanned when it changes. */
	private folderStamp = '';
	private unreadableMeta = 0;

	constructor(options: SubagentFollowOptions) {
		this.options = options;
		this.maxFiles = Math.max(1, options.maxFiles ?? maxFollowedSubagents);
		this.quietMs = options.quietMs ?? subagentQuietMs;
	}

	/** Files followed now. */
	get size(): number {
		return this.followed.size;
	}

	/**
	The events of one main-file output, each subagent it starts spliced in after them with what its
	file holds so far; those files are followed from now on.
	*/
	async take(output: AdapterOutput): Promise<TranscriptEvent[]> {
		const out: TranscriptEvent[] = [...output.events];
		await this.absorb(output, out);
		await this.trim();
		return out;
	}

	/** What the followed files gained since the last look, and files found for calls seen so far. */
	async poll(): Promise<TranscriptEvent[]> {
		const out: TranscriptEvent[] = [];
		if (this.pending.size > 0 && (await this.refresh())) {
			for (const id of [...this.pending.keys()]) {
				await this.claim(id, out);
			}
		}

		const now = Date.now();
		for (const file of [...this.followed.values()]) {
			await this.readFile(file, out);
			if (file.parentDone && now - file.changedAt >= this.quietMs && this.followed.has(file.filePath)) {
				await this.retire(file, out);
			}
		}

		await this.trim();
		return out;
	}

	/** Stop following every file. */
	async close(): Promise<void> {
		for (const file of [...this.followed.values()]) {
			await this.drop(file);
		}
	}

	/** Handle what one output starts and ends; nested outputs' events are appended to `out` first. */
	private async absorb(output: AdapterOutput, out: TranscriptEvent[]): Promise<void> {
		for (const request of output.subagents ?? []) {
			await this.start(request, false, out);
		}

		for (const event of output.events) {
			if (event.type === 'tool-start' && !this.byParent.has(event.id)) {
				this.pending.set(event.id, {parentDone: false, agentId: undefined});
				if (this.pending.size > maxPendingCalls) {
					const oldest = this.pending.keys().next();
					if (oldest.done !== true) {
						this.pending.delete(oldest.value);
					}
				}
			} else if (event.type === 'tool-end') {
				const file = this.byParent.get(event.id);
				if (file !== undefined) {
					file.parentDone = true;
				} else if (this.pending.has(event.id)) {
					// The result may name the file (agentId); one not found yet may still appear.
					this.pending.set(event.id, {parentDone: true, agentId: agentIdOf(event)});
					await this.claim(event.id, out);
				}
			}
		}
	}

	/** Follow the file of call `id`, if one is known now and no call claimed it yet. */
	private async claim(id: string, out: TranscriptEvent[]): Promise<void> {
		const {index} = this.options;
		const {parentDone, agentId} = this.pending.get(id) ?? {parentDone: false, agentId: undefined};
		const filePath =
			index.byToolUseId.get(id) ?? (agentId === undefined ? undefined : index.byAgentId.get(agentId));
		if (filePath === undefined || index.used.has(filePath)) {
			return;
		}

		index.used.add(filePath);
		await this.start({parentId: id, filePath, index}, parentDone, out);
	}

	private async start(request: SubagentRequest, parentDone: boolean, out: TranscriptEvent[]): Promise<void> {
		const {parentId, filePath} = request;
		// Orphans (no call claims the file) are shown once the log is complete, which a followed log never is.
		if (parentId === undefined || this.followed.has(filePath)) {
			return;
		}

		this.pending.delete(parentId);
		const file: Followed = {
			filePath,
			parentId,
			adapter: this.adapterFor(filePath, parentId),
			splitter: new LineSplitter(this.options.maxLineBytes),
			handle: undefined,
			identity: undefined,
			position: 0,
			parentDone,
			changedAt: 0,
		};
		this.followed.set(filePath, file);
		this.byParent.set(parentId, file);
		await this.readFile(file, out);
	}

	private adapterFor(filePath: string, parentId: string): SessionAdapter {
		const {stats, index} = this.options;
		return createClaudeCodeAdapter({stats, filePath}, {parentId, subagents: index});
	}

	/** Read what `file` gained; a file truncated or replaced is read again from its start. */
	private async readFile(file: Followed, out: TranscriptEvent[]): Promise<void> {
		if (file.handle === undefined) {
			try {
				file.handle = await open(file.filePath, 'r');
				file.identity = await handleIdentity(file.handle);
			} catch {
				return; // Not there yet (or gone): looked for again at the next poll.
			}
		}

		const buffer = Buffer.alloc(chunkBytes);
		for (;;) {
			const {bytesRead} = await file.handle.read(buffer, 0, chunkBytes, file.position);
			if (bytesRead === 0) {
				break;
			}

			file.position += bytesRead;
			for (const record of file.splitter.push(buffer.subarray(0, bytesRead))) {
				await this.nested(subagentLine(file.adapter, record, this.options.stats), out);
			}
		}

		const now = await statPath(file.filePath);
		if (now === undefined || file.identity === undefined) {
			return;
		}

		if (!sameFile(now.identity, file.identity) || now.size < file.position) {
			// Replaced or truncated: read the new content from its start. Calls keep their ids, so
			// the ones shown already are updated in place.
			await file.handle.close();
			file.handle = undefined;
			file.position = 0;
			file.splitter = new LineSplitter(this.options.maxLineBytes);
			file.adapter = this.adapterFor(file.filePath, file.parentId);
			file.changedAt = Date.now();
			await this.readFile(file, out);
			return;
		}

		file.changedAt = Math.max(file.changedAt, now.mtimeMs);
	}

	/** A subagent file's output: its events with display paths, then what it starts. */
	private async nested(output: AdapterOutput, out: TranscriptEvent[]): Promise<void> {
		const events = withDisplayPaths(output.events, this.options.cwd());
		this.options.stats.events += events.length;
		out.push(...events);
		await this.absorb(output, out);
	}

	/** The subagent is done and its file quiet: close its open calls, as a complete log does, and let go. */
	private async retire(file: Followed, out: TranscriptEvent[]): Promise<void> {
		const last = file.splitter.flush();
		if (last !== undefined) {
			await this.nested(subagentLine(file.adapter, last, this.options.stats), out);
		}

		await this.nested(file.adapter.end(), out);
		await this.drop(file);
	}

	/** Stop following; the file stays claimed, so it is never read twice. */
	private async drop(file: Followed): Promise<void> {
		this.followed.delete(file.filePath);
		if (this.byParent.get(file.parentId) === file) {
			this.byParent.delete(file.parentId);
		}

		const {handle} = file;
		file.handle = undefined;
		await handle?.close();
	}

	/** Over the cap: let go of the least recently grown files, finished subagents first. */
	private async trim(): Promise<void> {
		if (this.followed.size <= this.maxFiles) {
			return;
		}

		const order = [...this.followed.values()].sort(
			(a, b) => Number(b.parentDone) - Number(a.parentDone) || a.changedAt - b.changedAt,
		);
		for (const file of order.slice(0, this.followed.size - this.maxFiles)) {
			await this.drop(file);
		}
	}

	/** Rescan the subagent folder when it changed; true when it was rescanned. */
	private async refresh(): Promise<boolean> {
		const {sessionFile, index} = this.options;
		let stamp: string;
		try {
			const folder = await stat(subagentFolder(sessionFile));
			stamp = `${folder.ino}:${folder.mtimeMs}`;
		} catch {
			return false;
		}

		if (stamp === this.folderStamp && this.unreadableMeta === 0) {
			return false;
		}

		this.folderStamp = stamp;
		this.unreadableMeta = refreshSubagents(sessionFile, index);
		return true;
	}
}
