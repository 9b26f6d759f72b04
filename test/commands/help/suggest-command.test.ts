import {describe, expect, it} from 'vitest';
import {commandUsage, overviewHelp} from '../../../source/commands/help/command-help.js';
import {commandTable, findCommand, unknownCommandMessage} from '../../../source/commands/help/commands.js';
import {editDistance, nearestName} from '../../../source/commands/help/suggest-command.js';

describe('the nearest command', () => {
	it.each([
		['read', 'raed', 1],
		['read', 'rea', 1],
		['replay', 'repaly', 1],
		['replay', 'rpelay', 1],
		['kitten', 'sitting', 3],
		['', 'abc', 3],
		['🙂a', 'a🙂', 1],
	])('%s to %s is %d edits', (a, b, distance) => {
		expect(editDistance(a, b)).toBe(distance);
		expect(editDistance(b, a)).toBe(distance);
	});

	const names = commandTable.map((command) => command.name);
	it.each([
		['raed', 'read'],
		['READ', 'read'],
		['rep', 'replay'],
		['replya', 'replay'],
		['wacth', 'watch'],
		['mpc', 'mcp'],
		['hlep', 'help'],
		['frobnicate', undefined],
		['x', undefined],
		['r', undefined],
		['', undefined],
		['re', undefined], // read and replay both start with it, and it is two edits from read.
	])('%j suggests %j', (typed, expected) => {
		expect(nearestName(typed, names)).toBe(expected);
	});

	it('an unknown command names the nearest one only when there is one', () => {
		expect(unknownCommandMessage('raed')).toBe(
			'Unknown command "raed". Did you mean "read"? Run lector --help for the commands.',
		);
		expect(unknownCommandMessage('zzz')).toBe('Unknown command "zzz". Run lector --help for the commands.');
	});
});

describe('the help table', () => {
	it('every entry has a name (but the shell), a synopsis starting with lector and a summary', () => {
		const named = commandTable.filter((command) => command.name !== '');
		expect(new Set(named.map((command) => command.name)).size).toBe(named.length);
		for (const command of commandTable) {
			expect(command.synopsis).toMatch(/^lector\b/);
			expect(command.summary).not.toMatch(/\.$/);
		}
	});

	it.each([
		['mcp', "Serve lector's read engine to any agent over MCP", '--allow-outside'],
		['watch', 'Follow the newest session of any agent in this folder', '--agent LIST'],
	])('%s has its entry, with its options', (name, summary, option) => {
		const command = findCommand(name);
		expect(command).toBeDefined();
		const usage = command === undefined ? '' : commandUsage(command);
		expect(usage).toContain(summary);
		expect(usage).toContain(option);
	});

	it('lines the overview summaries up in one column', () => {
		const [usage = ''] = overviewHelp(commandTable).split('\n\n');
		const lines = usage.split('\n').filter((line) => line.startsWith('  $ '));
		const columns = new Set(
			lines.map((line, index) => line.indexOf(commandTable[index]?.summary ?? '\u0000')),
		);
		expect(lines).toHaveLength(commandTable.length);
		expect(columns.size).toBe(1);
		expect([...columns][0]).toBeGreaterThan(0);
	});
});
