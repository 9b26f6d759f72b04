/*
Issue 13, Access: time of check against time of use, and hard links. A real child process flips a real
symbolic link between a harmless file and a secret (an ignored `.env`, or a file outside the workspace)
for a bounded time while reads run here; no read may return the secret. Hard links are real `link(2)`s.
*/
import {type ChildProcess, spawn} from 'node:child_process';
import {linkSync, mkdirSync, symlinkSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {type ReadResult, read} from '../../source/read/index.js';
import {grep} from '../../source/tools/grep.js';
import {makeTempDir} from '../helpers/temp-dir.js';

/** How long each race runs: long enough for thousands of flips, bounded so the suite stays quick. */
const raceMs = 1500;

function text(result: {content: readonly {type: string; text?: string}[]}): string {
	return result.content.map((block) => (block.type === 'text' ? (block.text ?? '') : '')).join('\n');
}

function setUp(): {root: string; cwd: string; link: string} {
	const root = makeTempDir('lector-race-');
	const cwd = path.join(root, 'workspace');
	mkdirSync(cwd);
	mkdirSync(path.join(root, 'outside'));
	writeFileSync(path.join(cwd, '.lectorignore'), '.env\n');
	writeFileSync(path.join(cwd, '.env'), 'SECRET_ENV=1\n');
	writeFileSync(path.join(cwd, 'harmless.txt'), 'harmless\n');
	writeFileSync(path.join(root, 'outside', 'secret.txt'), 'SECRET_OUTSIDE=1\n');
	const link = path.join(cwd, 'link.txt');
	symlinkSync('harmless.txt', link);
	return {root, cwd, link};
}

const flippers: ChildProcess[] = [];
afterEach(() => {
	for (const child of flippers.splice(0)) {
		child.kill('SIGKILL');
	}
});

/**
Starts a process that replaces `link` (atomically, by rename) with a link to each target in turn until
`ms` have passed, then exits. Resolves once it is flipping.
*/
async function startFlipper(link: string, targets: readonly string[], ms: number): Promise<ChildProcess> {
	const script = `
		const fs = require('node:fs');
		const [link, ms, ...targets] = process.argv.slice(1);
		const spare = link + '.flip';
		const end = Date.now() + Number(ms);
		let flips = 0;
		process.stdout.write('ready\\n');
		while (Date.now() < end) {
			try { fs.unlinkSync(spare); } catch {}
			fs.symlinkSync(targets[flips % targets.length], spare);
			fs.renameSync(spare, link);
			flips++;
		}
		process.stdout.write(flips + '\\n');
	`;
	const child = spawn(process.execPath, ['-e', script, link, String(ms), ...targets], {
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	flippers.push(child);
	await new Promise<void>((resolve) => {
		child.stdout?.once('data', () => {
			resolve();
		});
	});
	return child;
}

type Tally = {leaks: number; allowed: number; denied: number; reads: number};

async function raceReads(run: () => Promise<string>, secret: string, ms: number): Promise<Tally> {
	const tally: Tally = {leaks: 0, allowed: 0, denied: 0, reads: 0};
	const end = Date.now() + ms;
	while (Date.now() < end) {
		// Sequential on purpose: each read races the flipper on its own.
		const answer = await run();
		tally.reads++;
		if (answer.includes(secret)) {
			tally.leaks++;
		} else if (answer.includes('harmless')) {
			tally.allowed++;
		} else {
			tally.denied++;
		}
	}

	return tally;
}

describe('a symbolic link flipped while reads run', () => {
	it('never returns the ignored .env it flips to', async () => {
		const {cwd, link} = setUp();
		await startFlipper(link, ['harmless.txt', '.env'], raceMs);
		const tally = await raceReads(
			async () => text(await read({path: 'link.txt'}, {cwd})),
			'SECRET_ENV',
			raceMs,
		);
		expect(tally.leaks).toBe(0);
		// The race was live: both the harmless file and refusals were seen.
		expect(tally.allowed).toBeGreaterThan(0);
		expect(tally.denied).toBeGreaterThan(0);
	});

	it('never returns the file outside the workspace it flips to, under confine', async () => {
		const {root, cwd, link} = setUp();
		await startFlipper(link, ['harmless.txt', path.join(root, 'outside', 'secret.txt')], raceMs);
		const tally = await raceReads(
			async () => text(await read({path: 'link.txt'}, {cwd, confine: true})),
			'SECRET_OUTSIDE',
			raceMs,
		);
		expect(tally.leaks).toBe(0);
		expect(tally.allowed).toBeGreaterThan(0);
		expect(tally.denied).toBeGreaterThan(0);
	});

	it('grep never prints the ignored .env the link flips to', async () => {
		const {cwd, link} = setUp();
		await startFlipper(link, ['harmless.txt', '.env'], raceMs);
		const tally = await raceReads(
			async () => text(await grep({pattern: 'SECRET|harmless', path: 'link.txt'}, {cwd})),
			'SECRET_ENV=1',
			raceMs,
		);
		expect(tally.leaks).toBe(0);
		expect(tally.allowed).toBeGreaterThan(0);
	});
});

describe('hard links: another name, the same file', () => {
	it('a hard link to an ignored file is refused, naming the ignored name', async () => {
		const {cwd} = setUp();
		linkSync(path.join(cwd, '.env'), path.join(cwd, 'innocent.txt'));
		const result: ReadResult = await read({path: 'innocent.txt'}, {cwd});
		expect(result.isError).toBe(true);
		expect(result.details.errorCode).toBe('ignored');
		expect(text(result)).toContain('hard link');
		expect(text(result)).toContain('.env');
		expect(text(result)).not.toContain('SECRET_ENV');
	});

	it('a hard link to a file in an ignored folder is refused', async () => {
		const {cwd} = setUp();
		writeFileSync(path.join(cwd, '.lectorignore'), 'private/\n');
		mkdirSync(path.join(cwd, 'private'));
		writeFileSync(path.join(cwd, 'private', 'key.pem'), 'SECRET_KEY\n');
		linkSync(path.join(cwd, 'private', 'key.pem'), path.join(cwd, 'notes.txt'));
		const result = await read({path: 'notes.txt'}, {cwd});
		expect(result.details.errorCode).toBe('ignored');
		expect(text(result)).not.toContain('SECRET_KEY');
	});

	it('grep skips a hard link to an ignored file', async () => {
		const {cwd} = setUp();
		linkSync(path.join(cwd, '.env'), path.join(cwd, 'innocent.txt'));
		const result = await grep({pattern: 'SECRET|harmless'}, {cwd});
		expect(text(result)).toContain('harmless');
		expect(text(result)).not.toContain('SECRET_ENV');
	});

	it('under confine, a hard link to a file outside the workspace is refused', async () => {
		const {root, cwd} = setUp();
		linkSync(path.join(root, 'outside', 'secret.txt'), path.join(cwd, 'copy.txt'));
		const result = await read({path: 'copy.txt'}, {cwd, confine: true});
		expect(result.details.errorCode).toBe('outside-workspace');
		expect(text(result)).toContain('2 names (hard links)');
		expect(text(result)).not.toContain('SECRET_OUTSIDE');
	});

	it('a file whose names are all in the workspace and allowed reads, confined or not', async () => {
		const {cwd} = setUp();
		linkSync(path.join(cwd, 'harmless.txt'), path.join(cwd, 'also.txt'));
		expect(text(await read({path: 'also.txt'}, {cwd}))).toContain('harmless');
		expect(text(await read({path: 'also.txt'}, {cwd, confine: true}))).toContain('harmless');
	});
});
