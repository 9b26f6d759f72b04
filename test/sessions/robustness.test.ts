import fc from 'fast-check';
import {expect, test} from 'vitest';
import {SessionReplayer} from '../../source/sessions/replayer.js';
import type {SessionFormat} from '../../source/sessions/types.js';

const formats: SessionFormat[] = ['lector', 'pi', 'claude-code', 'codex'];

/** JSON that looks a little like each format, so adapters get past their first checks. */
const shaped = fc.oneof(
	fc.jsonValue(),
	fc.record({
		type: fc.constantFrom('message', 'user', 'assistant', 'event', 'response_item', 'session'),
		message: fc.jsonValue(),
		payload: fc.jsonValue(),
		event: fc.jsonValue(),
		id: fc.string(),
		parentId: fc.option(fc.string()),
	}),
	fc.record({
		type: fc.constant('message'),
		id: fc.string(),
		message: fc.record({
			role: fc.constantFrom('user', 'assistant', 'toolResult', 'custom'),
			content: fc.jsonValue(),
			toolCallId: fc.string(),
		}),
	}),
	fc.record({
		type: fc.constant('response_item'),
		payload: fc.record({
			type: fc.constantFrom('function_call', 'function_call_output', 'message'),
			call_id: fc.string(),
			arguments: fc.string(),
			output: fc.jsonValue(),
			content: fc.jsonValue(),
		}),
	}),
	fc.record({
		type: fc.constantFrom('user', 'assistant'),
		uuid: fc.string(),
		message: fc.record({
			content: fc.array(
				fc.record({
					type: fc.constantFrom('text', 'tool_use', 'tool_result'),
					id: fc.string(),
					tool_use_id: fc.string(),
					name: fc.constantFrom('Read', 'Bash'),
					input: fc.jsonValue(),
					content: fc.jsonValue(),
				}),
			),
		}),
		toolUseResult: fc.jsonValue(),
	}),
);

test('every adapter is total: any lines give events or notes, never an exception', () => {
	fc.assert(
		fc.property(fc.constantFrom(...formats), fc.array(shaped, {maxLength: 30}), (format, values) => {
			const replayer = new SessionReplayer({format});
			values.forEach((value, index) => {
				const text = JSON.stringify(value) ?? 'null';
				replayer.feed({kind: 'line', number: index + 1, text, bytes: text.length});
			});
			replayer.feed({kind: 'partial', number: values.length + 1, text: '{"type":', bytes: 8});
			replayer.end();
			expect(replayer.stats.lines).toBe(values.length + 1);
		}),
		{numRuns: Number(process.env['LECTOR_PROPERTY_RUNS'] ?? 300)},
	);
});
