import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parseConfigFile, resolveModelConfig} from '../../source/agent/config.js';
import {configFilePath, loadConfigFile} from '../../source/agent/config-file.js';
import {anthropicSdkBaseUrl, openaiSdkBaseUrl} from '../../source/agent/providers.js';

function resolve(flags: Record<string, string>, env: Record<string, string>, file?: Record<string, unknown>) {
	const parsed = file === undefined ? undefined : parseConfigFile({model: file});
	if (parsed instanceof Error) throw parsed;
	const resolution = resolveModelConfig({flags, env, file: parsed});
	return resolution.ok ? resolution.config : resolution.message;
}

describe('resolveModelConfig', () => {
	it('says how to configure a model when nothing is set', () => {
		expect(resolve({}, {})).toMatch(/No model is configured\. Set ANTHROPIC_API_KEY/);
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
		expect(resolve({}, {ANTHROPIC_API_KEY: 'k', LECTOR_CONTEXT_WINDOW: 'big'})).toMatch(
			/LECTOR_CONTEXT_WINDOW/,
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
	});
});
