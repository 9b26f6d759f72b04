/*
`npm run bench:mcp`: lector's MCP server beside the reference filesystem server
(@modelcontextprotocol/server-filesystem), both driven by the SDK's own client over stdio, in the
same run, on the same small file.

- Round trip: `read` (lector) and `read_text_file` (reference) of a 40-line file, p50 and p99 over
  LECTOR_BENCH_MCP_CALLS calls (default 1,000), the two servers' calls interleaved one by one so a busy
  moment of the machine falls on both alike.
- Start to first answer: spawn, initialize, first tools/call answered; the median of 7 starts each.
- Memory: lector's resident set (VmRSS) and peak (VmHWM) from /proc after 1,000 and after 10,000 calls;
  flat means the 10,000-call figure is about the 1,000-call one.
Figures only, no pass or fail: timings belong in benchmarks, not in tests.
*/
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';
import {Client} from '@modelcontextprotocol/sdk/client/index.js';
import {StdioClientTransport} from '@modelcontextprotocol/sdk/client/stdio.js';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const calls = Number(process.env.LECTOR_BENCH_MCP_CALLS ?? 1000);
const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'lector-bench-mcp-'));
const stateHome = path.join(workspace, '.state');
const file = path.join(workspace, 'small.ts');
fs.writeFileSync(
	file,
	`${Array.from({length: 40}, (_, index) => `export const value${index} = ${index * 7}; // line ${index + 1}`).join('\n')}\n`,
);

const servers = {
	lector: {
		command: process.execPath,
		args: [path.join(projectRoot, 'dist', 'cli.js'), 'mcp', '--cwd', workspace, '--no-log'],
		tool: 'read',
		args_: {path: 'small.ts'},
	},
	reference: {
		command: process.execPath,
		args: [
			path.join(projectRoot, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js'),
			workspace,
		],
		tool: 'read_text_file',
		args_: {path: file},
	},
};

async function connect(name) {
	const server = servers[name];
	const transport = new StdioClientTransport({
		command: server.command,
		args: server.args,
		env: {PATH: process.env.PATH ?? '', HOME: stateHome, XDG_STATE_HOME: stateHome},
		stderr: 'ignore',
	});
	const client = new Client({name: 'lector-bench', version: '1'});
	await client.connect(transport);
	const call = async () => {
		const result = await client.callTool({name: server.tool, arguments: server.args_});
		if (result.isError) {
			throw new Error(`${name}: ${JSON.stringify(result.content)}`);
		}

		return result;
	};

	return {client, transport, call};
}

function percentile(values, fraction) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function memoryOf(pid) {
	const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
	const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
	return {rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024};
}

async function startToFirstAnswer(name) {
	const started = performance.now();
	const session = await connect(name);
	await session.call();
	const elapsed = performance.now() - started;
	await session.client.close();
	return elapsed;
}

const median = (values) => percentile(values, 0.5);
const ms = (value) => `${value.toFixed(2)} ms`;

try {
	const lector = await connect('lector');
	const reference = await connect('reference');
	// Warm both: the first calls load code and fill caches.
	for (let index = 0; index < 20; index++) {
		await lector.call();
		await reference.call();
	}

	const times = {lector: [], reference: []};
	for (let index = 0; index < calls; index++) {
		for (const [name, session] of [
			['lector', lector],
			['reference', reference],
		]) {
			const started = performance.now();
			await session.call();
			times[name].push(performance.now() - started);
		}
	}

	const lectorPid = lector.transport.pid;
	const afterThousand = memoryOf(lectorPid);
	for (let index = calls; index < 10_000; index++) {
		await lector.call();
	}

	const afterTenThousand = memoryOf(lectorPid);
	await lector.client.close();
	await reference.client.close();

	const starts = {lector: [], reference: []};
	for (let round = 0; round < 7; round++) {
		starts.lector.push(await startToFirstAnswer('lector'));
		starts.reference.push(await startToFirstAnswer('reference'));
	}

	console.log(
		`MCP round trip of a 40-line file over stdio, ${calls} calls each, interleaved (${os.cpus().length} cores)\n`,
	);
	console.log('| server | p50 | p99 | start to first answer (median of 7) |');
	console.log('|---|---|---|---|');
	for (const name of ['lector', 'reference']) {
		console.log(
			`| ${name === 'lector' ? 'lector mcp `read`' : 'server-filesystem `read_text_file`'} | ${ms(median(times[name]))} | ${ms(percentile(times[name], 0.99))} | ${ms(median(starts[name]))} |`,
		);
	}

	console.log(
		`\nlector's memory: after ${calls} calls ${afterThousand.rssMb.toFixed(0)} MB resident (peak ${afterThousand.peakMb.toFixed(0)} MB); after 10,000 calls ${afterTenThousand.rssMb.toFixed(0)} MB (peak ${afterTenThousand.peakMb.toFixed(0)} MB).`,
	);
} finally {
	fs.rmSync(workspace, {recursive: true, force: true});
}
