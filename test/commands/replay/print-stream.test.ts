/**
`lector replay --follow --print` prints each item once it is complete. When the transcript starts over
(pi went back to an earlier entry), it says so before printing the session again from its start. The
real CLI follows a copy of a log the real pi 0.73.1 wrote; a branch is appended to it as pi would.
*/
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {startOverNotice} from '../../../source/commands/replay/print-stream.js';
import {makeTempDir} from '../../helpers/temp-dir.js';
import {cli} from '../../helpers/tmux.js';

const recorded = path.join(
	import.meta.dirname,
	'../../../fixtures/agents/pi/0.73.1/small_ts/transcript.jsonl',
);

test('a followed pi session that goes back to an earlier entry is said to start over, then printed again', async () => {
	const lines = fs.readFileSync(recorded, 'utf8').trimEnd().split('\n');
	const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
	const role = (entry: Record<string, unknown>) => (entry['message'] as {role?: string} | undefined)?.role;
	const prompt = entries.find((entry) => role(entry) === 'user');
	const result = entries.find((entry) => role(entry) === 'toolResult');
	const log = path.join(makeTempDir(), 'session.jsonl');
	fs.writeFileSync(log, `${lines.join('\n')}\n`);

	const child = spawn(process.execPath, [cli, 'replay', log, '--follow', '--print'], {
		env: {...process.env, NO_COLOR: '1', COLUMNS: '100'},
	});
	let output = '';
	child.stdout.setEncoding('utf8');
	child.stdout.on('data', (text: string) => {
		output += text;
	});
	const until = async (done: () => boolean) => {
		const deadline = Date.now() + 15_000;
		while (!done()) {
			if (Date.now() > deadline) {
				throw new Error(`no such output within 15 s:\n${output}`);
			}

			await new Promise((resolve) => {
				setTimeout(resolve, 25);
			});
		}
	};

	try {
		await until(() => output.includes('small.ts'));
		// The person went back to just after the read and asked something else: pi appends a sibling entry.
		const branch = {
			...prompt,
			id: 'b7a1c0de',
			parentId: result?.['id'],
			message: {role: 'user', content: [{type: 'text', text: 'And the other file?'}], timestamp: 1},
		};
		fs.appendFileSync(log, `${JSON.stringify(branch)}\n`);
		await until(() => output.includes('And the other file?'));
	} finally {
		child.kill('SIGINT');
	}

	const flat = output.replaceAll(/\s+/g, ' ');
	const notice = flat.indexOf(startOverNotice);
	expect(notice).toBeGreaterThan(flat.indexOf('small.ts'));
	// After the notice: the branch from its start (the first prompt and the read again), then the new prompt.
	const after = flat.slice(notice);
	expect(after).toContain('small.ts');
	expect(after.indexOf('small.ts')).toBeLessThan(after.indexOf('And the other file?'));
});
