/** Read panels of reads another agent cut, drawn from real logs (fixtures/agents). */
import path from 'node:path';
import {expect, test} from 'vitest';
import {loadSession} from '../../source/sessions/replay-file.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {panelText} from '../helpers/panels.js';
import {toolCall} from '../helpers/transcripts.js';

const agents = path.join(import.meta.dirname, '..', '..', 'fixtures', 'agents');

async function panelOf(agent: string, release: string, caseId: string, id: string, expanded: boolean) {
	const {events} = await loadSession(path.join(agents, agent, release, caseId, 'transcript.jsonl'));
	const ends = events.filter(
		(event): event is Extract<TranscriptEvent, {type: 'tool-end'}> =>
			event.type === 'tool-end' && event.id === id,
	);
	const end = ends.at(-1);
	if (end === undefined) {
		throw new Error(`no result for ${id}`);
	}

	const start = events.find((event) => event.type === 'tool-start' && event.id === id);
	const args = start?.type === 'tool-start' ? start.args : {};
	return panelText(toolCall('read', args, end.result, id), {width: 120, expanded});
}

test("Codex 0.171's middle cut: the head, the marker and the tail at their real numbers, and Codex's rule", async () => {
	const text = await panelOf('codex', '0.171.0', 'cat_lines5000_full', 'call_fake_01', true);
	const joined = text.join('\n');
	expect(joined).toContain('Codex cut the middle');
	expect(joined).not.toMatch(/line cap|offset=/);
	// The head ends at line 837, the cut follows, the tail starts at line 4,202 and ends at 5,000.
	const at837 = text.findIndex((row) => /^\s*837 │ const value_0837 = 837;/.test(row));
	const marker = text.findIndex(
		(row) => row.includes('the middle was cut') && row.includes('tokens truncated'),
	);
	const at4202 = text.findIndex((row) => /^\s*4202 │ const value_4202 = 4202;/.test(row));
	expect(at837).toBeGreaterThan(0);
	expect(marker).toBe(at837 + 1);
	expect(at4202).toBe(marker + 1);
	expect(text.some((row) => /^\s*5000 │ const value_5000 = 5000;/.test(row))).toBe(true);
});

test("Claude Code 2.1.332's token cap: named as such, with the offset the agent gave; a whole read is complete", async () => {
	const cut = (await panelOf('claude-code', '2.1.332', 'lines5000_full', 'toolu_fake_01', false)).join('\n');
	expect(cut).toContain("Claude Code's token cap (25,000 tokens)");
	expect(cut).toContain('told to continue at offset=2171');
	expect(cut).not.toContain('line cap');
	const whole = (await panelOf('claude-code', '2.1.332', 'small_ts', 'toolu_fake_01', false)).join('\n');
	expect(whole).toContain('17 lines');
	expect(whole).not.toMatch(/⚠|partial|of 18/);
});
