import {expect, test} from 'vitest';
import {routeKey} from '../../source/commands/shell/routing.js';
import {applyOverrides, defaultBindings} from '../../source/keys/bindings.js';
import {commandTable} from '../../source/keys/commands.js';
import {noKey} from '../../source/keys/key-chunks.js';

test('the replay keys are in the key table with descriptions, and can be rebound', () => {
	for (const [command, key] of [
		['search', '/'],
		['searchNext', 'n'],
		['searchPrevious', 'N'],
		['previousPrompt', '['],
		['nextPrompt', ']'],
	] as const) {
		expect(defaultBindings.commandByKey.get(key)).toBe(command);
		expect(commandTable[command].description).not.toBe('');
	}

	const {bindings, warnings} = applyOverrides({search: ['ctrl+s'], nextPrompt: ['}']});
	expect(warnings).toEqual([]);
	expect(bindings.commandByKey.get('ctrl+s')).toBe('search');
	expect(bindings.commandByKey.get('/')).toBeUndefined();
	expect(bindings.commandByKey.get('}')).toBe('nextPrompt');
});

test('in the shell, the prompt jumps and the search work on the transcript; in the prompt the search keys type text', () => {
	const context = {focus: 'transcript', bindings: defaultBindings, running: false} as const;
	expect(routeKey(']', noKey, context)).toEqual({type: 'view', command: 'nextPrompt'});
	expect(routeKey('[', noKey, context)).toEqual({type: 'view', command: 'previousPrompt'});
	expect(routeKey('n', noKey, context)).toEqual({type: 'search', command: 'searchNext'});
	expect(routeKey('N', noKey, context)).toEqual({type: 'search', command: 'searchPrevious'});
	expect(routeKey('/', noKey, context)).toEqual({type: 'search', command: 'search'});
	expect(routeKey('/', noKey, {...context, focus: 'prompt'})).toEqual({
		type: 'insert',
		text: '/',
		submit: false,
	});
	expect(routeKey('n', noKey, {...context, focus: 'prompt'})).toEqual({
		type: 'insert',
		text: 'n',
		submit: false,
	});
});
