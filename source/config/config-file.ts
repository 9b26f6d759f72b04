/**
The one config file, `$XDG_CONFIG_HOME/lector/config.json`, else `~/.config/lector/config.json` (a
relative XDG_CONFIG_HOME is ignored, as the XDG spec says). It is found and read here only; the keys
and theme (keys/config.ts) and the model (agent/config-file.ts) each check their own entries.
*/
import {readFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Where the config file lives. */
export function configPath(env: Readonly<Record<string, string | undefined>>, home = os.homedir()): string {
	const xdg = env['XDG_CONFIG_HOME'];
	const base = xdg !== undefined && xdg !== '' && path.isAbsolute(xdg) ? xdg : path.join(home, '.config');
	return path.join(base, 'lector', 'config.json');
}

/** What reading the file gave: nothing there, a failure with its reason, or parsed JSON. */
export type ConfigFileContent =
	| {readonly kind: 'missing'}
	| {readonly kind: 'unreadable'; readonly reason: string}
	| {readonly kind: 'invalid-json'; readonly reason: string}
	| {readonly kind: 'json'; readonly data: unknown};

function reasonOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Parses a config file's text. */
export function parseConfigText(text: string): ConfigFileContent {
	try {
		return {kind: 'json', data: JSON.parse(text)};
	} catch (error) {
		return {kind: 'invalid-json', reason: reasonOf(error)};
	}
}

/** Reads and parses the config file at `file`. */
export async function readConfigFile(file: string): Promise<ConfigFileContent> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
		return missing ? {kind: 'missing'} : {kind: 'unreadable', reason: reasonOf(error)};
	}

	return parseConfigText(text);
}
