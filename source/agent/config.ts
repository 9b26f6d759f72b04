/**
Which model the shell talks to, resolved from flags, environment variables and the config file.

Order, first that gives a value wins, field by field (see docs/agent.md):
1. flags: --provider, --model, --base-url, --max-output-tokens
2. lector's variables: LECTOR_PROVIDER, LECTOR_MODEL, LECTOR_BASE_URL, LECTOR_API_KEY, LECTOR_CONTEXT_WINDOW,
   LECTOR_MAX_OUTPUT_TOKENS
3. the providers' own variables: ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN, a bearer token) /
   ANTHROPIC_BASE_URL / ANTHROPIC_MODEL, or
   OPENAI_API_KEY / OPENAI_BASE_URL (they also pick the provider when nothing above did; Anthropic first)
4. the config file's "model": {provider, model, baseUrl, contextWindow, maxOutputTokens}; its model and
   baseUrl apply only when its provider (if it names one) is the provider chosen
5. none: the shell opens without a model (max output tokens: 8192).
*/

import {configPath} from '../config/config-file.js';
import {wholeNumberOf} from '../read/params.js';
import {directCommandUsage} from './direct.js';

export type ProviderName = 'anthropic' | 'openai';

/** A usable model configuration. */
export type ModelConfig = {
	readonly provider: ProviderName;
	readonly model: string;
	/** In the user's form: `scheme://host:port` for Anthropic, `…/v1` for OpenAI-compatible servers. */
	readonly baseUrl: string;
	readonly apiKey: string | undefined;
	/**
	Anthropic only: a bearer token (`ANTHROPIC_AUTH_TOKEN`, as Claude Code reads it), sent as
	`Authorization: Bearer` when no API key is set; gateways and proxies in front of Anthropic use it.
	*/
	readonly authToken?: string | undefined;
	/** The proxy settings model requests go through (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), when any is set. */
	readonly proxy?: ProxySettings | undefined;
	/** Tokens the model can hold, when configured; otherwise guessed from the model name. */
	readonly contextWindow: number | undefined;
	/** The most tokens one answer may have (`max_tokens`, which Anthropic requires); a positive integer. */
	readonly maxOutputTokens: number;
	/** Where each value came from, for /model and error messages (e.g. "flag --model"). */
	readonly sources: Readonly<Record<'provider' | 'model' | 'baseUrl' | 'apiKey' | 'maxOutputTokens', string>>;
};

/** Proxy variables as set (either case); NO_PROXY as written, a list of hosts. */
export type ProxySettings = {
	readonly httpsProxy: string | undefined;
	readonly httpProxy: string | undefined;
	readonly noProxy: string | undefined;
};

export type ModelFlags = {
	readonly provider?: string | undefined;
	readonly model?: string | undefined;
	readonly baseUrl?: string | undefined;
	/** `--max-output-tokens`, as typed: checked by resolveModelConfig. */
	readonly maxOutputTokens?: string | undefined;
};

/** The config file's "model" object, checked. */
export type ConfigFileModel = {
	readonly provider?: string;
	readonly model?: string;
	readonly baseUrl?: string;
	readonly contextWindow?: number;
	/** A positive integer (parseConfigFile refuses anything else). */
	readonly maxOutputTokens?: number;
};

export type Environment = Readonly<Record<string, string | undefined>>;

export type ConfigResolution =
	| {readonly ok: true; readonly config: ModelConfig}
	/** No model: `message` says why and how to configure one (the shell shows it as its banner). */
	| {readonly ok: false; readonly message: string};

export const defaultBaseUrls: Readonly<Record<ProviderName, string>> = {
	anthropic: 'https://api.anthropic.com',
	openai: 'https://api.openai.com/v1',
};

/** Used when only a key picks the provider, so `ANTHROPIC_API_KEY=… lector` works at once. */
export const defaultModels: Readonly<Record<ProviderName, string>> = {
	anthropic: 'claude-sonnet-4-5',
	openai: 'gpt-4.1-mini',
};

/** What one answer may hold when nothing sets it: enough for long explanations, accepted by every API. */
export const defaultMaxOutputTokens = 8192;

/** The variables that name each provider's key, for messages. */
export const keyVariables: Readonly<Record<ProviderName, string>> = {
	anthropic: 'ANTHROPIC_API_KEY',
	openai: 'OPENAI_API_KEY',
};

/**
What to do when no model is configured. `configFile` is the file lector reads (keys/config.ts
`configPath`: `$XDG_CONFIG_HOME/lector/config.json`, else `~/.config/lector/config.json`), so the advice
names the file that will be read, as the help screen does.
*/
export function howToConfigure(configFile: string): string {
	return (
		'No model is configured. Set ANTHROPIC_API_KEY (Anthropic) or OPENAI_API_KEY / OPENAI_BASE_URL ' +
		'(any OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1 for Ollama) and LECTOR_MODEL, pass ' +
		'--provider, --model and --base-url, or write {"model": {"provider": "openai", "model": "…", "baseUrl": "…"}} ' +
		`to ${configFile}. Meanwhile, type ${Object.values(directCommandUsage).join(', ')} to run a tool yourself.`
	);
}

type Pick = {readonly value: string; readonly source: string};

function first(...candidates: readonly (readonly [string | undefined, string])[]): Pick | undefined {
	for (const [value, source] of candidates) {
		if (value !== undefined && value.trim() !== '') {
			return {value: value.trim(), source};
		}
	}

	return undefined;
}

/** A provider by the names people use for it (`claude`, `openai-compatible`), case-insensitive. */
export function asProvider(value: string): ProviderName | undefined {
	const lower = value.toLowerCase();
	if (lower === 'anthropic' || lower === 'claude') {
		return 'anthropic';
	}

	return lower === 'openai' || lower === 'openai-compatible' ? 'openai' : undefined;
}

function providerFromEnvironment(env: Environment): Pick | undefined {
	const anthropic = (['ANTHROPIC_API_KEY', 'ANTHROPIC_AUTH_TOKEN', 'ANTHROPIC_BASE_URL'] as const).find(
		(name) => env[name],
	);
	if (anthropic) {
		return {value: 'anthropic', source: anthropic};
	}

	if (env['OPENAI_API_KEY'] || env['OPENAI_BASE_URL']) {
		return {value: 'openai', source: env['OPENAI_API_KEY'] ? 'OPENAI_API_KEY' : 'OPENAI_BASE_URL'};
	}

	return undefined;
}

/** The proxy variables, lower case first as curl reads them; undefined when none is set. */
export function proxySettingsOf(env: Environment): ProxySettings | undefined {
	const value = (name: string) => env[name.toLowerCase()] || env[name] || undefined;
	const settings = {
		httpsProxy: value('HTTPS_PROXY'),
		httpProxy: value('HTTP_PROXY'),
		noProxy: value('NO_PROXY'),
	};
	return settings.httpsProxy || settings.httpProxy ? settings : undefined;
}

function contextWindowOf(env: Environment, file: ConfigFileModel | undefined): number | undefined | Error {
	const raw = env['LECTOR_CONTEXT_WINDOW'];
	if (raw !== undefined && raw.trim() !== '') {
		const number = wholeNumberOf(raw);
		return number !== undefined && number >= 1000
			? number
			: new Error(`LECTOR_CONTEXT_WINDOW must be a whole number of tokens (at least 1000), got "${raw}".`);
	}

	return file?.contextWindow;
}

/** A positive whole number written in decimal digits, else undefined (`8k`, `1e4`, `0` and `-1` are refused). */
function positiveInteger(text: string): number | undefined {
	const number = wholeNumberOf(text);
	return number !== undefined && number > 0 ? number : undefined;
}

/** The answer-length cap: flag, then variable, then file, then the default. A bad value names its source. */
function maxOutputTokensOf(
	flags: ModelFlags,
	env: Environment,
	file: ConfigFileModel | undefined,
): {readonly value: number; readonly source: string} | Error {
	const typed = first(
		[flags.maxOutputTokens, 'flag --max-output-tokens'],
		[env['LECTOR_MAX_OUTPUT_TOKENS'], 'LECTOR_MAX_OUTPUT_TOKENS'],
	);
	if (typed) {
		const value = positiveInteger(typed.value);
		return value === undefined
			? new Error(
					`The ${typed.source} must be a positive whole number of tokens (e.g. ${defaultMaxOutputTokens}), got "${typed.value}".`,
				)
			: {value, source: typed.source};
	}

	return file?.maxOutputTokens === undefined
		? {value: defaultMaxOutputTokens, source: 'default'}
		: {value: file.maxOutputTokens, source: 'config file'};
}

/** Resolves the model configuration in the documented order. Pure: the caller reads the file and env. */
export function resolveModelConfig(input: {
	readonly flags: ModelFlags;
	readonly env: Environment;
	readonly file?: ConfigFileModel | undefined;
	/** The config file's path, for the advice when nothing is configured. Default: from `env`. */
	readonly configFile?: string;
}): ConfigResolution {
	const {flags, env, file} = input;
	const advice = howToConfigure(input.configFile ?? configPath(env));
	const explicitModel = first(
		[flags.model, 'flag --model'],
		[env['LECTOR_MODEL'], 'LECTOR_MODEL'],
		[file?.model, 'config file'],
	);
	const providerPick =
		first([flags.provider, 'flag --provider'], [env['LECTOR_PROVIDER'], 'LECTOR_PROVIDER']) ??
		providerFromEnvironment(env) ??
		first([file?.provider, 'config file']) ??
		// A model name alone is enough: Claude models are Anthropic's, anything else is served OpenAI-style.
		(explicitModel && {
			value: explicitModel.value.startsWith('claude') ? 'anthropic' : 'openai',
			source: `model name (${explicitModel.source})`,
		});
	if (!providerPick) {
		return {ok: false, message: advice};
	}

	const provider = asProvider(providerPick.value);
	if (!provider) {
		return {
			ok: false,
			message: `Unknown provider "${providerPick.value}" (from ${providerPick.source}); use anthropic or openai. ${advice}`,
		};
	}

	const providerVariable = provider === 'anthropic' ? 'ANTHROPIC' : 'OPENAI';
	// The file's "model" is one unit: its model and base URL apply only to the provider it names.
	const fileModel = !file?.provider || asProvider(file.provider) === provider ? file : undefined;
	const model = first(
		[flags.model, 'flag --model'],
		[env['LECTOR_MODEL'], 'LECTOR_MODEL'],
		[provider === 'anthropic' ? env['ANTHROPIC_MODEL'] : undefined, 'ANTHROPIC_MODEL'],
		[fileModel?.model, 'config file'],
	) ?? {value: defaultModels[provider], source: 'default'};
	const baseUrl = first(
		[flags.baseUrl, 'flag --base-url'],
		[env['LECTOR_BASE_URL'], 'LECTOR_BASE_URL'],
		[env[`${providerVariable}_BASE_URL`], `${providerVariable}_BASE_URL`],
		[fileModel?.baseUrl, 'config file'],
	) ?? {value: defaultBaseUrls[provider], source: 'default'};
	const apiKey = first(
		[env['LECTOR_API_KEY'], 'LECTOR_API_KEY'],
		[env[keyVariables[provider]], keyVariables[provider]],
	);
	const authToken =
		provider === 'anthropic' && !apiKey
			? first([env['ANTHROPIC_AUTH_TOKEN'], 'ANTHROPIC_AUTH_TOKEN'])
			: undefined;
	const contextWindow = contextWindowOf(env, file);
	if (contextWindow instanceof Error) {
		return {ok: false, message: contextWindow.message};
	}

	const maxOutputTokens = maxOutputTokensOf(flags, env, file);
	if (maxOutputTokens instanceof Error) {
		return {ok: false, message: maxOutputTokens.message};
	}

	if (!/^https?:\/\/[^/]/i.test(baseUrl.value)) {
		return {
			ok: false,
			message: `The base URL "${baseUrl.value}" (from ${baseUrl.source}) must start with http:// or https://.`,
		};
	}

	if (!apiKey && !authToken && baseUrl.source === 'default') {
		const variables =
			provider === 'anthropic' ? 'ANTHROPIC_API_KEY (or ANTHROPIC_AUTH_TOKEN)' : keyVariables[provider];
		return {
			ok: false,
			message: `The ${provider} provider needs an API key: set ${variables} or LECTOR_API_KEY. ${advice}`,
		};
	}

	return {
		ok: true,
		config: {
			provider,
			model: model.value,
			baseUrl: baseUrl.value,
			apiKey: apiKey?.value,
			authToken: authToken?.value,
			proxy: proxySettingsOf(env),
			contextWindow,
			maxOutputTokens: maxOutputTokens.value,
			sources: {
				provider: providerPick.source,
				model: model.source,
				baseUrl: baseUrl.source,
				apiKey: apiKey?.source ?? authToken?.source ?? 'none',
				maxOutputTokens: maxOutputTokens.source,
			},
		},
	};
}
