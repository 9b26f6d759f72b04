/**
The user's config file: `$XDG_CONFIG_HOME/lector/config.json`, else `~/.config/lector/config.json`.
`{"keys": {"toggleExpand": ["ctrl+o", "ctrl+x"]}, "theme": "light", "previewLines": 5, "mouse": true}`.
A missing file means defaults; a bad file or entry gives a clear message and keeps the defaults.
*/
import {type ConfigFileContent, configPath, parseConfigText, readConfigFile} from '../config/config-file.js';
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
	return configFrom(parseConfigText(text), file);
}

function configFrom(content: ConfigFileContent, file: string): LectorConfig {
	switch (content.kind) {
		case 'missing': {
			return defaultConfig;
		}

		case 'unreadable': {
			return {
				...defaultConfig,
				warnings: [`${file}: cannot be read (${content.reason}); using the defaults`],
			};
		}

		case 'invalid-json': {
			return {
				...defaultConfig,
				warnings: [`${file}: not valid JSON (${content.reason}); using the defaults`],
			};
		}

		case 'json': {
			return settingsOf(content.data, file);
		}
	}
}

function settingsOf(data: unknown, file: string): LectorConfig {
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
	return configFrom(await readConfigFile(file), file);
}
