/**
writeStdout writes to file descriptor 1 without process.stdout: every byte arrives through a pipe, in
order, and a reader that goes away early ends the output without an error. Needs `npm run build`.
*/
import {spawn, spawnSync} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {root} from '../helpers/transcripts.js';

const built = path.join(root, 'dist', 'commands', 'write-stdout.js');
const module = pathToFileURL(built).href;

/** A node that writes `lines` numbered lines with writeStdout, then says on stderr what it loaded. */
function writer(lines: number): string[] {
	const script = [
		`const {writeStdout} = await import(${JSON.stringify(module)});`,
		`writeStdout(Array.from({length: ${lines}}, (_, index) => 'line ' + index + '\\n').join(''));`,
		// Looked at before process.stderr is built (it loads node:net itself, stderr being a pipe).
		"const net = process.moduleLoadList.includes('NativeModule net');",
		"process.stderr.write(net ? 'net' : 'no net');",
	].join('\n');
	return ['--input-type=module', '-e', script];
}

describe.skipIf(!existsSync(built))('writeStdout (the built module)', () => {
	it('sends every byte through a pipe, without building process.stdout', () => {
		const result = spawnSync(process.execPath, writer(200_000), {
			encoding: 'utf8',
			maxBuffer: 64 * 1024 ** 2,
		});
		expect(result.status).toBe(0);
		const lines = result.stdout.split('\n');
		expect(lines).toHaveLength(200_001);
		expect(lines[0]).toBe('line 0');
		expect(lines[199_999]).toBe('line 199999');
		expect(result.stderr).toBe('no net');
	});

	it('ends quietly when the reader closes the pipe early (EPIPE)', async () => {
		const child = spawn(process.execPath, writer(2_000_000), {stdio: ['ignore', 'pipe', 'pipe']});
		let stderr = '';
		child.stderr.on('data', (chunk: Buffer) => {
			stderr += chunk.toString();
		});
		child.stdout.once('data', () => {
			child.stdout.destroy();
		});
		const code = await new Promise((resolve) => {
			child.on('exit', resolve);
		});
		expect(code).toBe(0);
		expect(stderr).toBe('no net');
	});
});
