/**
`lector watch` beside a real `lector mcp` server driven by the SDK's client, as an agent would drive it:
the server's call log is a lector session in the workspace's sessions folder, so the watch takes it
up and prints each read once its call has returned. Both are the built CLI (npm run build first).
*/
import {type ChildProcess, spawn} from 'node:child_process';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cliPath, connectStdio, type StdioSession} from '../../mcp/mcp-client.js';

const temp = makeTempDir('lector-watch-mcp-');
const children = new Set<ChildProcess>();
const sessions = new Set<StdioSession>();
afterEach(async () => {
	for (const child of children) {
		child.kill('SIGKILL');
	}

	children.clear();
	for (const session of sessions) {
		await session.close().catch(() => undefined);
	}

	sessions.clear();
});

async function until(output: () => string, text: string): Promise<number> {
	const deadline = Date.now() + 10_000;
	while (!output().includes(text)) {
		if (Date.now() > deadline) {
			throw new Error(`"${text}" never printed:\n${output()}`);
		}

		await new Promise((resolve) => {
			setTimeout(resolve, 5);
		});
	}

	return performance.now();
}

test.skipIf(!existsSync(cliPath))(
	'lector watch shows the reads of lector mcp as each call returns',
	async () => {
		const workspace = path.join(temp, 'workspace');
		const stateHome = path.join(temp, 'state');
		mkdirSync(workspace, {recursive: true});
		for (let n = 1; n <= 5; n++) {
			writeFileSync(path.join(workspace, `mcp-${n}.ts`), `export const value${n} = ${n};\n`);
		}

		const child = spawn('node', [cliPath, 'watch', '--cwd', workspace], {
			env: {
				PATH: process.env['PATH'] ?? '',
				HOME: stateHome,
				XDG_STATE_HOME: stateHome,
				CLAUDE_CONFIG_DIR: path.join(stateHome, 'claude'),
				CODEX_HOME: path.join(stateHome, 'codex'),
				XDG_CONFIG_HOME: path.join(stateHome, 'config'),
				NO_COLOR: '1',
			},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		children.add(child);
		let out = '';
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
			out += chunk;
		});
		await until(() => out, 'Watching:');

		const session = await connectStdio(['--cwd', workspace], {stateHome});
		sessions.add(session);
		const latencies: number[] = [];
		for (let n = 1; n <= 5; n++) {
			const result = await session.call('read', {path: `mcp-${n}.ts`});
			expect(result.isError).not.toBe(true);
			const returned = performance.now();
			latencies.push((await until(() => out, `value${n} = ${n}`)) - returned);
		}

		expect(out).toContain('lector watch: a new lector session started');
		expect(out).toContain('read mcp-1.ts');
		const sorted = [...latencies].sort((a, b) => a - b);
		console.log(
			`lector watch beside lector mcp: call returned to panel printed, ms: ${latencies.map((ms) => ms.toFixed(0)).join(', ')}; median ${(sorted[2] ?? 0).toFixed(0)}`,
		);
		expect(sorted[2]).toBeLessThan(1000);
	},
	60_000,
);
