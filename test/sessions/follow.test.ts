import {execFileSync} from 'node:child_process';
import {appendFileSync, mkdirSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {followFile} from '../../source/sessions/follow.js';
import type {ReplayOutcome} from '../../source/sessions/replay-file.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {until} from './helpers.js';

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

/** Follow `file` every 10 ms, collecting its events and updates; abort the controller to stop. */
function follow(file: string) {
	const events: TranscriptEvent[] = [];
	const updates: ReplayOutcome[] = [];
	const controller = new AbortController();
	const following = followFile(file, {
		signal: controller.signal,
		pollMs: 10,
		onEvents(batch) {
			events.push(...batch);
		},
		onUpdate(outcome) {
			updates.push(outcome);
		},
	});
	return {events, updates, controller, following};
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

test('a file replaced by a longer one (a temp file moved onto it, as editors save) is read anew', async () => {
	const file = path.join(directory, 'moved.jsonl');
	writeFileSync(file, `${header}\n${user('a', null, 'old')}\n`);
	const {events, controller, following} = follow(file);
	await until(events, (seen) => seen.length === 1);
	const temporary = path.join(directory, 'moved.jsonl.tmp');
	writeFileSync(
		temporary,
		`${header}\n${user('x', null, 'a new and much longer first line')}\n${user('y', 'x', 'second')}\n`,
	);
	renameSync(temporary, file);
	await until(events, (seen) => seen.length === 4);
	expect(events.slice(1)).toEqual([
		{type: 'reset'},
		{type: 'user-text', id: 'x', text: 'a new and much longer first line'},
		{type: 'user-text', id: 'y', text: 'second'},
	]);

	// The new file is the one followed from now on.
	appendFileSync(file, `${user('z', 'y', 'appended')}\n`);
	await until(events, (seen) => seen.length === 5);
	expect(events[4]).toEqual({type: 'user-text', id: 'z', text: 'appended'});
	controller.abort();
	await following;
});

test('a file removed and created again is read from its start once it is back', async () => {
	const file = path.join(directory, 'recreated.jsonl');
	writeFileSync(file, `${header}\n${user('a', null, 'old')}\n`);
	const {events, controller, following} = follow(file);
	await until(events, (seen) => seen.length === 1);
	rmSync(file);
	// Long enough for the follower to see the path gone before it comes back.
	await new Promise((resolve) => {
		setTimeout(resolve, 60);
	});
	writeFileSync(file, `${header}\n${user('n', null, 'new session, longer than the old one')}\n`);
	await until(events, (seen) => seen.length === 3);
	expect(events.slice(1)).toEqual([
		{type: 'reset'},
		{type: 'user-text', id: 'n', text: 'new session, longer than the old one'},
	]);
	controller.abort();
	await following;
});

test('lines that give no event (malformed, unknown) update the counts when they arrive', async () => {
	const file = path.join(directory, 'garbage.jsonl');
	writeFileSync(file, `${header}\n${user('a', null, 'one')}\n`);
	const {events, updates, controller, following} = follow(file);
	await until(events, (seen) => seen.length === 1);
	appendFileSync(file, 'garbage one\ngarbage two\n{"type":"weird"}\n');
	const deadline = Date.now() + 5000;
	while ((updates.at(-1)?.stats.counts.malformed ?? 0) < 2 && Date.now() < deadline) {
		await new Promise((resolve) => {
			setTimeout(resolve, 10);
		});
	}

	expect(updates.at(-1)?.stats.counts).toMatchObject({malformed: 2, unknown: 1});
	expect(events).toHaveLength(1);
	controller.abort();
	await following;
});

test('a directory appearing at the followed path ends following with a message saying so', async () => {
	const target = path.join(directory, 'becomes-a-folder.jsonl');
	const {following} = follow(target);
	await new Promise((resolve) => {
		setTimeout(resolve, 30);
	});
	mkdirSync(target);
	await expect(following).rejects.toThrow(`${target} is a directory, not a session log`);
});

test('a FIFO appearing at the followed path is refused at once, never opened (which would block)', async () => {
	const target = path.join(directory, 'becomes-a-fifo.jsonl');
	const {following} = follow(target);
	await new Promise((resolve) => {
		setTimeout(resolve, 30);
	});
	execFileSync('mkfifo', [target]);
	await expect(following).rejects.toThrow(`${target} is a named pipe (FIFO), not a session log`);
});

test('a log rewritten in place to the same length within one poll is read anew, not missed', async () => {
	const target = path.join(directory, 'rewritten.jsonl');
	writeFileSync(target, `${header}\n${user('a', null, 'one')}\n`);
	const {events, controller, following} = follow(target);
	await until(events, (seen) => seen.length === 1);
	// Same size as before: a check by size alone sees nothing.
	writeFileSync(target, `${header}\n${user('z', null, 'two')}\n`);
	await until(events, (seen) => seen.some((event) => event.type === 'user-text' && event.id === 'z'));
	expect(events).toEqual([
		{type: 'user-text', id: 'a', text: 'one'},
		{type: 'reset'},
		{type: 'user-text', id: 'z', text: 'two'},
	]);
	controller.abort();
	await following;
});

test('a log rewritten longer within one poll starts over before its new bytes count', async () => {
	const target = path.join(directory, 'rewritten-longer.jsonl');
	writeFileSync(target, `${header}\n${user('a', null, 'one')}\n`);
	const {events, controller, following} = follow(target);
	await until(events, (seen) => seen.length === 1);
	writeFileSync(target, `${header}\n${user('y', null, 'uno')}\n${user('x', 'y', 'dos')}\n`);
	await until(events, (seen) => seen.some((event) => event.type === 'user-text' && event.id === 'x'));
	expect(events).toEqual([
		{type: 'user-text', id: 'a', text: 'one'},
		{type: 'reset'},
		{type: 'user-text', id: 'y', text: 'uno'},
		{type: 'user-text', id: 'x', text: 'dos'},
	]);
	controller.abort();
	await following;
});
