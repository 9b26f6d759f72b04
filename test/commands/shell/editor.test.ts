import type {Key} from 'ink';
import {describe, expect, test} from 'vitest';
import {
	deleteBackward,
	deleteWordBackward,
	type EditorState,
	emptyEditor,
	insertText,
	moveHorizontal,
	moveVertical,
	takeSubmission,
} from '../../../source/commands/shell/editor.js';
import {layoutEditor, visibleEditorRows} from '../../../source/commands/shell/editor-view.js';
import {routeKey, type ShellFocus} from '../../../source/commands/shell/routing.js';
import {defaultBindings} from '../../../source/keys/bindings.js';
import {noKey} from '../../../source/keys/key-chunks.js';
import {lineText} from '../../../source/text/styled.js';

const typed = (text: string): EditorState => insertText(emptyEditor, text);

describe('the editor', () => {
	test('a paste keeps its lines (\\r and \\r\\n become \\n) and the cursor ends after it', () => {
		const state = insertText(typed('> '), 'one\r\ntwo\rthree');
		expect(state.text).toBe('> one\ntwo\nthree');
		expect(state.cursor).toBe(state.text.length);
	});

	test('left, right and backspace step over a whole emoji (two UTF-16 units)', () => {
		const state = typed('a😀');
		expect(moveHorizontal(state, -1).cursor).toBe(1);
		expect(deleteBackward(state).text).toBe('a');
		expect(deleteWordBackward(typed('read src/a.ts')).text).toBe('read ');
	});

	test('up and down move between lines, then through the history, and back to the draft', () => {
		let state = takeSubmission(typed('first')).state;
		state = takeSubmission(insertText(state, 'second\nprompt')).state;
		state = insertText(state, 'draft');
		state = moveVertical(state, -1);
		expect(state.text).toBe('second\nprompt');
		state = moveVertical(state, -1);
		// The cursor was on the last line: up moves to the first line before reaching older entries.
		expect(state.text).toBe('second\nprompt');
		expect(state.cursor).toBeLessThanOrEqual('second'.length);
		state = moveVertical(state, -1);
		expect(state.text).toBe('first');
		expect(moveVertical(state, -1).text).toBe('first');
		state = moveVertical(moveVertical(state, 1), 1);
		state = moveVertical(state, 1);
		expect(state.text).toBe('draft');
	});

	test('the same prompt twice in a row is kept once in the history', () => {
		let state = takeSubmission(typed('ls')).state;
		state = takeSubmission(insertText(state, 'ls')).state;
		expect(state.history).toEqual(['ls']);
	});
});

describe('the editor view', () => {
	test('wraps at the width, marks the first row, and keeps the cursor row in the window', () => {
		const layout = layoutEditor(typed(`${'x'.repeat(15)}\nend`), 10, {focused: true, placeholder: ''});
		expect(layout.rows.map((row) => lineText(row))).toEqual(['› xxxxxxxx', '  xxxxxxx', '  end ']);
		expect(layout.cursorRow).toBe(2);
		expect(visibleEditorRows(layout, 1).map((row) => lineText(row))).toEqual(['  end ']);
	});

	test('control characters in a paste are shown as placeholders, never sent to the terminal', () => {
		const layout = layoutEditor(typed('a\u001B[31mb'), 40, {focused: false, placeholder: ''});
		expect(lineText(layout.rows[0] ?? [])).toBe('› a␛[31mb');
	});
});

function route(input: string, flags: Partial<Key>, focus: ShellFocus, running = false): string {
	const action = routeKey(input, {...noKey, ...flags}, {focus, bindings: defaultBindings, running});
	switch (action.type) {
		case 'view':
			return `view:${action.command}`;
		case 'focus':
			return `focus:${action.focus}`;
		case 'insert':
			return `insert:${JSON.stringify(action.text)}${action.submit ? '+submit' : ''}`;
		default:
			return action.type;
	}
}

test.each([
	['e', {}, 'prompt', false, 'insert:"e"'],
	['e', {}, 'transcript', false, 'view:toggleAll'],
	['o', {ctrl: true}, 'prompt', false, 'view:toggleExpand'],
	['', {pageDown: true}, 'prompt', false, 'view:pageDown'],
	['', {upArrow: true}, 'prompt', false, 'edit'],
	['', {upArrow: true}, 'transcript', false, 'view:focusPrevious'],
	['', {return: true}, 'prompt', false, 'submit'],
	['', {return: true}, 'transcript', false, 'view:toggleExpand'],
	['', {return: true, meta: true}, 'prompt', false, 'insert:"\\n"'],
	['\n', {}, 'prompt', false, 'insert:"\\n"'],
	['', {escape: true, meta: true}, 'prompt', true, 'abort'],
	['', {escape: true, meta: true}, 'transcript', false, 'focus:prompt'],
	['', {tab: true}, 'prompt', false, 'focus:transcript'],
	['q', {}, 'transcript', false, 'focus:prompt'],
	['x', {}, 'transcript', false, 'insert:"x"'],
	['c', {ctrl: true}, 'prompt', false, 'interrupt'],
	['one\rtwo\r', {}, 'prompt', false, 'insert:"one\\rtwo\\r"'],
	['read a.ts\r', {}, 'prompt', false, 'insert:"read a.ts"+submit'],
] as const)(
	'routeKey(%j, %j) with the %s focused (running: %s) is %s',
	(input, flags, focus, running, expected) => {
		expect(route(input, flags, focus, running)).toBe(expected);
	},
);
