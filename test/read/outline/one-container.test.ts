import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, it} from 'vitest';
import {read} from '../../../source/read/index.js';
import {makeTempDir} from '../../helpers/temp-dir.js';

const folder = makeTempDir();

/** A generated class of `count` methods, each a few lines long with a long name. */
function bigClass(count: number): string {
	const methods = Array.from(
		{length: count},
		(_method, index) =>
			`\thandleRequestNumber${index}WithAFairlyLongName(value: number): number {\n\t\tconst doubled = value * ${index};\n\t\treturn doubled + 1;\n\t}\n`,
	);
	return `export class Server {\n${methods.join('\n')}}\n`;
}

it('a cut read of a file that is one big class sends the methods that fit, not the class alone', async () => {
	const file = path.join(folder, 'server.ts');
	writeFileSync(file, bigClass(300));
	const result = await read({path: file}, {limits: {maxLines: 100}});
	expect(result.details.truncation).toBe('lines');
	const outline = result.details.outline ?? [];
	expect(outline[0]).toMatchObject({kind: 'class', name: 'Server'});
	const methods = outline.filter((entry) => entry.name.startsWith('handleRequestNumber'));
	// Not all 300 fit the notice's budget, but many do, first ones first.
	expect(methods.length).toBeGreaterThan(10);
	expect(methods.length).toBeLessThan(300);
	expect(methods[0]?.name).toBe('handleRequestNumber0WithAFairlyLongName');
});
