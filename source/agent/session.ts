import {randomUUID} from 'node:crypto';
import type {LanguageModel, ModelMessage, ToolSet} from 'ai';
import {ReadCache} from '../read/index.js';
import type {LectorLogWriter} from '../sessions/lector-log.js';
import type {TranscriptEvent} from '../transcript/types.js';
import {compactHistory} from './compaction.js';
import {howToConfigure, type ModelConfig} from './config.js';
import {compactAtShare, contextWindowFor, estimateTokens} from './context.js';
import {directUsage, runDirectCommand} from './direct-run.js';
import {createLanguageModel} from './providers.js';
import {defaultRetryPolicy, type RetryPolicy} from './retry.js';
import {helpText, parseSlashCommand} from './slash.js';
import {systemPrompt} from './system-prompt.js';
import {declaredTools} from './tools.js';
import {runTurn} from './turn.js';

export type AgentSessionOptions = {
	/** The workspace (absolute). */
	readonly cwd: string;
	/** The model to talk to; undefined opens the shell without one (direct commands only). */
	readonly config: ModelConfig | undefined;
	/** Why there is no model, shown when the person types a prompt. Default: how to configure one. */
	readonly noModelMessage?: string;
	/** How to see the keys, from the bindings in use, added to what /help shows (the shell's). */
	readonly keysHelp?: string;
	/** Where every complete event is appended as it happens. */
	readonly log?: LectorLogWriter;
	/** The conversation so far (from `--continue`). */
	readonly history?: readonly ModelMessage[];
	readonly retry?: Partial<RetryPolicy>;
	/** An already-built model (tests); by default one is created from `config`. */
	readonly model?: LanguageModel;
	/** Anthropic needs max_tokens; this is sent to both providers. Default 8192. */
	readonly maxOutputTokens?: number;
};

/** What the UI must do after `submit`: most input is handled by the session itself. */
export type SubmitOutcome =
	| {readonly type: 'handled'}
	/** A turn is running; the input was not taken. */
	| {readonly type: 'busy'}
	| {readonly type: 'quit'}
	| {readonly type: 'expand-all'};

export type TranscriptListener = (event: TranscriptEvent) => void;

/**
One shell session: the conversation, the read cache, the log, and the running turn. Emits
TranscriptEvents to subscribers (and the log) for everything that happens. No React.
*/
export class AgentSession {
	readonly cwd: string;
	readonly config: ModelConfig | undefined;
	private readonly listeners = new Set<TranscriptListener>();
	private readonly cache = new ReadCache();
	private readonly model: LanguageModel | undefined;
	private readonly tools: ToolSet = declaredTools();
	private readonly retry: RetryPolicy;
	private readonly idTag = randomUUID().slice(0, 6);
	private readonly options: AgentSessionOptions;
	private history: ModelMessage[];
	private counter = 0;
	/** Bumped by clear(): events of a turn from before a clear are dropped. */
	private generation = 0;
	private controller: AbortController | undefined;

	constructor(options: AgentSessionOptions) {
		this.options = options;
		this.cwd = options.cwd;
		this.config = options.config;
		this.history = [...(options.history ?? [])];
		this.retry = {...defaultRetryPolicy, ...options.retry};
		this.model = options.model ?? (options.config ? createLanguageModel(options.config) : undefined);
		// The SDK prints warnings to the console, which would tear the Ink screen.
		Reflect.set(globalThis, 'AI_SDK_LOG_WARNINGS', false);
	}

	/** Calls `listener` with every event from now on; returns the unsubscribe function. */
	subscribe(listener: TranscriptListener): () => void {
		this.listeners.add(listener);
		return () => {
			this.listeners.delete(listener);
		};
	}

	/** A turn (or a direct command) is running. */
	get running(): boolean {
		return this.controller !== undefined;
	}

	/** The conversation as the model will see it next (a copy). */
	get messages(): readonly ModelMessage[] {
		return [...this.history];
	}

	/** The context window used for compaction, in tokens. */
	get contextWindow(): number | undefined {
		return this.config ? contextWindowFor(this.config.model, this.config.contextWindow) : undefined;
	}

	/**
	Takes one input from the prompt editor: a slash command, else a prompt for the model (or, without a
	model, a direct tool command). Resolves when the turn is over; never rejects.
	*/
	async submit(input: string): Promise<SubmitOutcome> {
		const text = input.trim();
		if (text === '') {
			return {type: 'handled'};
		}

		const slash = parseSlashCommand(text);
		if (slash) {
			switch (slash.type) {
				case 'quit':
				case 'expand-all': {
					return {type: slash.type};
				}

				case 'help': {
					const keys = this.options.keysHelp === undefined ? '' : `\n\n${this.options.keysHelp}`;
					this.notice('info', `${helpText()}${keys}\n\nWithout a model: ${directUsage}`);
					return {type: 'handled'};
				}

				case 'clear': {
					this.clear();
					return {type: 'handled'};
				}

				case 'model': {
					this.notice('info', this.describeModel());
					return {type: 'handled'};
				}

				case 'unknown': {
					this.notice('warning', `Unknown command /${slash.name}. Type /help for the commands.`);
					return {type: 'handled'};
				}
			}
		}

		if (this.running) {
			return {type: 'busy'};
		}

		await (this.model ? this.prompt(text) : this.runDirect(text));
		return {type: 'handled'};
	}

	/** Sends a prompt to the model and runs the turn; compacts first when the context is nearly full. */
	async prompt(text: string): Promise<void> {
		const {model, config} = this;
		if (!model || !config || this.running) {
			return;
		}

		const controller = new AbortController();
		this.controller = controller;
		const generation = this.generation;
		const emit = (event: TranscriptEvent) => {
			if (generation === this.generation) {
				this.emit(event);
			}
		};

		try {
			const system = systemPrompt(this.cwd);
			const window = contextWindowFor(config.model, config.contextWindow);
			const used = estimateTokens(system, [...this.history, {role: 'user', content: text}]);
			if (used > window * compactAtShare && this.history.length > 0) {
				await this.compactWith(model, config, controller.signal);
			}

			await runTurn(
				{
					model,
					config,
					system,
					tools: this.tools,
					history: this.history,
					cwd: this.cwd,
					cache: this.cache,
					retry: this.retry,
					contextWindow: window,
					maxOutputTokens: this.options.maxOutputTokens ?? 8192,
					emit,
					newId: (kind) => this.newId(kind),
				},
				text,
				controller.signal,
			);
		} finally {
			if (this.controller === controller) {
				this.controller = undefined;
			}
		}
	}

	/** Stops the running turn: the stream and any running tool. The transcript says it was aborted. */
	abort(): void {
		this.controller?.abort();
	}

	/** Forgets the conversation and the read cache; the transcript is reset. A running turn is aborted. */
	clear(): void {
		this.abort();
		this.generation++;
		this.controller = undefined;
		this.history = [];
		this.cache.reset();
		this.emit({type: 'reset'});
	}

	/** Compacts the conversation now (also done automatically before a prompt that would nearly fill it). */
	async compact(): Promise<void> {
		const {model, config} = this;
		if (!model || !config || this.running || this.history.length === 0) {
			return;
		}

		const controller = new AbortController();
		this.controller = controller;
		try {
			await this.compactWith(model, config, controller.signal);
		} finally {
			this.controller = undefined;
		}
	}

	/** What /model shows. */
	describeModel(): string {
		const {config} = this;
		if (!config) {
			return this.options.noModelMessage ?? howToConfigure;
		}

		const {sources} = config;
		return [
			`Provider: ${config.provider} (from ${sources.provider})`,
			`Model: ${config.model} (from ${sources.model})`,
			`Base URL: ${config.baseUrl} (from ${sources.baseUrl})`,
			`API key: ${config.apiKey ? `set (from ${sources.apiKey})` : 'none'}`,
			`Context window: ${this.contextWindow ?? '?'} tokens${config.contextWindow ? '' : ' (guessed from the model name)'}`,
		].join('\n');
	}

	/** Ends the session: aborts a running turn and closes the log. */
	close(): void {
		this.abort();
		this.options.log?.close();
	}

	/** Runs a direct command (no-model mode) and shows it as a panel. */
	private async runDirect(text: string): Promise<void> {
		const controller = new AbortController();
		this.controller = controller;
		try {
			await runDirectCommand(text, {
				cwd: this.cwd,
				cache: this.cache,
				signal: controller.signal,
				emit: (event) => this.emit(event),
				newId: (kind) => this.newId(kind),
				noModelMessage: this.options.noModelMessage ?? howToConfigure,
			});
		} finally {
			this.controller = undefined;
		}
	}

	private async compactWith(model: LanguageModel, config: ModelConfig, signal: AbortSignal): Promise<void> {
		const history = await compactHistory({
			model,
			config,
			system: systemPrompt(this.cwd),
			messages: this.history,
			tools: this.tools,
			signal,
			contextWindow: contextWindowFor(config.model, config.contextWindow),
			emit: (event) => this.emit(event),
			newId: (kind) => this.newId(kind),
		});
		if (history) {
			this.history = history;
			this.cache.reset();
		}
	}

	private notice(level: 'info' | 'warning' | 'error', text: string): void {
		this.emit({type: 'notice', id: this.newId('notice'), level, text});
	}

	private newId(kind: string): string {
		this.counter++;
		return `${kind}-${this.idTag}-${this.counter}`;
	}

	private emit(event: TranscriptEvent): void {
		try {
			this.options.log?.append(event);
		} catch {
			// A full disk must not end the conversation; what is on screen is still shown.
		}

		for (const listener of this.listeners) {
			listener(event);
		}
	}
}
