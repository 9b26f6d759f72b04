import {appendFileSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {followFile} from '../../source/sessions/follow.js';
import {ChangeWaker} from '../../source/sessions/wake.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const directory = makeTempDir('lector-wake-');

async function timed(run: () => Promise<void>): Promise<number> {
	const started = performance.now();
	await run();
	return performance.now() - started;
}

test('a wait ends when the watched file changes, long before the poll', async () => {
	const file = path.join(directory, 'log.jsonl');
	writeFileSync(file, 'first\n');
	const waker = new ChangeWaker([file]);
	const controller = new AbortController();
	try {
		const waiting = timed(async () => waker.wait(5000, controller.signal));
		setTimeout(() => {
			appendFileSync(file, 'second\n');
		}, 20);
		expect(await waiting).toBeLessThan(2000);
	} finally {
		waker.close();
	}
});

test('a change between two waits ends the next wait at once', async () => {
	const file = path.join(directory, 'between.jsonl');
	writeFileSync(file, '');
	const waker = new ChangeWaker([file]);
	const controller = new AbortController();
	try {
		await waker.wait(1, controller.signal);
		appendFileSync(file, 'x\n');
		// inotify delivers on the event loop: give it a turn before the wait.
		await new Promise((resolve) => {
			setTimeout(resolve, 50);
		});
		expect(await timed(async () => waker.wait(5000, controller.signal))).toBeLessThan(1000);
	} finally {
		waker.close();
	}
});

test('a path that does not exist is polled, then watched once it does', async () => {
	const file = path.join(directory, 'later.jsonl');
	const waker = new ChangeWaker([file]);
	const controller = new AbortController();
	try {
		expect(await timed(async () => waker.wait(60, controller.signal))).toBeGreaterThanOrEqual(50);
		writeFileSync(file, '');
		await waker.wait(1, controller.signal);
		const waiting = timed(async () => waker.wait(5000, controller.signal));
		setTimeout(() => {
			appendFileSync(file, 'x\n');
		}, 20);
		expect(await waiting).toBeLessThan(2000);
	} finally {
		waker.close();
	}
});

test('abort and close end a wait', async () => {
	const waker = new ChangeWaker([directory]);
	const controller = new AbortController();
	const waiting = timed(async () => waker.wait(10_000, controller.signal));
	controller.abort();
	expect(await waiting).toBeLessThan(1000);
	const other = new AbortController();
	const second = timed(async () => waker.wait(10_000, other.signal));
	waker.close();
	expect(await second).toBeLessThan(1000);
});

test('followFile with a waker reads an appended line long before its poll', async () => {
	const file = path.join(directory, 'follow.jsonl');
	const header = JSON.stringify({type: 'session', version: 3, id: 's', timestamp: 't', cwd: '/p'});
	const user = JSON.stringify({
		type: 'message',
		id: 'a',
		parentId: null,
		timestamp: 't',
		message: {role: 'user', content: 'hello'},
	});
	writeFileSync(file, `${header}\n`);
	const waker = new ChangeWaker([file]);
	const controller = new AbortController();
	const events: TranscriptEvent[] = [];
	let arrived = 0;
	const following = followFile(file, {
		signal: controller.signal,
		pollMs: 10_000,
		waiter: waker,
		onEvents(batch) {
			events.push(...batch);
			arrived = performance.now();
		},
	});
	try {
		await new Promise((resolve) => {
			setTimeout(resolve, 100);
		});
		const appended = performance.now();
		appendFileSync(file, `${user}\n`);
		const deadline = Date.now() + 5000;
		while (events.length === 0 && Date.now() < deadline) {
			await new Promise((resolve) => {
				setTimeout(resolve, 5);
			});
		}

		expect(events).toEqual([{type: 'user-text', id: 'a', text: 'hello'}]);
		expect(arrived - appended).toBeLessThan(2000);
	} finally {
		controller.abort();
		waker.close();
		await following;
	}
});

test('while a folder is missing, the nearest one above that exists is watched for it', async () => {
	const folder = path.join(directory, 'state', 'lector', 'sessions', 'workspace');
	const waker = new ChangeWaker([folder]);
	const controller = new AbortController();
	try {
		// Something else in the folder above does not wake it.
		const unrelated = timed(async () => waker.wait(300, controller.signal));
		setTimeout(() => {
			writeFileSync(path.join(directory, 'unrelated.txt'), 'x');
		}, 20);
		expect(await unrelated).toBeGreaterThanOrEqual(250);

		// The folder's first ancestor appears: that wakes it, and each wait then watches a level deeper.
		const made = timed(async () => waker.wait(5000, controller.signal));
		setTimeout(() => {
			mkdirSync(folder, {recursive: true});
		}, 20);
		expect(await made).toBeLessThan(2000);
		for (let level = 0; level < 4; level++) {
			await waker.wait(1, controller.signal);
		}

		const written = timed(async () => waker.wait(5000, controller.signal));
		setTimeout(() => {
			writeFileSync(path.join(folder, 'log.jsonl'), '{}\n');
		}, 20);
		expect(await written).toBeLessThan(2000);
	} finally {
		waker.close();
	}
});

test('wakeFor leaves out the changes it is told to: here, one file written to in the folder', async () => {
	const folder = path.join(directory, 'entries');
	mkdirSync(folder);
	const log = path.join(folder, 'shown.jsonl');
	writeFileSync(log, '');
	const waker = new ChangeWaker([folder], {
		wakeFor: (event, changed) => event === 'rename' || changed !== log,
	});
	const controller = new AbortController();
	try {
		await waker.wait(1, controller.signal);
		const written = timed(async () => waker.wait(300, controller.signal));
		setTimeout(() => {
			appendFileSync(log, 'line\n');
		}, 20);
		expect(await written).toBeGreaterThanOrEqual(250);

		const made = timed(async () => waker.wait(5000, controller.signal));
		setTimeout(() => {
			writeFileSync(path.join(folder, 'new.jsonl'), '');
		}, 20);
		expect(await made).toBeLessThan(2000);

		// Another file written to (a lector log's first event after its header) does wake it.
		await waker.wait(1, controller.signal);
		const other = timed(async () => waker.wait(5000, controller.signal));
		setTimeout(() => {
			appendFileSync(path.join(folder, 'new.jsonl'), 'line\n');
		}, 20);
		expect(await other).toBeLessThan(2000);
	} finally {
		waker.close();
	}
});
