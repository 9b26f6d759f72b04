import {describe, expect, it} from 'vitest';
import {toolDetailsFromJson} from '../../../source/sessions/lector/tool-details-json.js';

describe('ls, find and grep details from a lector log', () => {
	it('reads what a listing left out, and gitignored counts', () => {
		expect(
			toolDetailsFromJson({
				tool: 'grep',
				pattern: 'x',
				matches: [],
				gitignored: 1628,
				includeIgnored: false,
				leftOut: {ignored: 2, outside: 3},
			}),
		).toMatchObject({tool: 'grep', gitignored: 1628, leftOut: {ignored: 2, outside: 3}});
		expect(
			toolDetailsFromJson({tool: 'ls', entries: ['a'], leftOut: {ignored: 1, outside: 0}}),
		).toMatchObject({
			leftOut: {ignored: 1, outside: 0},
		});
	});

	it('a log written before these fields existed reads as nothing left out', () => {
		for (const tool of ['ls', 'find', 'grep']) {
			expect(toolDetailsFromJson({tool, path: '.', matches: [], entries: []})).toMatchObject({
				leftOut: {ignored: 0, outside: 0},
			});
		}

		expect(toolDetailsFromJson({tool: 'find', pattern: '*'})).toMatchObject({
			gitignored: 0,
			includeIgnored: false,
		});
	});

	it('broken counts read as 0, never as a crash', () => {
		expect(
			toolDetailsFromJson({tool: 'find', gitignored: -4, leftOut: {ignored: 'many', outside: 1.5}}),
		).toMatchObject({gitignored: 0, leftOut: {ignored: 0, outside: 0}});
		expect(toolDetailsFromJson({tool: 'ls', leftOut: [1, 2]})).toMatchObject({
			leftOut: {ignored: 0, outside: 0},
		});
	});
});
