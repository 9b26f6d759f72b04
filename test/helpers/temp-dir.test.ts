import {existsSync} from 'node:fs';
import {describe, expect, it} from 'vitest';
import {makeTempDir} from './temp-dir.js';

// Made at collection time: removed after the file's tests, so it lasts through all of them.
const shared = makeTempDir('lector-temp-dir-shared-');

describe('makeTempDir', () => {
	let madeInTest = '';
	it('made inside a test', () => {
		madeInTest = makeTempDir('lector-temp-dir-test-');
		expect(existsSync(madeInTest)).toBe(true);
	});

	it('is gone once that test finished; one made at collection time is still there', () => {
		expect(madeInTest).not.toBe('');
		expect(existsSync(madeInTest)).toBe(false);
		expect(existsSync(shared)).toBe(true);
	});
});
