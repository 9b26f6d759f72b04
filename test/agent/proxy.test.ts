import http from 'node:http';
import net, {type AddressInfo} from 'node:net';
import {afterEach, describe, expect, it} from 'vitest';
import {proxySettingsOf, resolveModelConfig} from '../../source/agent/config.js';
import type {FakeApi} from '../helpers/fake-model-server.js';
import {eventTags, startHarness} from './harness.js';

/**
A real forward proxy on 127.0.0.1: absolute-URI requests are forwarded, and CONNECT opens a tunnel (how
undici, like curl for HTTPS, goes through a proxy). `seen` lists what each request asked for.
*/
async function startProxy(): Promise<{url: string; seen: string[]; close(): Promise<void>}> {
	const seen: string[] = [];
	const server = http.createServer((request, response) => {
		seen.push(request.url ?? '');
		const target = new URL(request.url ?? '');
		const upstream = http.request(
			target,
			{method: request.method, headers: {...request.headers, host: target.host}},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			},
		);
		upstream.on('error', () => response.destroy());
		request.pipe(upstream);
	});
	server.on('connect', (request, client, head) => {
		seen.push(`CONNECT ${request.url ?? ''}`);
		const [host, port] = (request.url ?? '').split(':');
		const upstream = net.connect(Number(port), host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		upstream.on('error', () => client.destroy());
		client.on('error', () => upstream.destroy());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const {port} = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
	for (const close of closers.splice(0)) {
		await close();
	}
});

describe.each<FakeApi>(['anthropic', 'openai'])('model requests through a proxy (%s)', (api) => {
	it('go through HTTP_PROXY when it is set', async () => {
		const proxy = await startProxy();
		closers.push(proxy.close);
		const h = await startHarness(api, [{type: 'reply', text: ['Via the proxy.']}], {
			config: {proxy: {httpProxy: proxy.url, httpsProxy: undefined, noProxy: undefined}},
		});
		await h.session.submit('Hello?');
		expect(eventTags(h.events)).toEqual(['user-text', 'assistant-text']);
		expect(proxy.seen).toEqual([`CONNECT ${h.server.origin.replace('http://', '')}`]);
		expect(h.server.requests).toHaveLength(1);
	});

	it('go direct to a host NO_PROXY names', async () => {
		const proxy = await startProxy();
		closers.push(proxy.close);
		const h = await startHarness(api, [{type: 'reply', text: ['Direct.']}], {
			config: {proxy: {httpProxy: proxy.url, httpsProxy: undefined, noProxy: '127.0.0.1'}},
		});
		await h.session.submit('Hello?');
		expect(eventTags(h.events)).toEqual(['user-text', 'assistant-text']);
		expect(proxy.seen).toEqual([]);
		expect(h.server.requests).toHaveLength(1);
	});
});

describe('ANTHROPIC_AUTH_TOKEN', () => {
	it('picks Anthropic and is sent as a bearer token when no API key is set', async () => {
		const resolved = resolveModelConfig({
			flags: {},
			env: {ANTHROPIC_AUTH_TOKEN: 'tok-123'},
			configFile: '/x',
		});
		expect(resolved.ok && resolved.config).toMatchObject({
			provider: 'anthropic',
			apiKey: undefined,
			authToken: 'tok-123',
			sources: {provider: 'ANTHROPIC_AUTH_TOKEN', apiKey: 'ANTHROPIC_AUTH_TOKEN'},
		});

		const h = await startHarness('anthropic', [{type: 'reply', text: ['Hi.']}], {
			config: {apiKey: undefined, authToken: 'tok-123'},
		});
		await h.session.submit('Hello?');
		const headers = h.server.requests[0]?.headers ?? {};
		expect(headers['authorization']).toBe('Bearer tok-123');
		expect(headers['x-api-key']).toBeUndefined();
	});

	it('gives way to an API key', () => {
		const resolved = resolveModelConfig({
			flags: {},
			env: {ANTHROPIC_API_KEY: 'key', ANTHROPIC_AUTH_TOKEN: 'tok'},
			configFile: '/x',
		});
		expect(resolved.ok && resolved.config).toMatchObject({apiKey: 'key', authToken: undefined});
	});
});

describe('proxySettingsOf', () => {
	it('reads either case, lower first as curl does, and is undefined without a proxy', () => {
		expect(proxySettingsOf({https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:2', NO_PROXY: 'x'})).toEqual({
			httpsProxy: 'http://a:1',
			httpProxy: undefined,
			noProxy: 'x',
		});
		expect(proxySettingsOf({NO_PROXY: 'x'})).toBeUndefined();
	});
});
