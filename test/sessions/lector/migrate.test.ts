import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {historyFromEvents} from '../../../source/agent/history.js';
import {lastModelSwitch, readLectorLog} from '../../../source/sessions/lector/log-file.js';
import {root} from '../../helpers/transcripts.js';
import {fixture} from '../helpers.js';

// Logs written by the release before version 2 (35fd8cc), with what it showed and resumed from them.
const folder = fixture('lector', 'v1');
const logs = ['model-session', 'direct-session'] as const;

function replayPrint(name: string, ...flags: string[]): string {
	const file = path.join(folder, `${name}.jsonl`);
	const result = spawnSync(process.execPath, [cli, 'replay', file, ...flags], {
		encoding: 'utf8',
		env: {...process.env, COLUMNS: '100', NO_COLOR: '1', FORCE_COLOR: '0'},
	});
	return result.stdout.replaceAll(`${folder}/`, '<DIR>/');
}

const cli = path.join(root, 'dist', 'cli.js');

describe('version 1 logs written by the previous release', () => {
	it.skipIf(!existsSync(cli)).each(logs)(
		'%s replays exactly as that release showed it, collapsed and expanded (the built binary)',
		(name) => {
			expect(replayPrint(name, '--print')).toBe(
				readFileSync(path.join(folder, `${name}.replay.txt`), 'utf8'),
			);
			expect(replayPrint(name, '--print', '--expanded')).toBe(
				readFileSync(path.join(folder, `${name}.replay-expanded.txt`), 'utf8'),
			);
		},
	);

	it.each(logs)('%s resumes with the history and model that release resumed with', (name) => {
		const golden: unknown = JSON.parse(readFileSync(path.join(folder, `${name}.resume.json`), 'utf8'));
		const log = readLectorLog(path.join(folder, `${name}.jsonl`));
		// Through JSON, as the golden was written: undefined fields drop out alike.
		const resumed = JSON.parse(
			JSON.stringify({
				openai: historyFromEvents(log.events, 'openai'),
				anthropic: historyFromEvents(log.events, 'anthropic'),
				lastModelSwitch: lastModelSwitch(log.events) ?? null,
				skipped: log.skipped,
			}),
		);
		expect(resumed).toEqual(golden);
	});

	it('reads their encodings as typed events: direct commands, compaction, the switch, tagged details', () => {
		const model = readLectorLog(path.join(folder, 'model-session.jsonl'));
		expect(model.header?.version).toBe(1);
		const types = model.events.map((event) => event.type);
		expect(types.filter((type) => type === 'model-switch')).toHaveLength(1);
		expect(model.events.find((event) => event.type === 'model-switch')).toMatchObject({
			to: {provider: 'openai', model: 'other-model'},
			text: expect.stringMatching(/^Switched to openai · other-model \(was openai · test-model\)/),
		});
		expect(model.events.find((event) => event.type === 'compaction')).toEqual({
			type: 'compaction',
			id: expect.stringMatching(/^compaction-/),
			summary: 'We read greet.ts; it greets.',
		});
		const tags = model.events.flatMap((event) =>
			event.type === 'tool-end' && event.result.details !== undefined ? [event.result.details.tool] : [],
		);
		expect(tags).toEqual(['ls', 'read', 'grep', 'read']);

		const direct = readLectorLog(path.join(folder, 'direct-session.jsonl'));
		expect(
			direct.events.filter((event) => event.type === 'direct-command').map((event) => event.type),
		).toEqual(['direct-command', 'direct-command', 'direct-command', 'direct-command']);
		expect(direct.events.every((event) => event.type !== 'tool-start' || event.direct === true)).toBe(true);
		expect(direct.events.some((event) => event.type === 'user-text')).toBe(false);
	});
});
