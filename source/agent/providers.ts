import {createAnthropic} from '@ai-sdk/anthropic';
import {createOpenAICompatible} from '@ai-sdk/openai-compatible';
import type {LanguageModel} from 'ai';
import type {ModelConfig} from './config.js';
import {proxyFetch} from './proxy-fetch.js';

/**
The Anthropic SDK path for a base URL in Claude Code's ANTHROPIC_BASE_URL form (`http://127.0.0.1:8080`):
the AI SDK posts to `${baseURL}/messages`, so `/v1` is appended. A URL that already ends in `/v1` is
kept as is, since people also paste the SDK form.
*/
export function anthropicSdkBaseUrl(baseUrl: string): string {
	const trimmed = baseUrl.replace(/\/+$/, '');
	return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

/** An OpenAI-compatible base URL as the SDK wants it: the OPENAI_BASE_URL form, without a trailing slash. */
export function openaiSdkBaseUrl(baseUrl: string): string {
	return baseUrl.replace(/\/+$/, '');
}

/** Creates the AI SDK model for a resolved configuration. Nothing is sent until the first request. */
export function createLanguageModel(config: ModelConfig): LanguageModel {
	const fetchOption = config.proxy ? {fetch: proxyFetch(config.proxy)} : {};
	if (config.provider === 'anthropic') {
		// An explicit credential (even an empty key, for keyless proxies) stops the SDK reading
		// ANTHROPIC_API_KEY behind our back; the SDK takes one of the two, never both.
		const credential =
			config.apiKey === undefined && config.authToken !== undefined
				? {authToken: config.authToken}
				: {apiKey: config.apiKey ?? ''};
		return createAnthropic({baseURL: anthropicSdkBaseUrl(config.baseUrl), ...credential, ...fetchOption})(
			config.model,
		);
	}

	return createOpenAICompatible({
		name: 'openai',
		baseURL: openaiSdkBaseUrl(config.baseUrl),
		apiKey: config.apiKey,
		...fetchOption,
		// Usage in the stream lets the session know how full the context is.
		includeUsage: true,
	})(config.model);
}
