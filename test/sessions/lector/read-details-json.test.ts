import {describe, expect, it} from 'vitest';
import {ReadCache, read} from '../../../source/read/index.js';
import {readDetailsFromJson} from '../../../source/sessions/lector/read-details-json.js';

/** What `lector read --json` writes: every unset field as null. */
function withNulls(value: unknown): unknown {
	return JSON.parse(JSON.stringify(value, (_key, field: unknown) => (field === undefined ? null : field)));
}

describe('readDetailsFromJson', () => {
	it.each([
		['a whole file', {path: 'fixtures/demo/greeting.ts'}],
		['a truncated read', {path: 'fixtures/demo/server.py', limit: 10}],
		['an error', {path: 'fixtures/demo/missing.ts'}],
		['an image', {path: 'fixtures/images/tiny.png'}],
		['a PDF', {path: 'fixtures/documents/three-pages.pdf'}],
	])('gives back the engine details of %s, nulls read as unset', async (_name, params) => {
		const {details} = await read(params);
		const parsed = readDetailsFromJson(withNulls(details));
		expect(parsed).toEqual(JSON.parse(JSON.stringify(details)));
		expect(parsed?.oversizedLineBytes).toBeUndefined();
	});

	it('keeps an unchanged re-read time, so a replayed panel says since when', async () => {
		const cache = new ReadCache();
		await read({path: 'fixtures/demo/greeting.ts'}, {cache});
		const {details} = await read({path: 'fixtures/demo/greeting.ts'}, {cache});
		expect(details.kind).toBe('unchanged');
		expect(readDetailsFromJson(withNulls(details))?.unchangedSince).toBe(details.unchangedSince);
		expect(readDetailsFromJson({...details, unchangedSince: 'noon'})?.unchangedSince).toBeUndefined();
	});

	it('reads a wrong type as unset, never as a value a panel would trust', () => {
		const parsed = readDetailsFromJson({
			kind: 'text',
			displayPath: 'a.ts',
			lines: ['one', 2, null],
			clippedLines: 'not a list',
			firstLine: '3',
			truncation: 'everything',
			selection: {mode: 'range', offset: 'x'},
			image: {format: 'png'},
			outline: [{kind: 'function', name: 'f', startLine: 1, endLine: 'nine'}],
		});
		expect(parsed).toMatchObject({
			lines: ['one'],
			linesShown: 1,
			clippedLines: [],
			firstLine: undefined,
			truncation: undefined,
			selection: undefined,
			outline: [],
		});
		expect(parsed?.image).toBeUndefined();
	});

	it.each([null, 'text', [], {kind: 'text'}, {kind: 'poem', displayPath: 'a'}])(
		'is undefined for %j, which is not read details',
		(value) => {
			expect(readDetailsFromJson(value)).toBeUndefined();
		},
	);
});
