import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {formatRange, locationRange} from '../../source/panels/format.js';
import {partialLabel, truncationLabel} from '../../source/panels/read-facts.js';
import {read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const folder = makeTempDir();

describe('numbers in messages: one style', () => {
	it('groups both ends of a range, but not a path:line location', () => {
		expect(formatRange(1, 1628)).toBe('1-1,628');
		expect(formatRange(12_345, 1)).toBe('12,345');
		expect(locationRange(1200, 201)).toBe('1200-1400');
	});

	it('a cut read of 3,655 lines says lines 1-1,628 of 3,655', async () => {
		const file = path.join(folder, 'long.txt');
		writeFileSync(file, Array.from({length: 3655}, (_line, index) => `line ${index + 1}`).join('\n'));
		const result = await read({path: file, limit: 1628});
		expect(partialLabel(result.details)).toContain('lines 1-1,628 of 3,655');
		const capped = await read({path: file}, {limits: {maxLines: 1628}});
		expect(truncationLabel(capped.details)).toContain('lines 1-1,628 of 3,655');
	});
});

describe('a character device', () => {
	it('/dev/zero is named once, not also as its own example', async () => {
		const result = await read({path: '/dev/zero'});
		const [block] = result.content;
		const message = block?.type === 'text' ? block.text : '';
		expect(message).toContain('/dev/zero is a character device (like /dev/stdin or a terminal)');
		expect(message.split('/dev/zero')).toHaveLength(2);
	});

	it('/dev/null keeps both examples', async () => {
		const result = await read({path: '/dev/null'});
		const [block] = result.content;
		expect(block?.type === 'text' ? block.text : '').toContain('(like /dev/zero, /dev/stdin or a terminal)');
	});
});
