/**
The prompt editor as pure functions: multi-line text with a cursor, and the history of sent prompts
browsed with up and down from the first and last lines. No React, no Ink; the shell keeps one
EditorState and replaces it on every key.
*/

/** The editor's text, cursor and history. */
export type EditorState = {
	readonly text: string;
	/** Cursor position as a UTF-16 offset into `text`, always on a code point boundary. */
	readonly cursor: number;
	/** Sent prompts, oldest first, without repeats in a row. */
	readonly history: readonly string[];
	/** The history entry shown, or undefined when editing the draft. */
	readonly historyIndex: number | undefined;
	/** What was typed before browsing the history, restored when browsing past the newest entry. */
	readonly draft: string;
};

/** An empty editor with no history. */
export const emptyEditor: EditorState = {
	text: '',
	cursor: 0,
	history: [],
	historyIndex: undefined,
	draft: '',
};

/** At most this many prompts are kept in the history. */
export const historyLimit = 200;

function lineStart(text: string, cursor: number): number {
	return text.lastIndexOf('\n', cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
	const end = text.indexOf('\n', cursor);
	return end === -1 ? text.length : end;
}

/** Typing ends history browsing: the shown entry becomes the text being edited. */
function edited(state: EditorState, text: string, cursor: number): EditorState {
	return {...state, text, cursor, historyIndex: undefined};
}

/**
Insert text at the cursor. Terminals send line breaks inside a paste as `\r`; they become `\n` so
a pasted block keeps its lines.
*/
export function insertText(state: EditorState, input: string): EditorState {
	const text = input.replaceAll('\r\n', '\n').replaceAll('\r', '\n');
	return edited(
		state,
		state.text.slice(0, state.cursor) + text + state.text.slice(state.cursor),
		state.cursor + text.length,
	);
}

/** The code point before the cursor, in UTF-16 units (1 or 2; 0 at the start). */
function unitsBefore(text: string, cursor: number): number {
	if (cursor === 0) {
		return 0;
	}

	const low = text.charCodeAt(cursor - 1);
	return cursor >= 2 && low >= 0xdc_00 && low <= 0xdf_ff ? 2 : 1;
}

/** The code point at the cursor, in UTF-16 units (1 or 2; 0 at the end). */
function unitsAt(text: string, cursor: number): number {
	const point = text.codePointAt(cursor);
	return point === undefined ? 0 : point > 0xff_ff ? 2 : 1;
}

/** Delete the character before the cursor (Backspace). */
export function deleteBackward(state: EditorState): EditorState {
	const size = unitsBefore(state.text, state.cursor);
	if (size === 0) {
		return state;
	}

	const text = state.text.slice(0, state.cursor - size) + state.text.slice(state.cursor);
	return edited(state, text, state.cursor - size);
}

/** Delete the word before the cursor (Ctrl+W): trailing spaces, then non-spaces. */
export function deleteWordBackward(state: EditorState): EditorState {
	const before = state.text.slice(0, state.cursor);
	const kept = before.replace(/\S*\s*$/, '');
	return edited(state, kept + state.text.slice(state.cursor), kept.length);
}

/** Delete from the start of the line to the cursor (Ctrl+U). */
export function deleteToLineStart(state: EditorState): EditorState {
	const start = lineStart(state.text, state.cursor);
	const from = start === state.cursor && start > 0 ? start - 1 : start;
	return edited(state, state.text.slice(0, from) + state.text.slice(state.cursor), from);
}

/** Move the cursor one character left or right. */
export function moveHorizontal(state: EditorState, step: -1 | 1): EditorState {
	const size = step === -1 ? -unitsBefore(state.text, state.cursor) : unitsAt(state.text, state.cursor);
	return size === 0 ? state : {...state, cursor: state.cursor + size};
}

/** Move the cursor to the start or end of its line (Home, End, Ctrl+A). */
export function moveToLineEdge(state: EditorState, edge: 'start' | 'end'): EditorState {
	const cursor = edge === 'start' ? lineStart(state.text, state.cursor) : lineEnd(state.text, state.cursor);
	return {...state, cursor};
}

/** True when the cursor is on the first (`-1`) or last (`1`) line of the text. */
export function onEdgeLine(state: EditorState, step: -1 | 1): boolean {
	return step === -1
		? lineStart(state.text, state.cursor) === 0
		: lineEnd(state.text, state.cursor) === state.text.length;
}

function moveLine(state: EditorState, step: -1 | 1): EditorState {
	const {text, cursor} = state;
	const start = lineStart(text, cursor);
	const column = cursor - start;
	const targetStart = step === -1 ? lineStart(text, start - 1) : lineEnd(text, cursor) + 1;
	const targetEnd = lineEnd(text, targetStart);
	let target = Math.min(targetStart + column, targetEnd);
	// Never land inside a surrogate pair.
	const code = text.charCodeAt(target);
	if (target > targetStart && target < targetEnd && code >= 0xdc_00 && code <= 0xdf_ff) {
		target--;
	}

	return {...state, cursor: target};
}

function showHistory(state: EditorState, index: number | undefined): EditorState {
	const text = index === undefined ? state.draft : (state.history[index] ?? '');
	return {...state, text, cursor: text.length, historyIndex: index};
}

/**
Up or down: moves between lines; from the first line up shows the previous prompt of the history,
from the last line down the next one (and, past the newest, the draft typed before browsing).
*/
export function moveVertical(state: EditorState, step: -1 | 1): EditorState {
	if (!onEdgeLine(state, step)) {
		return moveLine(state, step);
	}

	const {history, historyIndex} = state;
	if (step === -1) {
		if (historyIndex === 0 || history.length === 0) {
			return state;
		}

		const browsing = historyIndex === undefined ? {...state, draft: state.text} : state;
		return showHistory(browsing, (historyIndex ?? history.length) - 1);
	}

	if (historyIndex === undefined) {
		return state;
	}

	return showHistory(state, historyIndex + 1 < history.length ? historyIndex + 1 : undefined);
}

/** The text to send, and the editor emptied with that text added to the history. */
export function takeSubmission(state: EditorState): {readonly text: string; readonly state: EditorState} {
	const {text} = state;
	const keep = text.trim() !== '' && state.history.at(-1) !== text;
	const history = keep ? [...state.history, text].slice(-historyLimit) : state.history;
	return {text, state: {text: '', cursor: 0, history, historyIndex: undefined, draft: ''}};
}
