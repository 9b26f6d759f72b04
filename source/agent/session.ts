import {randomUUID} from 'node:crypto';
import type {LanguageModel, ModelMessage, ToolSet} from 'ai';
import {configPath} from '../config/config-file.js';
import {ReadCache} from '../read/index.js';
import type {ReadLimits} from '../read/types.js';
import type {TranscriptEvent} from '../transcript/types.js';
import {compactHistory} from './compaction.js';
import {howToConfigure, type ModelConfig} from './config.js';
import {ContextMeter, compactAtShare, contextWindowFor, estimateMessageTokens} from './context.js';
import {directUsage, runDirectCommand} from './direct-run.js';
import {describeModelConfig, describeSwitch, modelLabel, planModelCommand} from './model-switch.js';
import {historyForProvider} from './provider-history.js';
import {createLanguageModel} from './providers.js';
import {outputTokensFor, readLimitsFor} from './read-caps.js';
import {pickSession, resumableSessions, resumeListText} from './resume.js';
import {defaultRetryPolicy, type RetryPolicy} from './retry.js';
import type {LectorLogWriter} from './session-log.js';
import type {AgentSessionOptions, SubmitOutcome, TranscriptListener} from './session-types.js';
import {helpText, parseSlashCommand} from './slash.js';
import {systemPrompt} from './system-prompt.js';
import {declaredTools} from './tools.js';
import {runTurn} from './turn.js';

/** `3 messages`, `1,628 tokens`. */
function count(value: number, noun: string): string {
	return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;
}

export type {AgentSessionOptions, SubmitOutcome, TranscriptListener} from './session-types.js';

/**
One shell session: the conversation, the read cache, the log, and the running turn. Emits
TranscriptEvents to subscribers (and the log) for everything that happens. No React.
*/
export class AgentSession {
	readonly cwd: string;
	private readonly listeners = new Set<TranscriptListener>();
	private readonly cache = new ReadCache();
	/** How full the context is: the provider's usage when reported, else estimated. */
	private readonly meter = new ContextMeter();
	/** Both change together, only between turns (`/model`). */
	private currentConfig: ModelConfig | undefined;
	private model: LanguageModel | undefined;
	private readonly retry: RetryPolicy;
	private readonly idTag = randomUUID().slice(0, 6);
	private readonly options: AgentSessionOptions;
	private history: ModelMessage[];
	private counter = 0;
	/** Bumped by clear(): events of a turn from before a clear are dropped. */
	private generation = 0;
	private controller: AbortController | undefined;
	/** Assistant text still arriving, by transcript id: what interrupt() saves when the process is stopped. */
	private readonly arriving = new Map<string, string>();

	constructor(options: AgentSessionOptions) {
		this.options = options;
		this.cwd = options.cwd;
		this.currentConfig = options.config;
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

	/** The read caps for a model with this window, and the tools as declared under them. */
	private toolsFor(contextWindow: number | undefined): {tools: ToolSet; limits: Partial<ReadLimits>} {
		const limits =
			contextWindow === undefined
				? {...this.options.readCaps}
				: readLimitsFor(contextWindow, this.options.readCaps);
		return {tools: declaredTools({limits}), limits};
	}

	/** The caps a read of the current model gets (the defaults lowered to its window, or as set). */
	get readLimits(): Partial<ReadLimits> {
		const {config} = this;
		return this.toolsFor(config ? contextWindowFor(config.model, config.contextWindow) : undefined).limits;
	}

	/** Whether the tools are kept inside the workspace (unless `allowOutside` was given). */
	get confine(): boolean {
		return this.options.allowOutside !== true;
	}

	/** The model in use: the configured one, the one `--continue` resumed, or the last `/model` switch. */
	get config(): ModelConfig | undefined {
		return this.currentConfig;
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

				case 'compact': {
					return this.compactCommand();
				}

				case 'resume': {
					return this.resumeCommand(slash.argument);
				}

				case 'model': {
					return this.modelCommand(slash.argument);
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
		const {model, config: configured} = this;
		if (!model || !configured || this.running) {
			return;
		}

		const window = contextWindowFor(configured.model, configured.contextWindow);
		// One answer may take at most half the window; a small local model refuses more.
		const config = {...configured, maxOutputTokens: outputTokensFor(configured.maxOutputTokens, window)};
		const {tools, limits} = this.toolsFor(window);

		const generation = this.generation;
		const emit = (event: TranscriptEvent) => {
			if (generation === this.generation) {
				this.emit(event);
			}
		};

		await this.runJob(async (signal) => {
			const system = systemPrompt(this.cwd, new Date(), this.confine);
			const used = this.meter.measure(system, this.history, [{role: 'user', content: text}]);
			if (used > window * compactAtShare && this.history.length > 0) {
				await this.compactWith(model, config, signal);
			}

			await runTurn(
				{
					model,
					config,
					system,
					tools,
					history: this.history,
					cwd: this.cwd,
					cache: this.cache,
					confine: this.confine,
					limits,
					retry: this.retry,
					contextWindow: window,
					meter: this.meter,
					emit,
					newId: (kind) => this.newId(kind),
				},
				text,
				signal,
			);
		});
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

		await this.runJob(async (signal) => {
			await this.compactWith(model, config, signal);
		});
	}

	/**
	`/compact`: compacts now, and says what it did. Refused (busy) while a turn runs, as the turn appends
	to the history being summarised; without a model or a conversation there is nothing to do.
	*/
	private async compactCommand(): Promise<SubmitOutcome> {
		const {model, config} = this;
		if (!model || !config) {
			this.notice('warning', `There is no model to write a summary. ${this.noModelMessage}`);
			return {type: 'handled'};
		}

		if (this.running) {
			return {type: 'busy'};
		}

		if (this.history.length === 0) {
			this.notice('info', 'Nothing to compact: the conversation is empty.');
			return {type: 'handled'};
		}

		const messages = this.history.length;
		// Both sides estimated from the messages alone, so they compare (a provider's count covers the
		// system prompt and the tools too, and none exists yet for the summary).
		const before = Math.ceil(estimateMessageTokens(this.history));
		const generation = this.generation;
		let done = false;
		await this.runJob(async (signal) => {
			done = await this.compactWith(
				model,
				config,
				signal,
				`Compacting the conversation (${count(messages, 'message')}, about ${count(before, 'token')}) into a summary…`,
			);
		});
		if (done && generation === this.generation) {
			const after = Math.ceil(estimateMessageTokens(this.history));
			this.notice(
				'info',
				`Compacted ${count(messages, 'message')} (about ${count(before, 'token')}) into a summary of about ${count(after, 'token')}. Files read before are sent in full when read again.`,
			);
		}

		return {type: 'handled'};
	}

	/**
	`/resume`: lists this folder's earlier sessions; `/resume N` hands the Nth to the UI to open. A wrong
	number is refused with a notice (the UI keeps the text to correct it); so is a pick while a turn runs.
	*/
	private async resumeCommand(argument: string): Promise<SubmitOutcome> {
		const sessions = await resumableSessions(
			this.cwd,
			this.options.env ?? {},
			this.options.home,
			this.options.log?.filePath,
		);
		if (argument === '') {
			this.notice('info', resumeListText(sessions));
			return {type: 'handled'};
		}

		const pick = pickSession(sessions, argument);
		if (!pick.ok) {
			this.notice('warning', pick.reason);
			return {type: 'refused'};
		}

		return this.running ? {type: 'busy'} : {type: 'resume', filePath: pick.session.filePath};
	}

	/** Why there is no model and how to configure one, naming the config file of `options.env`. */
	private get noModelMessage(): string {
		return this.options.noModelMessage ?? howToConfigure(configPath(this.options.env ?? {}));
	}

	/** What /model shows. */
	describeModel(): string {
		return this.config ? describeModelConfig(this.config, this.options.readCaps) : this.noModelMessage;
	}

	/**
	`/model [argument]`: shows the model, or switches it for the rest of this run. Wrong input is
	refused with a notice; a valid switch while a turn runs is refused as busy (the UI keeps the text
	for after the turn), because the turn holds the model and appends to the history.
	*/
	private async modelCommand(argument: string): Promise<SubmitOutcome> {
		const {config} = this;
		const plan = planModelCommand({
			argument,
			current: config,
			start: this.options.configured ?? this.options.config,
			env: this.options.env ?? {},
			file: this.options.configFile,
			noModel: this.noModelMessage,
			readCaps: this.options.readCaps,
		});
		if (plan.type !== 'switch') {
			this.notice(plan.type === 'show' ? 'info' : 'warning', plan.text);
			return {type: plan.type === 'show' ? 'handled' : 'refused'};
		}

		if (this.running || !config) {
			return {type: 'busy'};
		}

		await this.switchTo(config, plan.config);
		return {type: 'handled'};
	}

	/**
	Makes `next` the model. A conversation too big for the new window is compacted first, by the model in
	use: the new one could not read it to summarise it. Aborting that (or /clear) cancels the switch.
	*/
	private async switchTo(previous: ModelConfig, next: ModelConfig): Promise<void> {
		const {model} = this;
		const window = contextWindowFor(next.model, next.contextWindow);
		const used = this.meter.measure(systemPrompt(this.cwd, new Date(), this.confine), this.history);
		if (model && this.history.length > 0 && used > window * compactAtShare) {
			const generation = this.generation;
			const announce = `The conversation (about ${used} tokens) is too big for ${next.model}'s context window (${window}); ${previous.model} compacts it into a summary first…`;
			let stopped = false;
			await this.runJob(async (signal) => {
				await this.compactWith(model, previous, signal, announce);
				stopped = signal.aborted;
			});
			if (generation !== this.generation) {
				return;
			}

			if (stopped) {
				this.notice('warning', `The switch was stopped; the model stays ${modelLabel(previous)}.`);
				return;
			}
		}

		if (next.provider !== previous.provider) {
			this.history = historyForProvider(this.history, next.provider);
		}

		this.currentConfig = next;
		this.model = createLanguageModel(next);
		this.emit({
			type: 'model-switch',
			id: this.newId('model'),
			to: {provider: next.provider, model: next.model},
			text: describeSwitch(previous, next, window),
		});
	}

	/**
	The process is being stopped (`signal`: SIGTERM, SIGHUP, a closed terminal) and will exit at once:
	logs the answer that was arriving as far as it came, and says it was cut, so `--continue` and replay
	have it. Synchronous, as the exit that follows does not wait.
	*/
	interrupt(signal: string): void {
		const cut = [...this.arriving].filter(([, text]) => text !== '');
		for (const [id, text] of cut) {
			this.emit({type: 'assistant-text', id, text});
		}

		if (cut.length > 0 || this.running) {
			this.notice(
				'warning',
				`The answer was cut off: lector was stopped (${signal}) while it arrived. What arrived is kept; ask again to continue.`,
			);
		}

		this.close();
	}

	/** Ends the session: aborts a running turn and closes the log. */
	close(): void {
		this.abort();
		this.options.log?.close();
	}

	/** Runs a direct command (no-model mode) and shows it as a panel. */
	private async runDirect(text: string): Promise<void> {
		await this.runJob(async (signal) =>
			runDirectCommand(text, {
				cwd: this.cwd,
				cache: this.cache,
				confine: this.confine,
				limits: this.readLimits,
				signal,
				emit: (event) => this.emit(event),
				newId: (kind) => this.newId(kind),
				noModelMessage: this.noModelMessage,
			}),
		);
	}

	/** Runs `work` as the session's one running job: `running` is true meanwhile, abort() and clear() stop it. */
	private async runJob(work: (signal: AbortSignal) => Promise<void>): Promise<void> {
		const controller = new AbortController();
		this.controller = controller;
		try {
			await work(controller.signal);
		} finally {
			// clear() may have dropped this job and a new one started since.
			if (this.controller === controller) {
				this.controller = undefined;
			}
		}
	}

	private async compactWith(
		model: LanguageModel,
		config: ModelConfig,
		signal: AbortSignal,
		announce?: string,
	): Promise<boolean> {
		const system = systemPrompt(this.cwd, new Date(), this.confine);
		const history = await compactHistory({
			model,
			config,
			system,
			messages: this.history,
			tools: this.toolsFor(contextWindowFor(config.model, config.contextWindow)).tools,
			signal,
			contextWindow: contextWindowFor(config.model, config.contextWindow),
			used: this.meter.measure(system, this.history),
			emit: (event) => this.emit(event),
			newId: (kind) => this.newId(kind),
			...(announce === undefined ? {} : {announce}),
		});
		if (!history) {
			return false;
		}

		this.history = history;
		this.cache.reset();
		return true;
	}

	private notice(level: 'info' | 'warning' | 'error', text: string): void {
		this.emit({type: 'notice', id: this.newId('notice'), level, text});
	}

	private newId(kind: string): string {
		this.counter++;
		return `${kind}-${this.idTag}-${this.counter}`;
	}

	private writeLog(write: (log: LectorLogWriter) => void): void {
		try {
			if (this.options.log) {
				write(this.options.log);
			}
		} catch {
			// A full disk must not end the conversation; what is on screen is still shown.
		}
	}

	private emit(event: TranscriptEvent): void {
		if (event.type === 'assistant-delta') {
			this.arriving.set(event.id, (this.arriving.get(event.id) ?? '') + event.delta);
		} else if (event.type === 'assistant-text') {
			this.arriving.delete(event.id);
		}

		this.writeLog((log) => log.append(event));
		for (const listener of this.listeners) {
			listener(event);
		}
	}
}
