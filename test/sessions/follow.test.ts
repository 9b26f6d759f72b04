import {appendFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {followFile} from '../../source/sessions/follow.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const directory = makeTempDir('lector-follow-');

const header = JSON.stringify({
	type: 'session',
	version: 3,
	id: 's1',
	timestamp: '2025-03-01T10:00:00.000Z',
	cwd: '/p',
});
const user = (id: string, parentId: string | null, text: string) =>
	JSON.stringify({
		type: 'message',
		id,
		parentId,
		timestamp: '2025-03-01T10:00:01.000Z',
		message: {role: 'user', content: text},
	});

/** Resolves once `predicate` holds for the events seen so far (polls; no fixed sleeps in assertions). */
async function until(
	events: TranscriptEvent[],
	predicate: (seen: TranscriptEvent[]) => boolean,
): Promise<void> {
	const deadline = Date.now() + 5000;
	while (!predicate(events)) {
		if (Date.now() > deadline) {
			throw new Error(`timed out; saw ${JSON.stringify(events)}`);
		}

		await new Promise((resolve) => {
			setTimeout(resolve, 10);
		});
	}
}

/** Follow `file` every 10 ms, collecting its events; abort the controller to stop. */
function follow(file: string) {
	const events: TranscriptEvent[] = [];
	const controller = new AbortController();
	const following = followFile(file, {
		signal: controller.signal,
		pollMs: 10,
		onEvents(batch) {
			events.push(...batch);
		},
	});
	return {events, controller, following};
}

test('follows a file that appears later, parses only complete lines, and switches branches', async () => {
	const file = path.join(directory, 'later.jsonl');
	const {events, controller, following} = follow(file);

	// The file does not exist yet: the follower waits for it.
	await new Promise((resolve) => {
		setTimeout(resolve, 50);
	});
	writeFileSync(file, `${header}\n${user('a', null, 'one')}\n`);
	await until(events, (seen) => seen.length === 1);
	expect(events).toEqual([{type: 'user-text', id: 'a', text: 'one'}]);

	// Half a line is held back until its line end arrives.
	const second = user('b', 'a', 'two');
	appendFileSync(file, second.slice(0, 20));
	await new Promise((resolve) => {
		setTimeout(resolve, 60);
	});
	expect(events).toHaveLength(1);
	appendFileSync(file, `${second.slice(20)}\n`);
	await until(events, (seen) => seen.length === 2);
	expect(events[1]).toEqual({type: 'user-text', id: 'b', text: 'two'});

	// An entry on another branch: the follower resets and replays that branch.
	appendFileSync(file, `${user('c', 'a', 'other')}\n`);
	await until(events, (seen) => seen.length === 5);
	expect(events.slice(2)).toEqual([
		{type: 'reset'},
		{type: 'user-text', id: 'a', text: 'one'},
		{type: 'user-text', id: 'c', text: 'other'},
	]);

	controller.abort();
	const outcome = await following;
	expect(outcome.format).toBe('pi');
	expect(outcome.stats.counts.truncated).toBe(0);
});

test('a file replaced by a shorter one is read again from the start', async () => {
	const file = path.join(directory, 'replaced.jsonl');
	writeFileSync(
		file,
		`${header}\n${user('a', null, 'a long first session line')}\n${user('b', 'a', 'more')}\n`,
	);
	const {events, controller, following} = follow(file);
	await until(events, (seen) => seen.length === 2);
	writeFileSync(file, `${header}\n${user('z', null, 'new')}\n`);
	await until(events, (seen) => seen.at(-1)?.type === 'user-text' && seen.length === 4);
	expect(events.slice(2)).toEqual([{type: 'reset'}, {type: 'user-text', id: 'z', text: 'new'}]);
	controller.abort();
	await following;
});
