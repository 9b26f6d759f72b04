/**
Fuzzing over the session logs the real agents wrote (fixtures/agents, fixtures/sessions, fixtures/peers):
each case takes one recorded log and damages it as a disk, a crash or a hostile workspace would
(truncated mid-line, bytes flipped, lines shuffled or repeated, values of the wrong type, deep nesting,
huge strings, escape sequences), then replays it through the real pipeline (file on disk, line reader,
format detection, adapter, reducer) and prints every item as `--print` would. Each case must end within
its time limit without an exception, and the printed text must hold no escape byte.

A fixed seed makes `npm test` repeatable (LECTOR_FUZZ_CASES, default 200); `npm run fuzz:logs` runs
20,000 cases with a seed of the clock, named in every failure so it can be replayed with LECTOR_FUZZ_SEED.
It found one hang already: Node 20's grapheme segmenter is quadratic in a string's length, and a 3 MB
line with one non-ASCII character never finished printing (text/width.ts `clusters`).
*/
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {expect, test} from 'vitest';
import {loadSession} from '../../source/sessions/replay-file.js';
import {createPainter} from '../../source/theme/ansi.js';
import {themeByName} from '../../source/theme/themes.js';
import {applyEvents, emptyTranscript} from '../../source/transcript/reducer.js';
import {printItems} from '../../source/ui/print.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const root = path.resolve(import.meta.dirname, '../..');
const cases = Number(process.env['LECTOR_FUZZ_CASES'] ?? 200);
const seedSetting = process.env['LECTOR_FUZZ_SEED'];
const seed = seedSetting === 'clock' ? Date.now() % 2 ** 31 : Number(seedSetting ?? 20_261_202);
const caseLimitMs = 10_000;
const temp = makeTempDir('lector-fuzz-');

function recordedLogs(): string[] {
	const found: string[] = [];
	const walk = (folder: string) => {
		for (const entry of readdirSync(folder, {withFileTypes: true})) {
			const full = path.join(folder, entry.name);
			if (entry.isDirectory()) walk(full);
			else if (entry.name.endsWith('.jsonl') && statSync(full).size < 2_000_000) found.push(full);
		}
	};

	for (const folder of ['fixtures/agents', 'fixtures/sessions', 'fixtures/peers']) {
		walk(path.join(root, folder));
	}

	return found.sort();
}

/** A small, seeded generator (mulberry32): the same seed gives the same cases everywhere. */
function random(start: number): () => number {
	let state = start >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

type Mutation = (lines: string[], next: () => number) => string[];

const pick = <T>(items: readonly T[], next: () => number): T => items[Math.floor(next() * items.length)] as T;

/** Replaces values deep inside a parsed line by ones of the wrong type. */
function wrongTypes(value: unknown, next: () => number, depth = 0): unknown {
	if (Array.isArray(value)) return value.map((item) => wrongTypes(item, next, depth + 1));
	if (value !== null && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, item]) => [
				key,
				next() < 0.15
					? pick([null, 42, -1, 1e308, '', 'x'.repeat(5000), [], {}, true, '\u001b]0;owned\u0007'], next)
					: wrongTypes(item, next, depth + 1),
			]),
		);
	}

	return value;
}

function nest(depth: number): string {
	return `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`;
}

const mutations: Readonly<Record<string, Mutation>> = {
	truncate: (lines, next) => {
		const text = lines.join('\n');
		return [text.slice(0, Math.floor(next() * text.length))];
	},
	flipBytes: (lines, next) =>
		lines.map((line) => {
			if (next() > 0.3 || line.length === 0) return line;
			const chars = [...line];
			for (let flips = 0; flips < 1 + next() * 5; flips++) {
				const at = Math.floor(next() * chars.length);
				chars[at] = String.fromCharCode(Math.floor(next() * 0x3000));
			}
			return chars.join('');
		}),
	shuffle: (lines, next) => {
		const copy = [...lines];
		for (let index = copy.length - 1; index > 0; index--) {
			const other = Math.floor(next() * (index + 1));
			[copy[index], copy[other]] = [copy[other] as string, copy[index] as string];
		}
		return copy;
	},
	repeatAndDrop: (lines, next) =>
		lines.flatMap((line) => (next() < 0.2 ? [] : next() < 0.2 ? [line, line] : [line])),
	wrongTypes: (lines, next) =>
		lines.map((line) => {
			try {
				return JSON.stringify(wrongTypes(JSON.parse(line), next));
			} catch {
				return line;
			}
		}),
	deepNesting: (lines, next) => {
		const copy = [...lines];
		copy.splice(Math.floor(next() * copy.length), 0, nest(2000 + Math.floor(next() * 50_000)));
		return copy;
	},
	escapes: (lines) =>
		lines.map((line) => line.replaceAll('"text":"', '"text":"\\u001b[2J\\u001b]52;c;aGk=\\u0007\\u009b31m')),
	hugeLine: (lines, next) => {
		const copy = [...lines];
		copy.splice(
			Math.floor(next() * copy.length),
			0,
			JSON.stringify({type: 'user', message: {content: 'y'.repeat(3_000_000)}}),
		);
		return copy;
	},
};

const escapeByte = /[\u001b\u009b\u0007]/;

test(`${cases} damaged recordings of real agents' logs replay and print without a crash, a hang or an escape byte`, async () => {
	const logs = recordedLogs();
	expect(logs.length).toBeGreaterThan(50);
	const next = random(seed);
	const painter = createPainter(themeByName('dark'), 0);
	const names = Object.keys(mutations);
	const failures: string[] = [];
	for (let index = 0; index < cases; index++) {
		const log = pick(logs, next);
		const applied = [pick(names, next), pick(names, next)];
		let lines = readFileSync(log, 'utf8').split('\n');
		for (const name of applied) {
			lines = (mutations[name] as Mutation)(lines, next);
		}

		const file = path.join(temp, `case-${index % 8}.jsonl`);
		writeFileSync(file, lines.join('\n'));
		const label = `case ${index} (seed ${seed}): ${path.relative(root, log)} ${applied.join('+')}`;
		let timer: NodeJS.Timeout | undefined;
		if (process.env['LECTOR_FUZZ_TRACE']) writeFileSync(process.env['LECTOR_FUZZ_TRACE'], label);
		try {
			const session = await Promise.race([
				loadSession(file),
				new Promise<never>((_, reject) => {
					timer = setTimeout(() => reject(new Error(`no answer within ${caseLimitMs} ms`)), caseLimitMs);
				}),
			]);
			const {items} = applyEvents(emptyTranscript, session.events);
			const printed = printItems(items, {width: 80, expanded: index % 2 === 0, previewLines: 5, painter});
			if (escapeByte.test(printed)) failures.push(`${label}: an escape byte reached the output`);
		} catch (error) {
			failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
		} finally {
			clearTimeout(timer);
		}
	}

	expect(failures).toEqual([]);
}, 3_600_000);
