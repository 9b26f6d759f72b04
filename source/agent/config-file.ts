import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {type ConfigFileModel, type Environment, parseConfigFile} from './config.js';

/** `$XDG_CONFIG_HOME/lector/config.json`, else `~/.config/lector/config.json`. */
export function configFilePath(env: Environment, home = os.homedir()): string {
	const base = env['XDG_CONFIG_HOME'] || path.join(home, '.config');
	return path.join(base, 'lector', 'config.json');
}

/** The config file's model settings: undefined when there is no file, an Error when it is broken. */
export async function loadConfigFile(filePath: string): Promise<ConfigFileModel | undefined | Error> {
	let text: string;
	try {
		text = await fs.readFile(filePath, 'utf8');
	} catch {
		return undefined;
	}

	try {
		const parsed = parseConfigFile(JSON.parse(text));
		return parsed instanceof Error ? new Error(`${filePath}: ${parsed.message}`) : parsed;
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return new Error(`${filePath} is not valid JSON: ${reason}`);
	}
}
