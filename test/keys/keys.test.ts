import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import {expect, test} from 'vitest';
import {configPath} from '../../source/config/config-file.js';
import {applyOverrides, defaultBindings, keyLabel} from '../../source/keys/bindings.js';
import {commands, commandTable} from '../../source/keys/commands.js';
import {loadConfig, parseConfig} from '../../source/keys/config.js';
import {noKey} from '../../source/keys/key-chunks.js';
import {keyNameFromInk, normalizeKeyName} from '../../source/keys/key-names.js';
import {makeTempDir} from '../helpers/temp-dir.js';

test.each([
	['ctrl+o', 'ctrl+o'],
	['Ctrl+O', 'ctrl+o'],
	['C-o', 'ctrl+o'],
	['ctrl-x', 'ctrl+x'],
	['PgDn', 'pagedown'],
	['page_up', 'pageup'],
	['G', 'G'],
	['shift+g', 'G'],
	['g', 'g'],
	['alt+j', 'meta+j'],
	['return', 'enter'],
	['space', 'space'],
	['+', '+'],
	['ctrl+1', undefined],
	['hyper+x', undefined],
	['fancykey', undefined],
	['', undefined],
])('normalizeKeyName(%j) is %j', (raw, expected) => {
	expect(normalizeKeyName(raw)).toBe(expected);
});

test.each([
	['o', {ctrl: true}, 'ctrl+o'],
	['', {upArrow: true}, 'up'],
	['', {pageDown: true}, 'pagedown'],
	['G', {shift: true}, 'G'],
	['j', {}, 'j'],
	[' ', {}, 'space'],
	['', {return: true}, 'enter'],
	['', {escape: true, meta: true}, 'escape'],
	['pasted text', {}, undefined],
] as const)('keyNameFromInk(%j, %j) is %j', (input, flags, expected) => {
	expect(keyNameFromInk(input, {...noKey, ...flags})).toBe(expected);
});

test('every command has a description and a default key; the hint key is ctrl+o', () => {
	for (const command of commands) {
		expect(commandTable[command].description).not.toBe('');
		expect(keyLabel(defaultBindings, command)).toBeDefined();
	}

	expect(keyLabel(defaultBindings, 'toggleExpand')).toBe('ctrl+o');
	expect(defaultBindings.commandByKey.get('ctrl+o')).toBe('toggleExpand');
	expect(defaultBindings.commandByKey.get('j')).toBe('focusNext');
	expect(defaultBindings.commandByKey.get('G')).toBe('bottom');
});

test("overrides replace a command's keys and take them from other commands", () => {
	const {bindings, warnings} = applyOverrides({toggleExpand: ['ctrl+x', 'e'], quit: 'Q'});
	expect(warnings).toEqual([]);
	expect(keyLabel(bindings, 'toggleExpand')).toBe('ctrl+x');
	expect(bindings.commandByKey.get('ctrl+o')).toBeUndefined();
	expect(bindings.commandByKey.get('e')).toBe('toggleExpand');
	expect(bindings.keysByCommand.toggleAll).toEqual(['ctrl+e']);
	expect(bindings.commandByKey.get('Q')).toBe('quit');
});

test('bad entries are reported and keep their defaults', () => {
	const {bindings, warnings} = applyOverrides({toggleExpand: ['ctrl+1'], explode: ['x'], quit: []});
	expect(keyLabel(bindings, 'toggleExpand')).toBe('ctrl+o');
	expect(keyLabel(bindings, 'quit')).toBe('q');
	expect(warnings).toHaveLength(3);
	expect(warnings.join('\n')).toContain('unknown key "ctrl+1"');
	expect(warnings.join('\n')).toContain('unknown command "explode"');
	expect(applyOverrides([1, 2]).warnings).toHaveLength(1);
});

test('config file location follows XDG_CONFIG_HOME', () => {
	expect(configPath({XDG_CONFIG_HOME: '/x/config'}, '/home/me')).toBe('/x/config/lector/config.json');
	expect(configPath({}, '/home/me')).toBe('/home/me/.config/lector/config.json');
	expect(configPath({XDG_CONFIG_HOME: 'relative'}, '/home/me')).toBe('/home/me/.config/lector/config.json');
});

test('parseConfig reads keys, theme and preview lines, and explains problems', () => {
	const good = parseConfig(
		'{"keys": {"toggleExpand": ["ctrl+x"]}, "theme": "light", "previewLines": 0}',
		'c.json',
	);
	expect(good.warnings).toEqual([]);
	expect(keyLabel(good.bindings, 'toggleExpand')).toBe('ctrl+x');
	expect(good.theme).toBe('light');
	expect(good.previewLines).toBe(0);
	const broken = parseConfig('{"keys": ', 'c.json');
	expect(broken.warnings[0]).toMatch(/^c\.json: not valid JSON .*using the defaults$/);
	expect(keyLabel(broken.bindings, 'toggleExpand')).toBe('ctrl+o');
	expect(parseConfig('{"theme": "pink", "previewLines": -1}', 'c.json').warnings).toHaveLength(2);
});

test('loadConfig: a missing file is the defaults, a real file is read', async () => {
	const folder = makeTempDir('lector-config-');
	expect((await loadConfig(path.join(folder, 'none.json'))).warnings).toEqual([]);
	const file = path.join(folder, 'config.json');
	await writeFile(file, '{"keys": {"toggleAll": "A"}}');
	const config = await loadConfig(file);
	expect(keyLabel(config.bindings, 'toggleAll')).toBe('A');
});
