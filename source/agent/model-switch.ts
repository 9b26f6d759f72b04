/**
`/model`: what it shows, what `/model <argument>` asks for, and the configuration a switch leads to.
Pure; AgentSession carries a switch out (compacting first when the conversation would not fit, and
refusing while a turn runs). See docs/agent.md, "Switching the model".
*/
import {defaultLimits} from '../read/types.js';
import {
	asProvider,
	type ConfigFileModel,
	type ConfigResolution,
	defaultModels,
	type Environment,
	keyVariables,
	type ModelConfig,
	type ProviderName,
	resolveModelConfig,
} from './config.js';
import {contextWindowFor} from './context.js';
import {outputTokensFor, type ReadCaps, readLimitsFor} from './read-caps.js';

/** The model asked for; no provider means the one in use. */
export type ModelChoice = {readonly provider: ProviderName | undefined; readonly model: string};

export const switchUsage =
	'Switch with /model <name> (same provider, base URL and key), or /model <provider>:<name> to change ' +
	'provider too (anthropic or openai; that provider needs its key or base URL set, e.g. ANTHROPIC_API_KEY ' +
	'or OPENAI_BASE_URL).';

/**
What `/model <argument>` asks for: undefined for nothing (show the model), else a choice or the
problem with the argument. Forms: `name`, `provider:name`, `provider name`. In `provider:name` the part
before the colon counts as a provider only when it names one, because model names have colons too
(Ollama's `qwen2.5-coder:7b`); in `provider name` the first word must be a provider.
*/
export function parseModelArgument(argument: string): ModelChoice | {readonly problem: string} | undefined {
	const words = argument
		.trim()
		.split(/\s+/)
		.filter((word) => word !== '');
	const [first, second] = words;
	if (first === undefined) {
		return undefined;
	}

	if (words.length > 2) {
		return {problem: `Model names have no spaces: "${argument.trim()}" is not one. ${switchUsage}`};
	}

	if (second !== undefined) {
		const provider = asProvider(first);
		return provider
			? {provider, model: second}
			: {
					problem: `Unknown provider "${first}": lector speaks anthropic and openai (any OpenAI-compatible server). Type /model <name> to keep the provider, or /model anthropic:<name> or /model openai:<name>.`,
				};
	}

	const colon = first.indexOf(':');
	const prefixProvider = colon === -1 ? undefined : asProvider(first.slice(0, colon));
	if (prefixProvider) {
		const model = first.slice(colon + 1);
		return model === ''
			? {
					problem: `The model name after "${first}" is empty: type e.g. /model ${prefixProvider}:${defaultModels[prefixProvider]}.`,
				}
			: {provider: prefixProvider, model};
	}

	const bare = asProvider(first);
	if (bare) {
		return {
			problem: `Name the model too: e.g. /model ${bare}:${defaultModels[bare]}. A model called "${first}" would be /model ${bare}:${first}.`,
		};
	}

	return {provider: undefined, model: first};
}

/** `provider · model`, as the banner writes it. */
export function modelLabel(config: ModelConfig): string {
	return `${config.provider} · ${config.model}`;
}

/**
Only the new provider's own settings: ANTHROPIC_* or OPENAI_*, and the config file's model when it
names that provider. Flags and LECTOR_* belong to the provider the session started with (a --base-url
for Ollama must not send Claude requests to Ollama), so they are left out.
*/
function resolveOtherProvider(
	provider: ProviderName,
	model: string,
	env: Environment,
	file: ConfigFileModel | undefined,
): ConfigResolution {
	const variable = provider === 'anthropic' ? 'ANTHROPIC' : 'OPENAI';
	const fileModel = file?.provider !== undefined && asProvider(file.provider) === provider ? file : undefined;
	const own: Environment = {
		[keyVariables[provider]]: env[keyVariables[provider]],
		[`${variable}_BASE_URL`]: env[`${variable}_BASE_URL`],
	};
	if (!own[keyVariables[provider]]?.trim() && !own[`${variable}_BASE_URL`]?.trim() && !fileModel?.baseUrl) {
		return {
			ok: false,
			message:
				`Cannot switch to ${provider}: it has no key or base URL. Set ${keyVariables[provider]} (or ` +
				`${variable}_BASE_URL for a proxy or local server) and start lector again, or start it with ` +
				`--provider ${provider} --model ${model}.`,
		};
	}

	const resolution = resolveModelConfig({
		flags: {provider, model},
		env: own,
		file: fileModel,
	});
	return resolution.ok
		? resolution
		: {ok: false, message: `Cannot switch to ${provider}: ${resolution.message}`};
}

/**
The configuration after `/model`. The model name is taken as given; the provider's base URL and key
are the current ones for the same provider, the start-up ones when switching back to the provider the
session started with, else that provider's own (see resolveOtherProvider). The context window and the
output cap are the session's settings and stay.
*/
export function resolveModelSwitch(input: {
	readonly current: ModelConfig;
	/** The configuration the session started with. */
	readonly start: ModelConfig;
	readonly choice: ModelChoice;
	readonly env: Environment;
	readonly file: ConfigFileModel | undefined;
}): ConfigResolution {
	const {current, start, choice} = input;
	const provider = choice.provider ?? current.provider;
	const resolved: ConfigResolution =
		provider === current.provider
			? {ok: true, config: current}
			: provider === start.provider
				? {ok: true, config: start}
				: resolveOtherProvider(provider, choice.model, input.env, input.file);
	return resolved.ok
		? {ok: true, config: keepSessionSettings(resolved.config, current, choice.model)}
		: {ok: false, message: `${resolved.message} The model stays ${modelLabel(current)}.`};
}

function keepSessionSettings(config: ModelConfig, current: ModelConfig, model: string): ModelConfig {
	return {
		...config,
		model,
		contextWindow: current.contextWindow,
		maxOutputTokens: current.maxOutputTokens,
		sources: {
			...config.sources,
			model: '/model',
			maxOutputTokens: current.sources.maxOutputTokens,
			...(config.provider === current.provider ? {} : {provider: '/model'}),
		},
	};
}

/** What `/model <argument>` comes to: show the model, refuse the input (and why), or switch. */
export type ModelCommandPlan =
	| {readonly type: 'show'; readonly text: string}
	| {readonly type: 'refuse'; readonly text: string}
	| {readonly type: 'switch'; readonly config: ModelConfig};

/** Decides what `/model <argument>` does; the session carries out a switch. */
export function planModelCommand(input: {
	readonly argument: string;
	/** The model in use; undefined when the session has none. */
	readonly current: ModelConfig | undefined;
	/** The model the session started with. */
	readonly start: ModelConfig | undefined;
	readonly env: Environment;
	readonly file: ConfigFileModel | undefined;
	/** Why there is no model and how to configure one. */
	readonly noModel: string;
	/** The read caps the person set, for what /model shows. */
	readonly readCaps?: ReadCaps | undefined;
}): ModelCommandPlan {
	const {current} = input;
	const choice = parseModelArgument(input.argument);
	if (!current) {
		return choice === undefined
			? {type: 'show', text: input.noModel}
			: {type: 'refuse', text: `There is no model to switch from. ${input.noModel}`};
	}

	if (choice === undefined) {
		return {type: 'show', text: describeModelConfig(current, input.readCaps)};
	}

	if ('problem' in choice) {
		return {type: 'refuse', text: choice.problem};
	}

	const resolution = resolveModelSwitch({
		current,
		start: input.start ?? current,
		choice,
		env: input.env,
		file: input.file,
	});
	if (!resolution.ok) {
		return {type: 'refuse', text: resolution.message};
	}

	const same =
		resolution.config.provider === current.provider &&
		resolution.config.model === current.model &&
		resolution.config.baseUrl === current.baseUrl;
	return same
		? {type: 'show', text: `Already using ${modelLabel(current)}. ${switchUsage}`}
		: {type: 'switch', config: resolution.config};
}

/** What `/model` alone shows: the settings, where each came from, and how to switch. */
export function describeModelConfig(config: ModelConfig, readCaps: ReadCaps = {}): string {
	const {sources} = config;
	const contextWindow = contextWindowFor(config.model, config.contextWindow);
	const caps = readLimitsFor(contextWindow, readCaps);
	const capsSource =
		readCaps.maxLines !== undefined || readCaps.maxBytes !== undefined
			? 'as set'
			: caps.maxLines === defaultLimits.maxLines && caps.maxBytes === defaultLimits.maxBytes
				? 'the defaults'
				: 'lowered to a quarter of the context window';
	return [
		`Provider: ${config.provider} (from ${sources.provider})`,
		`Model: ${config.model} (from ${sources.model})`,
		`Base URL: ${config.baseUrl} (from ${sources.baseUrl})`,
		`API key: ${config.apiKey ? `set (from ${sources.apiKey})` : 'none'}`,
		`Context window: ${contextWindow} tokens${config.contextWindow ? '' : ' (guessed from the model name)'}`,
		`Max output tokens: ${config.maxOutputTokens} (from ${sources.maxOutputTokens})${outputTokensFor(config.maxOutputTokens, contextWindow) < config.maxOutputTokens ? `, sent as ${outputTokensFor(config.maxOutputTokens, contextWindow)} (half the window)` : ''}`,
		`Read caps: ${caps.maxLines.toLocaleString('en-US')} lines, ${caps.maxBytes.toLocaleString('en-US')} bytes (${capsSource})`,
		'',
		`${switchUsage} Not while a turn runs.`,
	].join('\n');
}

/** The notice after a switch. */
export function describeSwitch(previous: ModelConfig, next: ModelConfig, contextWindow: number): string {
	const where =
		next.provider === previous.provider && next.baseUrl === previous.baseUrl
			? 'Base URL and key as before.'
			: `Base URL ${next.baseUrl} (from ${next.sources.baseUrl}), key ${next.apiKey ? `from ${next.sources.apiKey}` : 'none'}.`;
	const window = `Context window: ${contextWindow} tokens${next.contextWindow ? '' : ' (guessed from the model name)'}.`;
	return `Switched to ${modelLabel(next)} (was ${modelLabel(previous)}) from the next prompt on. ${where} ${window}`;
}
