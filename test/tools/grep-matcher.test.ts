import {describe, expect, it} from 'vitest';
import type {EncodedText} from '../../source/tools/grep-file.js';
import {Matcher, MatchTimeout} from '../../source/tools/grep-matcher.js';

/** UTF-8 texts as grep reads them. */
const utf8 = (...texts: string[]): EncodedText[] =>
	texts.map((text) => ({bytes: Buffer.from(text), encoding: 'utf-8', bomBytes: 0}));

const query = {regex: /needle/, keep: 2, maxLineChars: 10};
/** Exponential for a backtracking engine: both branches match each "a", and the final "b" fails every try. */
const catastrophic = {regex: /(a|a)*$/, keep: 20, maxLineChars: 300};
const evil = `${'a'.repeat(64)}b`;

describe('Matcher', () => {
	it('counts matching lines per text and returns the first few, clipped, with their numbers', async () => {
		const matcher = new Matcher();
		try {
			const found = await matcher.match(
				utf8('needle\r\nhay\rneedle and more text\nneedle', 'hay', ''),
				query,
				['a', 'b', 'c'],
			);
			expect(found).toEqual([
				{
					total: 3,
					lines: [
						{line: 1, text: 'needle'},
						{line: 3, text: 'needle and…'},
					],
				},
				{total: 0, lines: []},
				{total: 0, lines: []},
			]);
		} finally {
			matcher.close();
		}
	});

	it('decodes each text as the read engine does: BOMs skipped, UTF-16, invalid bytes as U+FFFD', async () => {
		const matcher = new Matcher();
		const pool = Buffer.from('xxneedle-in-a-view');
		const texts: EncodedText[] = [
			{bytes: Buffer.from('\uFEFFneedle é'), encoding: 'utf-8', bomBytes: 3},
			{bytes: Buffer.from('\uFEFFneedle ü', 'utf16le'), encoding: 'utf-16le', bomBytes: 2},
			{bytes: Buffer.from([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0x20, 0xff]), encoding: 'utf-8', bomBytes: 0},
			// A view into a larger buffer is copied, not detached.
			{bytes: pool.subarray(2), encoding: 'utf-8', bomBytes: 0},
		];
		try {
			const found = await matcher.match(texts, {...query, maxLineChars: 100}, ['a', 'b', 'c', 'd']);
			expect(found.map((file) => file.lines[0]?.text)).toEqual([
				'needle é',
				'needle ü',
				'needle \uFFFD',
				'needle-in-a-view',
			]);
			expect(pool.toString()).toBe('xxneedle-in-a-view');
		} finally {
			matcher.close();
		}
	});

	it('stops a batch over its budget and names the text that was being matched', async () => {
		const matcher = new Matcher(undefined, 200);
		const start = performance.now();
		const failure = await matcher
			.match(utf8('aaa', evil, 'aaa'), catastrophic, ['first.txt', 'slow.txt', 'last.txt'])
			.catch((error: unknown) => error);
		matcher.close();
		expect(failure).toBeInstanceOf(MatchTimeout);
		expect(failure).toMatchObject({label: 'slow.txt', budgetMs: 200});
		expect(performance.now() - start).toBeLessThan(1500);
		const next = new Matcher();
		expect(await next.match(utf8('needle'), query, ['x'])).toEqual([
			{total: 1, lines: [{line: 1, text: 'needle'}]},
		]);
		next.close();
	});

	it('rejects every waiting batch with the abort reason and stops at once', async () => {
		const controller = new AbortController();
		const matcher = new Matcher(controller.signal, 10_000);
		const slow = matcher.match(utf8(evil), catastrophic, ['slow.txt']).catch((error: unknown) => error);
		const queued = matcher.match(utf8('aaa'), catastrophic, ['queued.txt']).catch((error: unknown) => error);
		const start = performance.now();
		setTimeout(() => {
			controller.abort(new Error('stop'));
		}, 50);
		expect(await slow).toMatchObject({message: 'stop'});
		expect(await queued).toMatchObject({message: 'stop'});
		expect(performance.now() - start).toBeLessThan(1000);
		matcher.close();
		await expect(matcher.match(utf8('x'), query, ['x'])).rejects.toThrow('stop');
	});
});
