/**
The user's config file: `$XDG_CONFIG_HOME/lector/config.json`, else `~/.config/lector/config.json`.
`{"keys": {"toggleExpand": ["ctrl+o", "ctrl+x"]}, "theme": "light", "previewLines": 5, "mouse": true}`.
A missing file means defaults; a bad file or entry gives a clear message and keeps the defaults.
*/
import {readFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {applyOverrides, defaultBindings, type KeyBindings} from './bindings.js';

/** Settings read from the config file. */
export type LectorConfig = {
	readonly bindings: KeyBindings;
	readonly theme: 'dark' | 'light' | undefined;
	/** Lines in a collapsed preview (0 = header alone). */
	readonly previewLines: number | undefined;
	/** Start with mouse-wheel scrolling on (the m key toggles it). */
	readonly mouse: boolean;
	/** Messages about problems in the file, each naming it. */
	readonly warnings: readonly string[];
};

/** Where the config file lives. */
export function configPath(env: Readonly<Record<string, string | undefined>>, home = os.homedir()): string {
	const xdg = env['XDG_CONFIG_HOME'];
	const base = xdg !== undefined && xdg !== '' && path.isAbsolute(xdg) ? xdg : path.join(home, '.config');
	return path.join(base, 'lector', 'config.json');
}

/** The defaults, as if there were no config file. */
export const defaultConfig: LectorConfig = {
	bindings: defaultBindings,
	theme: undefined,
	previewLines: undefined,
	mouse: false,
	warnings: [],
};

/** Parse the text of a config file; `file` only names it in messages. */
export function parseConfig(text: string, file: string): LectorConfig {
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return {...defaultConfig, warnings: [`${file}: not valid JSON (${reason}); using the defaults`]};
	}

	if (typeof data !== 'object' || data === null || Array.isArray(data)) {
		return {...defaultConfig, warnings: [`${file}: expected a JSON object; using the defaults`]};
	}

	const warnings: string[] = [];
	const keys = applyOverrides(Reflect.get(data, 'keys'));
	warnings.push(...keys.warnings.map((warning) => `${file}: keys: ${warning}`));

	const themeValue: unknown = Reflect.get(data, 'theme');
	let theme: LectorConfig['theme'];
	if (themeValue === 'dark' || themeValue === 'light') {
		theme = themeValue;
	} else if (themeValue !== undefined) {
		warnings.push(`${file}: theme must be "dark" or "light"`);
	}

	const previewValue: unknown = Reflect.get(data, 'previewLines');
	let previewLines: number | undefined;
	if (typeof previewValue === 'number' && Number.isInteger(previewValue) && previewValue >= 0) {
		previewLines = previewValue;
	} else if (previewValue !== undefined) {
		warnings.push(`${file}: previewLines must be a whole number, 0 or more`);
	}

	const mouseValue: unknown = Reflect.get(data, 'mouse');
	if (mouseValue !== undefined && typeof mouseValue !== 'boolean') {
		warnings.push(`${file}: mouse must be true or false`);
	}

	return {bindings: keys.bindings, theme, previewLines, mouse: mouseValue === true, warnings};
}

/** Read the config file at `file` (default: `configPath(process.env)`). */
export async function loadConfig(file = configPath(process.env)): Promise<LectorConfig> {
	let text: string;
	try {
		text = await readFile(file, 'utf8');
	} catch (error) {
		if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
			return defaultConfig;
		}

		const reason = error instanceof Error ? error.message : String(error);
		return {...defaultConfig, warnings: [`${file}: cannot be read (${reason}); using the defaults`]};
	}

	return parseConfig(text, file);
}
