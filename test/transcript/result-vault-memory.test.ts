/**
What a kept result leaves in memory is only its skeleton: a short string cut from its long text (a
notice taken from a read's last line) must not keep that text alive, as a V8 slice of it would.
Measured in a child process with the built vault, after forced collections.
*/
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {expect, test} from 'vitest';

const vaultModule = path.join(import.meta.dirname, '..', '..', 'dist', 'transcript', 'result-vault.js');

/** Heap growth in MB after keeping 200 results of 200,000 characters, each with a notice sliced from its text. */
function heapGrowthMb(where: 'vault' | 'memory'): number {
	const script = `
		const {ResultVault} = await import(${JSON.stringify(vaultModule)});
		const vault = ResultVault.open(${where === 'vault' ? '' : '[]'});
		const held = [];
		globalThis.gc();
		const before = process.memoryUsage().heapUsed;
		for (let index = 0; index < 200; index++) {
			const text = String(index).padStart(6, '0') + 'y'.repeat(200_000) + '\\n[Showing lines 1-2000 of 5001. Use offset=2001 to continue.]';
			const notice = text.slice(text.lastIndexOf('\\n') + 1);
			held.push(vault.keep({content: [{type: 'text', text}], details: {notice}, isError: false}));
		}
		globalThis.gc();
		const grown = (process.memoryUsage().heapUsed - before) / 1e6;
		if (!JSON.stringify(held[199].details).includes('offset=2001')) throw new Error('the notice was lost');
		console.log(grown);`;
	const output = execFileSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], {
		encoding: 'utf8',
	});
	return Number(output.trim());
}

test('a kept result does not hold its text in memory through a short string cut from it', () => {
	// Held in memory, the 200 texts weigh 40 MB: the measure sees them.
	expect(heapGrowthMb('memory')).toBeGreaterThan(35);
	expect(heapGrowthMb('vault')).toBeLessThan(5);
});
