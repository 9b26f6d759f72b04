import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {truncationLabel} from '../../source/panels/read-facts.js';
import {read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const folder = makeTempDir();

describe('the "line N alone is … bytes" warning', () => {
	it.each([
		['the first line', `${'x'.repeat(500)}\nnext\n`, {}, 1],
		// Only the first line of a read is ever "alone": after others, the cut is a plain byte cut.
		['line 3 read at offset 3', `a\nb\n${'x'.repeat(500)}\nnext\n`, {offset: 3}, 3],
		[
			'line 1,200 read at offset 1,200',
			`${'a\n'.repeat(1199)}${'x'.repeat(500)}\nnext\n`,
			{offset: 1200},
			'1,200',
		],
	])('names %s, the line the model was told about', (_name, content, params, line) => {
		const file = path.join(folder, `${String(line).replace(',', '')}.txt`);
		writeFileSync(file, content);
		return read({path: file, ...params}, {limits: {maxBytes: 100}}).then((result) => {
			expect(result.details.oversizedLineBytes).toBeGreaterThan(100);
			const [block] = result.content;
			// The engine's notice says which line it is; the panel must say the same.
			expect(block?.type === 'text' ? block.text : '').toMatch(new RegExp(`Line ${line} alone is`));
			expect(truncationLabel(result.details)).toMatch(new RegExp(`^line ${line} alone is`));
		});
	});
});
