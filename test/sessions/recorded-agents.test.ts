/**
Replay of logs written by the real agent programs (fixtures/agents/<agent>/<release>/<case>/, recorded by
`npm run record:peers`), checked read by read against the truth the recorder computed from the corpus
file and the tool result the agent really sent (the manifest's `truth`, see scripts/peers/lib/truth.mjs).
*/
import fs from 'node:fs';
import path from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {truncationLabel} from '../../source/panels/read-facts.js';
import {loadSession} from '../../source/sessions/replay-file.js';
import type {SessionFormat} from '../../source/sessions/types.js';
import {
	type AgentCutRule,
	type AnyReadDetails,
	agentCutOf,
	isAnyReadDetails,
} from '../../source/transcript/details.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {type Manifest, manifests, type Truth} from './recorded-manifest.js';

const root = path.join(import.meta.dirname, '..', '..', 'fixtures', 'agents');
const formatOf: Record<string, SessionFormat> = {'claude-code': 'claude-code', pi: 'pi', codex: 'codex'};

/** The session logs of one case: its transcript and any other top-level session file (not subagents). */
function logsOf(caseDir: string): string[] {
	return fs
		.readdirSync(caseDir)
		.filter((name) => name.endsWith('.jsonl') && !name.startsWith('agent-'))
		.map((name) => path.join(caseDir, name));
}

type ToolEnd = Extract<TranscriptEvent, {type: 'tool-end'}>;

/** The rule each way of cutting must be recorded as, and the words the panel's warning must use for it. */
const rules: Record<string, {readonly rule: AgentCutRule; readonly words: RegExp}> = {
	'token cap': {rule: 'claude-code-token-cap', words: /token cap/},
	'line cap': {rule: 'pi-line-cap', words: /line cap/},
	'byte cap': {rule: 'pi-byte-cap', words: /byte cap/},
	'middle cut': {rule: 'codex-middle', words: /Codex cut the middle/},
};

/** What is wrong with one read panel, compared with the truth; empty when it is right. */
function problemsOf(details: AnyReadDetails, truth: Truth): string[] {
	const problems: string[] = [];
	const expect = (what: string, got: unknown, want: unknown) => {
		if (got !== want) {
			problems.push(`${what}: got ${String(got)}, want ${String(want)}`);
		}
	};

	const warning = truncationLabel(details);
	const refused = truth.cut?.endsWith('(refused)') === true;
	if (truth.kind === 'error' || refused) {
		// Refused or failed: the model got an error, not lines.
		expect('kind', details.kind, 'error');
		expect('warning', warning, undefined);
		return problems;
	}

	if (truth.kind === 'image' || truth.kind === 'unchanged') {
		expect('kind', details.kind, truth.kind);
		expect('warning', warning, undefined);
		return problems;
	}

	expect('kind', details.kind, 'text');
	const cut = agentCutOf(details);
	const head = truth.head?.count ?? truth.lines_got;
	expect('lines shown', details.linesShown, head);
	// `tail -n N`'s numbers are not in the log unless the file's length is: unnumbered is right, a wrong
	// number is not.
	const unnumbered = details.selection?.mode === 'tail' && details.firstLine === undefined;
	if (!unnumbered) {
		expect('first line', details.firstLine, truth.first_line ?? undefined);
	}

	if (details.totalLinesKnown) {
		expect('total lines', details.totalLines, truth.total_lines);
	}

	const wholeFile = truth.cut === null && truth.asked?.first === 1 && truth.asked.count === truth.total_lines;
	if (wholeFile) {
		expect('total known for a whole read', details.totalLinesKnown, true);
	}

	if (truth.cut === null) {
		expect('cut', cut?.rule, undefined);
		expect('warning', warning, undefined);
		return problems;
	}

	const want = rules[truth.cut];
	expect('cut rule', cut?.rule, want?.rule);
	if (warning === undefined || want === undefined || !want.words.test(warning)) {
		problems.push(`warning ${String(warning)} does not name the ${truth.cut}`);
	}

	if (/line cap/.test(warning ?? '') && truth.cut !== 'line cap') {
		problems.push(`warning ${String(warning)} names a line cap`);
	}

	const offset = /offset=(\d+)/.exec(warning ?? '');
	if (offset !== null && !(truth.notice ?? '').includes(`offset=${offset[1]}`)) {
		problems.push(`warning names offset=${offset[1]}, which the agent never gave`);
	}

	if (truth.tail !== undefined) {
		if (!(unnumbered && cut?.tail?.firstLine === undefined)) {
			expect('tail first line', cut?.tail?.firstLine, truth.tail.first);
		}

		expect('tail lines', cut?.tail?.lines.length, truth.tail.count);
	}

	return problems;
}

type Tally = {checked: number; wrong: number};
const tallies = new Map<string, Tally>();

function checkCase(manifest: Manifest, caseId: string) {
	return async () => {
		const entry = manifest.cases.find((candidate) => candidate.case === caseId);
		if (entry === undefined) {
			throw new Error(`no case ${caseId}`);
		}

		const caseDir = path.join(root, manifest.agent, manifest.release, caseId);
		const reads = entry.reads.filter((read) => read.truth !== null && read.received);
		const seen = new Set<string>();
		const problems: string[] = [];
		for (const log of logsOf(caseDir)) {
			const session = await loadSession(log);
			const name = path.basename(log);
			if (session.format !== formatOf[manifest.agent]) {
				problems.push(`${name}: opened as ${String(session.format)}, not ${manifest.agent}`);
			}

			// What may really be missing: a normal log has none.
			for (const note of session.stats.notes) {
				if (note.kind === 'unknown' || note.kind === 'malformed' || note.kind === 'unmatched') {
					problems.push(`${name}: ${note.count} ${note.kind}: ${note.reason}`);
				}
			}

			const ends = new Map<string, ToolEnd>();
			for (const event of session.events) {
				if (event.type === 'tool-end') {
					ends.set(event.id, event);
				}
			}

			for (const read of reads) {
				const end = ends.get(read.tool_use_id);
				if (end === undefined || read.truth === null) {
					continue;
				}

				seen.add(read.tool_use_id);
				const details = end.result.details;
				const found = isAnyReadDetails(details)
					? problemsOf(details, read.truth)
					: ['not a read panel (no read details)'];
				problems.push(...found.map((problem) => `${path.basename(log)} ${read.tool_use_id}: ${problem}`));
			}
		}

		const missing = reads.filter((read) => !seen.has(read.tool_use_id)).map((read) => read.tool_use_id);
		const key = `${manifest.agent} ${manifest.release}`;
		const tally = tallies.get(key) ?? {checked: 0, wrong: 0};
		tally.checked += reads.length;
		const wrongReads = new Set([
			...missing,
			...problems.flatMap((problem) => /^\S+ (\S+):/.exec(problem)?.[1] ?? []),
		]);
		tally.wrong += reads.filter((read) => wrongReads.has(read.tool_use_id)).length;
		tallies.set(key, tally);
		expect([...missing.map((id) => `${id}: not shown by the replay`), ...problems]).toEqual([]);
	};
}

for (const manifest of manifests(root)) {
	describe(`${manifest.agent} ${manifest.release}`, () => {
		for (const entry of manifest.cases) {
			test(entry.case, checkCase(manifest, entry.case));
		}
	});
}

afterAll(() => {
	if (process.env['LECTOR_RECORDED_SUMMARY'] !== undefined) {
		for (const [key, tally] of tallies) {
			process.stdout.write(`${key}: ${tally.checked} reads checked, ${tally.wrong} wrong\n`);
		}
	}
});
