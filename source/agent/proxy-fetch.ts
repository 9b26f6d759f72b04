/**
Model requests through the proxy the environment names. Node's own fetch ignores HTTPS_PROXY, HTTP_PROXY
and NO_PROXY, so behind a corporate proxy every request would fail with "cannot reach"; undici's
EnvHttpProxyAgent reads them as curl does (NO_PROXY hosts, with ports and leading dots, go direct).
*/
import {EnvHttpProxyAgent, fetch as undiciFetch} from 'undici';
import type {ProxySettings} from './config.js';

export type FetchFunction = typeof globalThis.fetch;

/** A fetch that sends each request through the proxy for its scheme, or directly when NO_PROXY says so. */
export function proxyFetch(settings: ProxySettings): FetchFunction {
	const dispatcher = new EnvHttpProxyAgent({
		...(settings.httpProxy ? {httpProxy: settings.httpProxy} : {}),
		...(settings.httpsProxy ? {httpsProxy: settings.httpsProxy} : {}),
		...(settings.noProxy ? {noProxy: settings.noProxy} : {}),
	});
	const viaProxy = (input: Parameters<FetchFunction>[0], init?: Parameters<FetchFunction>[1]) =>
		undiciFetch(input as Parameters<typeof undiciFetch>[0], {
			...(init as Parameters<typeof undiciFetch>[1]),
			dispatcher,
		}) as unknown as Promise<Response>;
	return viaProxy as FetchFunction;
}
