import {expect, test} from 'vitest';
import {detectLine} from '../../source/sessions/detect.js';
import {loadFixture} from './helpers.js';

test.each([
	[{type: 'lector-session', version: 1}, 'lector'],
	[{type: 'event', at: 'x', event: {type: 'reset'}}, 'lector'],
	[{type: 'session', version: 3, id: 'x', cwd: '/p'}, 'pi'],
	[{type: 'message', timestamp: 't', message: {role: 'user', content: 'hi'}}, 'pi'],
	[{type: 'model_change', timestamp: 't', modelId: 'm'}, 'pi'],
	[{type: 'summary', summary: 's', leafUuid: 'u'}, 'claude-code'],
	[{type: 'user', uuid: 'u', sessionId: 's', message: {role: 'user', content: 'hi'}}, 'claude-code'],
	[{type: 'file-history-snapshot', messageId: 'm'}, 'claude-code'],
	[{timestamp: 't', type: 'session_meta', payload: {id: 'x'}}, 'codex'],
	[{timestamp: 't', type: 'response_item', payload: {type: 'message'}}, 'codex'],
	[{type: 'thread.started', thread_id: 'x'}, undefined],
	[{type: 'item.completed', item: {}}, undefined],
	['a string', undefined],
	[null, undefined],
])('detectLine(%j) is %s', (value, format) => {
	expect(detectLine(value)).toBe(format);
});

test('the `codex exec --json` stream is not taken for a rollout', async () => {
	const session = await loadFixture('codex', 'exec-json-stream.jsonl');
	expect(session.format).toBeUndefined();
	expect(session.events).toEqual([]);
	expect(session.stats.counts.unknown).toBe(1);
});

test.each([
	[['lector', 'session.jsonl'], 'lector'],
	[['pi', 'v1-linear.jsonl'], 'pi'],
	[['pi', 'v2-hook.jsonl'], 'pi'],
	[['pi', 'v3-branches.jsonl'], 'pi'],
	[['claude-code', '5f0c9a6e-2b1d-4c8e-9a7f-1d2e3f4a5b6c.jsonl'], 'claude-code'],
	[['codex', 'rollout-2025-03-03T12-00-00-0195a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.jsonl'], 'codex'],
])('fixture %j is detected as %s', async (parts, format) => {
	expect((await loadFixture(...parts)).format).toBe(format);
});
