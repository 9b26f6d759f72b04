import type {ModelConfig} from './config.js';
import {keyVariables} from './config.js';
import {isRecord, numberField, stringField} from './json.js';

/** What kind of provider failure happened: it decides the retry and the message. */
export type FailureKind =
	| 'auth'
	| 'not-found'
	| 'rate-limit'
	| 'server'
	| 'network'
	| 'cut'
	| 'request'
	| 'other';

/** A provider error, classified and described for the person. */
export type ProviderFailure = {
	readonly kind: FailureKind;
	readonly status: number | undefined;
	/** Worth trying the same request again (429, 5xx, a refused or reset connection). */
	readonly retryable: boolean;
	/** What the server asked for in retry-after / retry-after-ms, in milliseconds. */
	readonly retryAfterMs: number | undefined;
	/** One or two sentences: what happened and what to do. */
	readonly message: string;
};

const networkCodes = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ENOTFOUND',
	'EAI_AGAIN',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'UND_ERR_SOCKET',
	'UND_ERR_CONNECT_TIMEOUT',
]);

/** An error or record as a plain record of its own fields, so fields can be checked without casts. */
function fieldsOf(value: unknown): Record<string, unknown> | undefined {
	if (value instanceof Error) {
		return Object.fromEntries([...Object.entries(value), ['message', value.message], ['cause', value.cause]]);
	}

	return isRecord(value) ? value : undefined;
}

/** The first `code` string along an error's cause chain (undici nests the socket error). */
function causeCode(error: unknown, depth = 0): string | undefined {
	const fields = fieldsOf(error);
	if (!fields || depth > 4) {
		return undefined;
	}

	return stringField(fields, 'code') ?? causeCode(fields['cause'], depth + 1);
}

function headerValue(error: object, name: string): string | undefined {
	const headers = 'responseHeaders' in error ? error.responseHeaders : undefined;
	return isRecord(headers) ? stringField(headers, name) : undefined;
}

/** retry-after-ms, else retry-after in seconds or as an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
	if (typeof error !== 'object' || error === null) {
		return undefined;
	}

	const milliseconds = Number(headerValue(error, 'retry-after-ms'));
	if (
		Number.isFinite(milliseconds) &&
		milliseconds >= 0 &&
		headerValue(error, 'retry-after-ms') !== undefined
	) {
		return milliseconds;
	}

	const value = headerValue(error, 'retry-after');
	if (value === undefined) {
		return undefined;
	}

	const seconds = Number(value);
	if (Number.isFinite(seconds) && value.trim() !== '') {
		return Math.max(0, seconds * 1000);
	}

	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The server's own words: the error body's message when there is one, else the error's message. */
function serverMessage(error: unknown): string {
	if (typeof error === 'object' && error !== null && 'data' in error && isRecord(error.data)) {
		const inner = error.data['error'];
		const message = isRecord(inner) ? stringField(inner, 'message') : stringField(error.data, 'message');
		if (message) {
			return message;
		}
	}

	return error instanceof Error ? error.message : String(error);
}

function statusOf(error: unknown): number | undefined {
	const fields = fieldsOf(error);
	return fields ? numberField(fields, 'statusCode') : undefined;
}

/** What to do about a refused key, naming the variable it came from (or the one to set when none is). */
function keyAdvice(config: ModelConfig, status: 401 | 403): string {
	const variable = keyVariables[config.provider];
	const source = config.sources.apiKey;
	if (config.apiKey === undefined || source === 'none') {
		return `no API key is set: set ${variable} (or LECTOR_API_KEY).`;
	}

	return status === 401
		? `the API key from ${source} was not accepted: check it, or set another in ${variable} (or LECTOR_API_KEY).`
		: `the API key from ${source} is not allowed this request: check its permissions and the model name "${config.model}", or set another key in ${variable} (or LECTOR_API_KEY).`;
}

/**
What to change after a 404: the model name where it was set (a /model switch is undone with /model,
not with a flag the person did not use), and the base URL in the form the provider takes.
*/
function modelAdvice(config: ModelConfig): string {
	const form = config.provider === 'anthropic' ? 'scheme://host:port, without /v1' : 'ending in /v1';
	const baseUrl = `the base URL ${config.baseUrl} (from ${config.sources.baseUrl}; ${form})`;
	const source = config.sources.model;
	if (source.startsWith('/model')) {
		return `Pick another model with /model, or check ${baseUrl}.`;
	}

	const where = source === 'default' ? 'the default model' : `the model name (from ${source})`;
	return `Check ${where} and ${baseUrl}; /model picks another model for this session.`;
}

/**
Classifies an error from the SDK (an APICallError, a fetch failure, a broken stream) and writes a message
that names what to change. `streamed` says whether part of the answer had already arrived: a network
failure then means the answer was cut off, which is not retried (the text is already on screen).
`writingCall` names the tool whose call was being streamed when it broke: that call is never run.
*/
export function describeProviderError(
	error: unknown,
	config: ModelConfig,
	streamed: boolean,
	writingCall?: string,
): ProviderFailure {
	// A 2xx status on an error means the response started well and then broke: judge it as a stream failure.
	const reported = statusOf(error);
	const status = reported !== undefined && reported >= 300 ? reported : undefined;
	const said = serverMessage(error);
	const where = `${config.provider} at ${config.baseUrl}`;
	const make = (kind: FailureKind, retryable: boolean, message: string): ProviderFailure => ({
		kind,
		status,
		retryable,
		retryAfterMs: retryAfterMs(error),
		message,
	});
	if (status === 401 || status === 403) {
		return make(
			'auth',
			false,
			`${where} refused the request (${status}: ${said}): ${keyAdvice(config, status)}`,
		);
	}

	if (status === 404) {
		return make(
			'not-found',
			false,
			`${where} does not know the model "${config.model}" or the endpoint (404: ${said}). ${modelAdvice(config)}`,
		);
	}

	if (status === 429) {
		return make('rate-limit', true, `${where} is rate limiting requests (429: ${said}).`);
	}

	if (status !== undefined && status >= 500) {
		return make('server', true, `${where} had a server error (${status}: ${said}).`);
	}

	if (status !== undefined) {
		const modelHint = /model/i.test(said) ? ` Check the model name "${config.model}".` : '';
		return make('request', false, `${where} rejected the request (${status}: ${said}).${modelHint}`);
	}

	const code = causeCode(error);
	if (streamed) {
		const during =
			writingCall === undefined
				? ''
				: ` while the model was writing a ${writingCall} call, which was not run`;
		return make(
			'cut',
			false,
			`The answer was cut off${during}: the connection to ${where} broke mid-stream (${code ?? said}). What arrived is kept; ask again to continue.`,
		);
	}

	if (
		reported !== undefined ||
		(code && networkCodes.has(code)) ||
		/cannot connect|fetch failed|network/i.test(said)
	) {
		return make(
			'network',
			true,
			`Cannot reach ${where} (${code ?? said}). Check the network and the base URL (from ${config.sources.baseUrl}).`,
		);
	}

	return make('other', false, `The request to ${where} failed: ${said}`);
}
