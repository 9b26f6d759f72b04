import {expect, test} from 'vitest';
import {UsageError} from '../../../source/commands/usage-error.js';
import {parseAgents} from '../../../source/commands/watch/watch-command.js';

test('--agent takes the agents by the names people use, several with commas, in a fixed order', () => {
	expect(parseAgents(undefined)).toEqual(['lector', 'pi', 'claude-code', 'codex']);
	expect(parseAgents('claude')).toEqual(['claude-code']);
	expect(parseAgents('Codex, pi,claude-code')).toEqual(['pi', 'claude-code', 'codex']);
});

test('an agent lector does not watch is a usage error naming those it does, without escape sequences', () => {
	expect(() => parseAgents('pi,gemini')).toThrow(UsageError);
	expect(() => parseAgents('pi,gemini')).toThrow('give lector, pi, claude or codex');
	expect(() => parseAgents('\u001B[2Jx')).toThrow(/^--agent \S*x is not/);
	try {
		parseAgents('\u001B[2Jx');
	} catch (error) {
		expect(String(error)).not.toContain('\u001B');
	}
});
