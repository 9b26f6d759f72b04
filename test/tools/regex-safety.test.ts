import {describe, expect, it} from 'vitest';
import {grep} from '../../source/tools/index.js';
import {nestedRepetition} from '../../source/tools/regex-safety.js';

describe('nestedRepetition', () => {
	it.each([
		['(a+)+', '(a+)+'],
		['^(\\w+\\s?)*$', '(\\w+\\s?)*'],
		['(?:x*)*y', '(?:x*)*'],
		['((ab)+c)+', '((ab)+c)+'],
		['(a+b?){2,}', '(a+b?){2,}'],
	])('finds %s', (pattern, group) => {
		expect(nestedRepetition(pattern)).toBe(group);
	});

	it.each([
		'loadConfig',
		'(a+)',
		'(ab)+',
		'a+b*',
		'\\(a+\\)+',
		'[(a+)]+',
		'(a+){2}',
		'function\\s+(\\w+)\\(',
	])('lets %s through', (pattern) => {
		expect(nestedRepetition(pattern)).toBeUndefined();
	});
});

describe('grep refuses catastrophic patterns', () => {
	it('answers with an error the model can act on, and runs the same text as a literal', async () => {
		const refused = await grep({pattern: '(a+)+$'}, {cwd: process.cwd()});
		expect(refused.isError).toBe(true);
		const [block] = refused.content;
		expect(block?.type === 'text' ? block.text : '').toContain('literal=true');
		const literal = await grep(
			{pattern: '(a+)+$', literal: true, path: 'fixtures/demo'},
			{cwd: process.cwd()},
		);
		expect(literal.isError).toBe(false);
	});
});
