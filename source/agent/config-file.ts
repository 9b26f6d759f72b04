import os from 'node:os';
import {configPath, readConfigFile} from '../config/config-file.js';
import {type ConfigFileModel, defaultMaxOutputTokens, type Environment} from './config.js';
import {isRecord, numberField, stringField} from './json.js';
import type {ReadCaps} from './read-caps.js';

/**
`$XDG_CONFIG_HOME/lector/config.json`, else `~/.config/lector/config.json`: the one file the keys, the
theme and the model are read from, found by config/config-file.ts (a relative XDG_CONFIG_HOME is
ignored, as the XDG spec says).
*/
export function configFilePath(env: Environment, home = os.homedir()): string {
	return configPath(env, home);
}

/** The config file's model settings: undefined when there is no file, an Error when it is broken. */
export async function loadConfigFile(filePath: string): Promise<ConfigFileModel | undefined | Error> {
	const content = await readConfigFile(filePath);
	switch (content.kind) {
		case 'missing':
		case 'unreadable': {
			// The keys' reader says why an unreadable file was skipped; the model falls back to the defaults.
			return undefined;
		}

		case 'invalid-json': {
			return new Error(`${filePath} is not valid JSON: ${content.reason}`);
		}

		case 'json': {
			const parsed = parseConfigFile(content.data);
			return parsed instanceof Error ? new Error(`${filePath}: ${parsed.message}`) : parsed;
		}
	}
}

function isPositiveInteger(value: unknown): value is number {
	return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Checks the parsed config file; unknown keys are ignored, wrong types reported. */
export function parseConfigFile(json: unknown): ConfigFileModel | Error {
	if (!isRecord(json)) {
		return new Error('the file must hold a JSON object.');
	}

	const model = json['model'];
	if (model === undefined) {
		return {};
	}

	if (!isRecord(model)) {
		return new Error(
			'"model" must be an object such as {"provider": "anthropic", "model": "claude-sonnet-4-5"}.',
		);
	}

	for (const key of ['provider', 'model', 'baseUrl'] as const) {
		if (model[key] !== undefined && typeof model[key] !== 'string') {
			return new Error(`"model.${key}" must be a string.`);
		}
	}

	if (model['contextWindow'] !== undefined && numberField(model, 'contextWindow') === undefined) {
		return new Error('"model.contextWindow" must be a number of tokens.');
	}

	const maxOutputTokens = model['maxOutputTokens'];
	if (maxOutputTokens !== undefined && !isPositiveInteger(maxOutputTokens)) {
		return new Error(
			`"model.maxOutputTokens" must be a positive whole number of tokens (e.g. ${defaultMaxOutputTokens}), got ${JSON.stringify(maxOutputTokens)}.`,
		);
	}

	const parsed: {
		provider?: string;
		model?: string;
		baseUrl?: string;
		contextWindow?: number;
		maxOutputTokens?: number;
	} = {};
	const provider = stringField(model, 'provider');
	const name = stringField(model, 'model');
	const baseUrl = stringField(model, 'baseUrl');
	const contextWindow = numberField(model, 'contextWindow');
	if (provider !== undefined) parsed.provider = provider;
	if (name !== undefined) parsed.model = name;
	if (baseUrl !== undefined) parsed.baseUrl = baseUrl;
	if (contextWindow !== undefined) parsed.contextWindow = contextWindow;
	if (maxOutputTokens !== undefined) parsed.maxOutputTokens = maxOutputTokens;
	return parsed;
}

/**
The config file's top-level `"allowOutside"`: true lets the shell's tools reach paths outside the
workspace, as `--allow-outside` does. False when there is no file, no key or a broken file (the model's
reader reports a broken file); an Error when the key is not a boolean.
*/
export async function loadAllowOutside(filePath: string): Promise<boolean | Error> {
	const content = await readConfigFile(filePath);
	if (content.kind !== 'json' || !isRecord(content.data)) {
		return false;
	}

	const value = content.data['allowOutside'];
	if (value === undefined || typeof value === 'boolean') {
		return value === true;
	}

	return new Error(`${filePath}: "allowOutside" must be true or false, got ${JSON.stringify(value)}.`);
}

/**
The config file's top-level `"read": {"maxLines": N, "maxBytes": N}`: the shell's read caps, under the
flags. Empty when there is no file or no key (a broken file is reported by the model's reader); an Error
naming the field when a value is not a whole number of at least 1.
*/
export async function loadReadCaps(filePath: string): Promise<ReadCaps | Error> {
	const content = await readConfigFile(filePath);
	if (content.kind !== 'json' || !isRecord(content.data) || content.data['read'] === undefined) {
		return {};
	}

	const caps = content.data['read'];
	if (!isRecord(caps)) {
		return new Error(`${filePath}: "read" must be an object such as {"maxLines": 1000, "maxBytes": 30000}.`);
	}

	const result: {maxLines?: number; maxBytes?: number} = {};
	for (const name of ['maxLines', 'maxBytes'] as const) {
		const value = caps[name];
		if (value === undefined) {
			continue;
		}

		if (!isPositiveInteger(value)) {
			return new Error(
				`${filePath}: "read.${name}" must be a whole number of at least 1, got ${JSON.stringify(value)}.`,
			);
		}

		result[name] = value;
	}

	return result;
}
