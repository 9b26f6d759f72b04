/**
Every call an MCP client makes is written to a lector session log, in the workspace's usual sessions
folder, so the person can follow an agent's reads with `lector watch` or replay them later. The log is
opened at the first call, not at connect: clients start their MCP servers at launch, and a session that
never read anything is not worth a file.
*/
import {randomUUID} from 'node:crypto';
import {LectorLogWriter} from '../agent/session-log.js';
import {lectorLogVersion} from '../sessions/lector/log-format.js';
import {newSessionPath, type StoreEnvironment, serverLogIdPrefix} from '../sessions/lector/store.js';
import type {ToolName} from '../tools/schemas.js';
import type {ToolResult, TranscriptEvent} from '../transcript/types.js';

export type CallLogOptions = {
	/** The workspace whose sessions folder holds the log. */
	readonly cwd: string;
	readonly env: StoreEnvironment;
	/** The client as it named itself at initialize ("claude-code 2.1.332"), when it did. */
	readonly client?: () => string | undefined;
	/** Where a failure to write the log is reported (stderr): the calls go on without a log. */
	readonly warn: (message: string) => void;
};

/** One connection's log: a tool-start when a call arrives, a tool-end when it is answered. */
export class CallLog {
	private writer: LectorLogWriter | undefined;
	private failed = false;
	/** Calls started and not yet ended: the log stays open for their ends after the client left. */
	private readonly pending = new Set<string>();
	private closing = false;

	private readonly options: CallLogOptions;

	constructor(options: CallLogOptions) {
		this.options = options;
	}

	/** The log's path, once the first call opened it. */
	get filePath(): string | undefined {
		return this.writer?.filePath;
	}

	started(id: string, name: ToolName, args: Readonly<Record<string, unknown>>): void {
		if (this.closing) {
			return;
		}

		this.pending.add(id);
		this.write({type: 'tool-start', id, name, args, tag: name});
	}

	ended(id: string, name: ToolName, result: ToolResult): void {
		if (!this.pending.delete(id)) {
			return;
		}

		this.write({type: 'tool-end', id, name, result});
		if (this.closing && this.pending.size === 0) {
			this.finish();
		}
	}

	/** Closes the log once the calls still running have ended (a call aborted by the client's exit ends too). */
	close(): void {
		this.closing = true;
		if (this.pending.size === 0) {
			this.finish();
		}
	}

	private finish(): void {
		this.writer?.close();
		this.writer = undefined;
	}

	private write(event: TranscriptEvent): void {
		if (this.failed) {
			return;
		}

		try {
			this.open().append(event);
		} catch (error) {
			// A full disk or a read-only state folder must not cost the agent its reads.
			this.failed = true;
			this.options.warn(
				`lector mcp: the session log could not be written, so this session cannot be watched: ${error instanceof Error ? error.message : String(error)}`,
			);
		}
	}

	private open(): LectorLogWriter {
		if (this.writer) {
			return this.writer;
		}

		const id = `${serverLogIdPrefix}${randomUUID().slice(0, 8)}`;
		const startedAt = new Date();
		const client = this.options.client?.();
		this.writer = new LectorLogWriter(newSessionPath(this.options.cwd, id, this.options.env, startedAt), {
			type: 'lector-session',
			version: lectorLogVersion,
			id,
			cwd: this.options.cwd,
			startedAt: startedAt.toISOString(),
			provider: 'mcp',
			...(client === undefined ? {} : {model: client}),
		});
		return this.writer;
	}
}
