import {describe, expect, it} from 'vitest';
import {contextWindowFor, estimateTokens} from '../../source/agent/context.js';
import {parseDirectCommand, splitWords} from '../../source/agent/direct.js';
import {retryAfterMs} from '../../source/agent/errors.js';
import {parseSlashCommand} from '../../source/agent/slash.js';
import {toModelOutput} from '../../source/agent/tools.js';

describe('parseSlashCommand', () => {
	it.each([
		['/help', {type: 'help'}],
		['/clear', {type: 'clear'}],
		['/compact', {type: 'compact'}],
		['/resume', {type: 'resume', argument: ''}],
		['/resume  3 ', {type: 'resume', argument: '3'}],
		['  /model ', {type: 'model', argument: ''}],
		['/model  openai:gpt-4.1 ', {type: 'model', argument: 'openai:gpt-4.1'}],
		['/MODEL anthropic claude-opus-4', {type: 'model', argument: 'anthropic claude-opus-4'}],
		['/expand-all', {type: 'expand-all'}],
		['/quit', {type: 'quit'}],
		['/exit', {type: 'quit'}],
		['/frobnicate now', {type: 'unknown', name: 'frobnicate'}],
		['/etc/hosts', undefined],
		['read /etc/hosts', undefined],
		['hello', undefined],
	])('%j', (input, expected) => {
		expect(parseSlashCommand(input)).toEqual(expected);
	});
});

describe('parseDirectCommand', () => {
	it.each([
		['read src/a.ts', {tool: 'read', args: {path: 'src/a.ts'}}],
		['read src/a.ts 10 5', {tool: 'read', args: {path: 'src/a.ts', offset: 10, limit: 5}}],
		['read "My File.txt" 2', {tool: 'read', args: {path: 'My File.txt', offset: 2}}],
		['ls', {tool: 'ls', args: {}}],
		['ls src', {tool: 'ls', args: {path: 'src'}}],
		['find **/*.ts', {tool: 'find', args: {pattern: '**/*.ts'}}],
		['grep "a b" src', {tool: 'grep', args: {pattern: 'a b', path: 'src'}}],
		['read log.txt --tail 20', {tool: 'read', args: {path: 'log.txt', tail: 20}}],
		['read --tail=5 log.txt', {tool: 'read', args: {path: 'log.txt', tail: 5}}],
		['read r.pdf --pages 2,4-6', {tool: 'read', args: {path: 'r.pdf', pages: '2,4-6'}}],
		['read n.ipynb --cells 3', {tool: 'read', args: {path: 'n.ipynb', cells: '3'}}],
		['read big.ts --outline', {tool: 'read', args: {path: 'big.ts', outline: true}}],
		['find *.log build -u', {tool: 'find', args: {pattern: '*.log', path: 'build', include_ignored: true}}],
		[
			'grep -i -F a.b src',
			{tool: 'grep', args: {pattern: 'a.b', path: 'src', ignore_case: true, literal: true}},
		],
		['grep -g "*.ts" todo', {tool: 'grep', args: {pattern: 'todo', glob: '*.ts'}}],
		['grep -- -x', {tool: 'grep', args: {pattern: '-x'}}],
		['what is this', undefined],
	])('%j', (input, expected) => {
		expect(parseDirectCommand(input)).toEqual(expected);
	});

	it.each([
		['read', /read needs a path/],
		['read a.ts ten', /offset must be a whole number/],
		['read a.ts 1 0', /limit must be a whole number/],
		['read a.ts 1e3', /offset must be a whole number of at least 1, got "1e3"/],
		['ls a b', /Too many words/],
		['grep', /grep needs a pattern/],
		['read "open', /not closed/],
		['read a.ts --tail', /--tail needs a value/],
		['read a.ts --tail x', /tail must be a whole number of at least 1, got "x"/],
		['grep -z x', /grep has no flag -z; usage: grep \[-i\] \[-F\]/],
		['ls -u', /ls has no flag -u/],
	])('%j is an error', (input, message) => {
		expect(String(parseDirectCommand(input))).toMatch(message);
	});

	it('splits words with quotes', () => {
		expect(splitWords(`a 'b c' "d"e`)).toEqual(['a', 'b c', 'de']);
	});
});

describe('retry-after', () => {
	const withHeaders = (headers: Record<string, string>) =>
		Object.assign(new Error('x'), {responseHeaders: headers});
	it('reads seconds, milliseconds and HTTP dates', () => {
		expect(retryAfterMs(withHeaders({'retry-after': '2'}))).toBe(2000);
		expect(retryAfterMs(withHeaders({'retry-after-ms': '150', 'retry-after': '2'}))).toBe(150);
		expect(retryAfterMs(withHeaders({'retry-after': new Date(10_000).toUTCString()}), 4000)).toBe(6000);
		expect(retryAfterMs(withHeaders({}))).toBeUndefined();
	});
});

describe('context', () => {
	it('knows common windows and guesses small for unknown models', () => {
		expect(contextWindowFor('claude-sonnet-4-5', undefined)).toBe(200_000);
		expect(contextWindowFor('anthropic/claude-3-haiku', undefined)).toBe(200_000);
		expect(contextWindowFor('gpt-4o-mini', undefined)).toBe(128_000);
		expect(contextWindowFor('my-local-model', undefined)).toBe(32_000);
		expect(contextWindowFor('claude-x', 9000)).toBe(9000);
	});

	it('estimates tokens from characters, counting images apart', () => {
		const small = estimateTokens('', [{role: 'user', content: 'x'.repeat(350)}]);
		const image = estimateTokens('', [
			{role: 'user', content: [{type: 'image', image: 'A'.repeat(100_000)}]},
		]);
		expect(small).toBeGreaterThan(900);
		expect(small).toBeLessThan(1000);
		expect(image).toBeLessThan(3000);
	});
});

describe('toModelOutput', () => {
	const text = {type: 'text' as const, text: 'a'};
	const image = {type: 'image' as const, data: 'QUJD', mimeType: 'image/png'};
	it('sends one text block as plain text and errors as error text', () => {
		expect(toModelOutput({content: [text], isError: false}, 'anthropic')).toEqual({type: 'text', value: 'a'});
		expect(toModelOutput({content: [text], isError: true}, 'openai')).toEqual({
			type: 'error-text',
			value: 'a',
		});
	});

	it('sends images to Anthropic as image parts, and says so to OpenAI-compatible servers', () => {
		expect(toModelOutput({content: [text, image], isError: false}, 'anthropic')).toEqual({
			type: 'content',
			value: [
				{type: 'text', text: 'a'},
				{type: 'image-data', data: 'QUJD', mediaType: 'image/png'},
			],
		});
		expect(toModelOutput({content: [text, image], isError: false}, 'openai')).toMatchObject({
			type: 'text',
			value: expect.stringContaining('cannot receive images'),
		});
	});
});
