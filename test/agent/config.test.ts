import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type ModelConfig, resolveModelConfig} from '../../source/agent/config.js';
import {configFilePath, loadConfigFile, parseConfigFile} from '../../source/agent/config-file.js';
import {isRecord} from '../../source/agent/json.js';
import {openShellSession} from '../../source/agent/open.js';
import {anthropicSdkBaseUrl, openaiSdkBaseUrl} from '../../source/agent/providers.js';
import {startFakeModelServer} from '../helpers/fake-model-server.js';

function resolve(
	flags: Record<string, string>,
	env: Record<string, string>,
	file?: Record<string, unknown>,
): ModelConfig | string {
	const parsed = file === undefined ? undefined : parseConfigFile({model: file});
	if (parsed instanceof Error) throw parsed;
	const resolution = resolveModelConfig({flags, env, file: parsed});
	return resolution.ok ? resolution.config : resolution.message;
}

describe('resolveModelConfig', () => {
	it('says how to configure a model when nothing is set', () => {
		expect(resolve({}, {})).toMatch(/No model is configured\. Set ANTHROPIC_API_KEY/);
	});

	it('names the config file lector reads, XDG_CONFIG_HOME included', () => {
		expect(resolve({}, {XDG_CONFIG_HOME: '/cfg'})).toContain('write {"model"');
		expect(resolve({}, {XDG_CONFIG_HOME: '/cfg'})).toContain('to /cfg/lector/config.json.');
		expect(resolve({}, {XDG_CONFIG_HOME: '/cfg'})).not.toContain('~/.config');
		expect(resolve({provider: 'gemini'}, {XDG_CONFIG_HOME: '/cfg'})).toContain('/cfg/lector/config.json');
	});

	it('takes a provider key alone, with the default model and URL', () => {
		expect(resolve({}, {ANTHROPIC_API_KEY: 'k'})).toMatchObject({
			provider: 'anthropic',
			model: 'claude-sonnet-4-5',
			baseUrl: 'https://api.anthropic.com',
			apiKey: 'k',
			sources: {provider: 'ANTHROPIC_API_KEY', apiKey: 'ANTHROPIC_API_KEY', model: 'default'},
		});
	});

	it('orders flags > lector variables > provider variables > config file', () => {
		const env = {
			LECTOR_MODEL: 'env-model',
			OPENAI_BASE_URL: 'http://h:1/v1',
			OPENAI_API_KEY: 'o',
			LECTOR_API_KEY: 'l',
		};
		const file = {provider: 'openai', model: 'file-model', baseUrl: 'http://file/v1'};
		expect(resolve({model: 'flag-model'}, env, file)).toMatchObject({
			model: 'flag-model',
			baseUrl: 'http://h:1/v1',
			apiKey: 'l',
		});
		expect(resolve({}, env, file)).toMatchObject({model: 'env-model', sources: {model: 'LECTOR_MODEL'}});
		expect(resolve({}, {OPENAI_API_KEY: 'o'}, file)).toMatchObject({
			model: 'file-model',
			baseUrl: 'http://file/v1',
		});
		expect(resolve({provider: 'anthropic', baseUrl: 'http://127.0.0.1:9'}, env, file)).toMatchObject({
			provider: 'anthropic',
			model: 'env-model',
			baseUrl: 'http://127.0.0.1:9',
		});
	});

	it("applies the file's model only to the provider it names", () => {
		const file = {provider: 'openai', model: 'llama3', baseUrl: 'http://127.0.0.1:11434/v1'};
		expect(resolve({}, {ANTHROPIC_API_KEY: 'k'}, file)).toMatchObject({
			provider: 'anthropic',
			model: 'claude-sonnet-4-5',
			baseUrl: 'https://api.anthropic.com',
		});
		expect(resolve({}, {}, file)).toMatchObject({provider: 'openai', model: 'llama3', apiKey: undefined});
	});

	it('infers the provider from a model name, and rejects unknown providers and bad URLs', () => {
		expect(resolve({model: 'claude-opus-4', baseUrl: 'http://127.0.0.1:8080'}, {})).toMatchObject({
			provider: 'anthropic',
		});
		expect(resolve({provider: 'gemini'}, {})).toMatch(/Unknown provider "gemini"/);
		expect(resolve({baseUrl: 'localhost:8080'}, {OPENAI_API_KEY: 'k'})).toMatch(/must start with http/);
		expect(resolve({provider: 'openai'}, {})).toMatch(/needs an API key: set OPENAI_API_KEY/);
	});

	it('reads LECTOR_CONTEXT_WINDOW', () => {
		expect(resolve({}, {ANTHROPIC_API_KEY: 'k', LECTOR_CONTEXT_WINDOW: '50000'})).toMatchObject({
			contextWindow: 50_000,
		});
		// Plain digits only, as for every number lector reads from text: 1e5 is refused, not taken as 100000.
		expect(resolve({}, {ANTHROPIC_API_KEY: 'k', LECTOR_CONTEXT_WINDOW: '1e5'})).toMatch(/got "1e5"/);
		expect(resolve({}, {ANTHROPIC_API_KEY: 'k', LECTOR_CONTEXT_WINDOW: 'big'})).toMatch(
			/LECTOR_CONTEXT_WINDOW/,
		);
	});
});

describe('max output tokens', () => {
	const key = {ANTHROPIC_API_KEY: 'k'};

	it('orders flag > LECTOR_MAX_OUTPUT_TOKENS > config file > 8192, and says where each came from', () => {
		const env = {...key, LECTOR_MAX_OUTPUT_TOKENS: ' 4096 '};
		const file = {maxOutputTokens: 2048};
		expect(resolve({maxOutputTokens: '1024'}, env, file)).toMatchObject({
			maxOutputTokens: 1024,
			sources: {maxOutputTokens: 'flag --max-output-tokens'},
		});
		expect(resolve({}, env, file)).toMatchObject({
			maxOutputTokens: 4096,
			sources: {maxOutputTokens: 'LECTOR_MAX_OUTPUT_TOKENS'},
		});
		expect(resolve({}, key, file)).toMatchObject({
			maxOutputTokens: 2048,
			sources: {maxOutputTokens: 'config file'},
		});
		// Its provider does not matter: the cap is the session's, like the context window.
		expect(resolve({}, key, {provider: 'openai', maxOutputTokens: 2048})).toMatchObject({
			maxOutputTokens: 2048,
		});
		expect(resolve({}, key)).toMatchObject({maxOutputTokens: 8192, sources: {maxOutputTokens: 'default'}});
	});

	it.each([
		['flag --max-output-tokens', {maxOutputTokens: 'lots'}, {}],
		['flag --max-output-tokens', {maxOutputTokens: '0'}, {}],
		['LECTOR_MAX_OUTPUT_TOKENS', {}, {LECTOR_MAX_OUTPUT_TOKENS: '8k'}],
		['LECTOR_MAX_OUTPUT_TOKENS', {}, {LECTOR_MAX_OUTPUT_TOKENS: '-5'}],
		['LECTOR_MAX_OUTPUT_TOKENS', {}, {LECTOR_MAX_OUTPUT_TOKENS: '1e4'}],
		['LECTOR_MAX_OUTPUT_TOKENS', {}, {LECTOR_MAX_OUTPUT_TOKENS: '2.5'}],
	])('a bad value from the %s is an error naming it: %j %j', (source, flags, env) => {
		const value = Object.values({...flags, ...env})[0];
		expect(resolve(flags, {...key, ...env})).toBe(
			`The ${source} must be a positive whole number of tokens (e.g. 8192), got "${value}".`,
		);
	});

	it.each([0, -1, 1.5, '8192', null])('the config file refuses %j', (value) => {
		expect(String(parseConfigFile({model: {maxOutputTokens: value}}))).toBe(
			`Error: "model.maxOutputTokens" must be a positive whole number of tokens (e.g. 8192), got ${JSON.stringify(value)}.`,
		);
	});
});

describe('base URLs', () => {
	it("turns Claude Code's form into the SDK path, and keeps the OpenAI form", () => {
		expect(anthropicSdkBaseUrl('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/v1');
		expect(anthropicSdkBaseUrl('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/v1');
		expect(anthropicSdkBaseUrl('https://proxy/v1')).toBe('https://proxy/v1');
		expect(openaiSdkBaseUrl('http://127.0.0.1:11434/v1/')).toBe('http://127.0.0.1:11434/v1');
	});
});

describe('the config file', () => {
	it('lives under XDG_CONFIG_HOME, else ~/.config', () => {
		expect(configFilePath({XDG_CONFIG_HOME: '/x'}, '/home/u')).toBe('/x/lector/config.json');
		expect(configFilePath({}, '/home/u')).toBe('/home/u/.config/lector/config.json');
		// The same file the keys and theme come from: a relative XDG_CONFIG_HOME is ignored, as XDG says.
		expect(configFilePath({XDG_CONFIG_HOME: 'rel'}, '/home/u')).toBe('/home/u/.config/lector/config.json');
	});

	it('is checked field by field', async () => {
		const folder = mkdtempSync(path.join(os.tmpdir(), 'lector-config-'));
		mkdirSync(folder, {recursive: true});
		const file = path.join(folder, 'config.json');
		expect(await loadConfigFile(file)).toBeUndefined();
		writeFileSync(file, '{"model": {"provider": "openai", "model": 3}}');
		expect(String(await loadConfigFile(file))).toMatch(/"model.model" must be a string/);
		writeFileSync(file, '{not json');
		expect(String(await loadConfigFile(file))).toMatch(/not valid JSON/);
		writeFileSync(file, '{"model": {"provider": "openai", "model": "m", "contextWindow": 8192, "extra": 1}}');
		expect(await loadConfigFile(file)).toEqual({provider: 'openai', model: 'm', contextWindow: 8192});
		writeFileSync(file, '{"model": {"maxOutputTokens": "many"}}');
		expect(String(await loadConfigFile(file))).toBe(
			`Error: ${file}: "model.maxOutputTokens" must be a positive whole number of tokens (e.g. 8192), got "many".`,
		);
	});
});

describe('openShellSession and max output tokens', () => {
	async function firstRequest(
		env: Record<string, string>,
		flags: {maxOutputTokens?: string},
		configJson?: string,
	): Promise<{maxTokens: unknown; banner: string}> {
		const home = mkdtempSync(path.join(os.tmpdir(), 'lector-home-'));
		if (configJson !== undefined) {
			mkdirSync(path.join(home, 'lector'), {recursive: true});
			writeFileSync(path.join(home, 'lector', 'config.json'), configJson);
		}

		const server = await startFakeModelServer('openai', [{type: 'reply', text: ['Hi.']}]);
		const opened = await openShellSession({
			cwd: home,
			flags,
			env: {XDG_CONFIG_HOME: home, XDG_STATE_HOME: home, OPENAI_BASE_URL: `${server.origin}/v1`, ...env},
		});
		try {
			await opened.session.submit('Hello');
			const body = server.requests[0]?.body;
			return {maxTokens: isRecord(body) ? body['max_tokens'] : undefined, banner: opened.banner.text};
		} finally {
			opened.session.close();
			await server.close();
			rmSync(home, {recursive: true, force: true});
		}
	}

	it('sends the flag, the variable or the file value as max_tokens, else 8192', async () => {
		expect((await firstRequest({}, {maxOutputTokens: '1500'})).maxTokens).toBe(1500);
		expect((await firstRequest({LECTOR_MAX_OUTPUT_TOKENS: '700'}, {})).maxTokens).toBe(700);
		expect((await firstRequest({}, {}, '{"model": {"maxOutputTokens": 3000}}')).maxTokens).toBe(3000);
		expect((await firstRequest({}, {})).maxTokens).toBe(8192);
	});

	it('a bad value keeps the model off and the banner names where it came from', async () => {
		const home = mkdtempSync(path.join(os.tmpdir(), 'lector-home-'));
		try {
			const opened = await openShellSession({
				cwd: home,
				flags: {maxOutputTokens: 'lots'},
				env: {XDG_CONFIG_HOME: home, XDG_STATE_HOME: home, OPENAI_BASE_URL: 'http://127.0.0.1:9/v1'},
			});
			opened.session.close();
			expect(opened.session.config).toBeUndefined();
			expect(opened.banner).toEqual({
				level: 'warning',
				text: 'The flag --max-output-tokens must be a positive whole number of tokens (e.g. 8192), got "lots".',
			});
		} finally {
			rmSync(home, {recursive: true, force: true});
		}
	});
});
