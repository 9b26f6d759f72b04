import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {read} from '../../../source/read/index.js';
import {noticeOutlineBudget} from '../../../source/read/outline/render.js';
import {defaultLimits} from '../../../source/read/types.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {generate, samples} from './samples.js';

const directory = makeTempDir('lector-outline-');

/** Enough copies for a file well over the 2,000-line cap. */
function copiesFor(blockLines: number): number {
	return Math.ceil(2600 / blockLines);
}

function textOf(result: Awaited<ReturnType<typeof read>>): string {
	return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe.each(Object.entries(samples))('%s', (language, sample) => {
	const {text, entries} = generate(sample, copiesFor(sample.block.length));
	const file = path.join(directory, `large-${language}.${sample.extension}`);
	writeFileSync(file, text);

	test('outline=true lists every entry with its line range', async () => {
		const result = await read({path: file, outline: true}, {limits: {maxBytes: 10 * 1024 * 1024}});
		expect(result.isError).toBe(false);
		expect(result.details.kind).toBe('text');
		expect(result.details.outline).toEqual(entries);
		expect(result.details.outlineTotal).toBe(entries.length);
		expect(result.details.linesShown).toBe(0);
		const first = entries[0];
		expect(textOf(result)).toContain(`${first?.name}  ${first?.startLine}`);
	}, 20_000);

	test('a read cut by the line cap ends with an outline within its budget', async () => {
		const result = await read({path: file});
		expect(result.details.truncation).toBe('lines');
		const outline = result.details.outline ?? [];
		expect(outline.length).toBeGreaterThan(0);
		const body = textOf(result);
		const start = body.indexOf('\n\nOutline of ');
		expect(start).toBeGreaterThan(0);
		const block = body.slice(start + 2);
		expect(Buffer.byteLength(block)).toBeLessThanOrEqual(noticeOutlineBudget(defaultLimits));
		// Every entry sent is a real entry of the file, and the line output still keeps its cap.
		for (const entry of outline) {
			expect(entries).toContainEqual(entry);
		}

		expect(result.details.outputBytes).toBeLessThanOrEqual(defaultLimits.maxBytes);
	}, 20_000);
});
