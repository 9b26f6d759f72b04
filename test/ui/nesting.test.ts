import {expect, test} from 'vitest';
import {createPainter} from '../../source/theme/ansi.js';
import {darkTheme} from '../../source/theme/themes.js';
import {applyEvents, emptyTranscript} from '../../source/transcript/reducer.js';
import type {TranscriptEvent} from '../../source/transcript/types.js';
import {printItems} from '../../source/ui/print.js';

const plain = createPainter(darkTheme, 0);

function call(id: string, args: Record<string, unknown>, text: string, parentId?: string): TranscriptEvent[] {
	const parent = parentId === undefined ? {} : {parentId};
	return [
		{type: 'tool-start', id, name: id === 'task' ? 'Task' : 'Grep', args, ...parent},
		{type: 'tool-end', id, result: {content: [{type: 'text', text}], isError: false}, ...parent},
	];
}

test('--print draws a subagent’s calls under the call that started them: 2 columns in, behind a guide', () => {
	const transcript = applyEvents(emptyTranscript, [
		...call('task', {description: 'Find callers'}, 'Found 2 callers.'),
		...call('sub1', {pattern: 'loadConfig'}, 'src/a.ts\nsrc/b.ts', 'task'),
		...call('sub2', {pattern: 'x'.repeat(60)}, '', 'task'),
		{type: 'assistant-text', id: 'a1', text: 'Done.'},
	]);
	const printed = printItems(transcript.items, {width: 40, expanded: false, previewLines: 5, painter: plain});
	expect(printed.split('\n')).toEqual([
		'Task description=Find callers',
		'Found 2 callers.',
		'│',
		'│ Grep loadConfig',
		'│ src/a.ts',
		'│ src/b.ts',
		'│',
		// Laid out 2 columns narrower, so the guide and the panel together keep to the width.
		`│ Grep ${'x'.repeat(32)}…`,
		'',
		'Done.',
		'',
	]);
});
