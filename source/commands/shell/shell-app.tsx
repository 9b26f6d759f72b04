/**
The interactive agent shell: the transcript viewport above, a status line, and the prompt editor
at the bottom. Keys are routed by `routeKey` (see routing.ts). The frame is one row shorter than the
terminal, as in the transcript view (ink #935, #990): the viewport gets what the editor leaves.
*/
import {type Key, Text, useApp, useInput} from 'ink';
import {useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState} from 'react';
import type {AgentSession} from '../../agent/index.js';
import type {KeyBindings} from '../../keys/bindings.js';
import {pasteToken} from '../../keys/bracketed-paste.js';
import {chunkKeys, noKey} from '../../keys/key-chunks.js';
import {keyNameFromInk} from '../../keys/key-names.js';
import {cutLine} from '../../text/styled.js';
import type {Painter} from '../../theme/ansi.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {labelFor, paintFrame, positionLabel} from '../../ui/frame.js';
import HelpScreen from '../../ui/help-screen.js';
import type {FrameRow} from '../../ui/layout.js';
import type {PasteInbox} from '../../ui/paste-stdin.js';
import type {PictureOverlay} from '../../ui/picture-overlay.js';
import {useMouse} from '../../ui/use-mouse.js';
import {usePictures} from '../../ui/use-pictures.js';
import {useSearch} from '../../ui/use-search.js';
import {useTerminalSize} from '../../ui/use-terminal-size.js';
import {useViewport} from '../../ui/use-viewport.js';
import {type EditorState, emptyEditor, insertText, takeSubmission} from './editor.js';
import {layoutEditor, visibleEditorRows} from './editor-view.js';
import {promptKeyLabel, routeKey, type ShellAction, type ShellFocus} from './routing.js';
import {shellStatusRows} from './shell-status.js';
import {useDoublePress} from './use-double-press.js';
import {useSessionTranscript} from './use-session-transcript.js';

/** Milliseconds within which a second ctrl+c quits. */
export const interruptWindowMs = 2000;

/** The session methods the shell calls; `config` names the model in the status line. */
export type ShellSession = Pick<AgentSession, 'subscribe' | 'submit' | 'abort' | 'running'> &
	Partial<Pick<AgentSession, 'config'>>;

type Props = {
	readonly session: ShellSession;
	/** Shown before anything new: a demo or continued session. */
	readonly initialEvents: readonly TranscriptEvent[];
	/** Shown first and again after /clear: the banner. */
	readonly stickyEvents: readonly TranscriptEvent[];
	/** Show the sticky events after the initial ones (a continued session: the view opens at the bottom). */
	readonly stickyLast?: boolean;
	/** `/resume N` picked this log: the caller opens it in place of this session. */
	readonly onResume?: (filePath: string) => void;
	readonly bindings: KeyBindings;
	readonly painter: Painter;
	readonly previewLines: number;
	/** Called after each frame is computed, with its height in rows (tests). */
	readonly onFrame?: (rows: number) => void;
	/** Draws pictures over image panels, when the terminal speaks an inline image protocol. */
	readonly pictures?: PictureOverlay;
	/** Start with mouse-wheel scrolling on (the config file's `mouse`); m in the transcript toggles it. */
	readonly mouse?: boolean;
	/**
	Bracketed pastes, taken out of stdin before Ink (ui/paste-stdin.ts): each arrives as one token, and
	every other chunk is keys. Without it pastes are told from keys by their lines.
	*/
	readonly pastes?: PasteInbox;
};

const noFrame: readonly FrameRow[] = [];

/** Rows the editor may take: a third of the screen, at most 8, at least 1. */
function editorLimit(rows: number): number {
	return Math.max(1, Math.min(8, Math.floor((rows - 3) / 3)));
}

/** The shell. Quits (unmounts the Ink app) on ctrl+c twice or /quit. */
export default function ShellApp(props: Props) {
	const {session, bindings, painter, previewLines, onFrame, pictures, mouse = false, pastes} = props;
	const {exit} = useApp();
	const size = useTerminalSize();
	const transcript = useSessionTranscript(
		session,
		props.initialEvents,
		props.stickyEvents,
		props.stickyLast === true,
	);
	const {onResume} = props;
	const [editor, setEditor] = useState<EditorState>(emptyEditor);
	const [focus, setFocus] = useState<ShellFocus>('prompt');
	const [helpOpen, setHelpOpen] = useState(false);
	const [running, setRunning] = useState(false);
	// Read again after each submit: /model changes it, and nothing else does.
	const [model, setModel] = useState(session.config?.model);
	const [message, setMessage] = useState<string | undefined>();
	const {armed: interruptArmed, press: pressInterrupt} = useDoublePress(interruptWindowMs);

	const editorRows = useMemo(() => {
		const layout = layoutEditor(editor, size.columns, {
			focused: focus === 'prompt',
			placeholder: 'Ask about the code',
		});
		return visibleEditorRows(layout, editorLimit(size.rows));
	}, [editor, size, focus]);
	// While the prompt has the keys, hints name a key that works from it (printable keys type text).
	const toggleKey =
		focus === 'prompt' ? promptKeyLabel(bindings, 'toggleExpand') : labelFor(bindings, 'toggleExpand');
	const hint = interruptArmed ? 'Press ctrl+c again to quit.' : message;
	// The frame is size.rows - 1 rows. The editor keeps its rows first, then the status line, then a
	// long message's own rows (only while a viewport row is left); the viewport gets what remains.
	const budget = Math.max(1, size.rows - 1);
	const {on: mouseOn, toggle: toggleMouse, take: takeMouse} = useMouse(mouse);
	const facts = {focus, running, message: hint, model, mouse: mouseOn};
	// Decided with the widest position label the transcript can have, so the height is known before
	// the layout that gives the real label.
	const count = transcript.items.length;
	const widest = count === 0 ? 'empty' : `${count}/${count}`;
	const statusHeight = shellStatusRows(bindings, {...facts, where: widest}, size.columns).length;
	const messageRows = budget - editorRows.length - statusHeight >= 1 ? statusHeight - 1 : 0;
	const viewportRows = budget - editorRows.length - 1 - messageRows;
	const viewport = useViewport({
		transcript,
		rows: viewportRows,
		columns: size.columns,
		previewLines,
		expandHint: toggleKey === '' ? 'no key bound to expand' : `${toggleKey} to expand`,
		pictures: pictures !== undefined,
	});
	const {layout, top, frame, focused, apply, scroll, jump, focusNow} = viewport;
	const search = useSearch({transcript, focused, focusNow, jump, width: size.columns});
	const {run: runSearch, handleKey: searchKey, typing: searchTyping} = search;
	// On a tiny terminal the viewport gives way (it keeps one row for its layout, drawn only when it fits).
	const shown = frame.slice(0, Math.max(0, viewportRows));
	usePictures(pictures, layout, top, helpOpen ? noFrame : shown, 0);
	// Painting the rows on screen is cheap; the layout behind them is memoised in useViewport.
	const where = positionLabel(layout, top, focused);
	// The search's word is a note of the one status line: it never changes the rows counted above.
	const shellStatus = shellStatusRows(
		bindings,
		{...facts, where, search: search.status},
		size.columns,
		messageRows > 0,
	);
	// The open search prompt takes the status line's place, as in replay.
	const status =
		search.promptRow === undefined ? shellStatus : [...shellStatus.slice(0, -1), search.promptRow];
	const lines = [
		...paintFrame(shown, focused, painter, status.at(-1) ?? []),
		...editorRows.map((row) => painter.paint(cutLine(row, size.columns))),
	];
	lines.splice(shown.length, 0, ...status.slice(0, -1).map((row) => painter.paint(row)));
	// The editor's rows stay; the status line goes only when there is no row left for it.
	const drawn = lines.slice(-budget);

	useEffect(() => {
		onFrame?.(drawn.length);
	});

	// Lines sent by one chunk of keys (`read a.ts⏎read b.ts⏎` typed while lector starts): each waits
	// for the one before it to be over, so none finds the session busy. Reset with every chunk.
	const chunkSent = useRef<Promise<void> | undefined>(undefined);
	const submit = useCallback(
		(text: string) => {
			const before = chunkSent.current;
			const send = () => {
				// What was sent and what it starts show at the bottom: follow new output again.
				apply('bottom');
				const outcome = session.submit(text);
				setRunning(session.running);
				return outcome;
			};

			const outcome = before === undefined ? send() : before.then(send);
			chunkSent.current = outcome.then(() => undefined);
			void outcome.then((result) => {
				setRunning(session.running);
				setModel(session.config?.model);
				if (result.type === 'quit') {
					exit();
				} else if (result.type === 'expand-all') {
					apply('toggleAll');
				} else if (result.type === 'resume') {
					onResume?.(result.filePath);
				} else if (result.type === 'busy' || result.type === 'refused') {
					// Keep what was typed: it can be sent once the turn is over, or corrected (a notice says why).
					setEditor((state) => (state.text === '' ? insertText(state, text) : state));
					if (result.type === 'busy') {
						setMessage(
							`A turn is running: ${labelFor(bindings, 'abort') || 'abort'} stops it, then send again.`,
						);
					}
				}
			});
		},
		[session, exit, apply, bindings, onResume],
	);

	// Keys read the latest state through a ref: set at commit, and at once by the key handlers, because
	// Ink delivers several keys of one chunk (`a` then an arrow) before React commits anything.
	const latest = useRef({editor, focus, helpOpen});
	useLayoutEffect(() => {
		latest.current = {editor, focus, helpOpen};
	});
	const update = useCallback((change: Partial<typeof latest.current>) => {
		latest.current = {...latest.current, ...change};
		if (change.editor !== undefined) setEditor(change.editor);
		if (change.focus !== undefined) setFocus(change.focus);
		if (change.helpOpen !== undefined) setHelpOpen(change.helpOpen);
	}, []);
	const perform = useCallback(
		(action: ShellAction) => {
			const current = latest.current;
			switch (action.type) {
				case 'interrupt': {
					if (pressInterrupt()) {
						exit();
					} else {
						session.abort();
					}

					return;
				}

				case 'abort': {
					session.abort();
					return;
				}

				case 'focus': {
					update({focus: action.focus});
					return;
				}

				case 'view': {
					apply(action.command);
					return;
				}

				case 'help': {
					update({helpOpen: true});
					return;
				}

				case 'search': {
					runSearch(action.command);
					return;
				}

				case 'mouse': {
					toggleMouse();
					return;
				}

				case 'edit': {
					update({editor: action.edit(current.editor)});
					return;
				}

				case 'insert':
				case 'submit': {
					const next = action.type === 'insert' ? insertText(current.editor, action.text) : current.editor;
					if (action.type === 'insert' && !action.submit) {
						update({editor: next, focus: 'prompt'});
						return;
					}

					const taken = takeSubmission(next);
					update({editor: taken.state, focus: 'prompt'});
					submit(taken.text);
					return;
				}

				case 'none': {
					return;
				}
			}
		},
		[session, exit, apply, submit, update, pressInterrupt, toggleMouse, runSearch],
	);
	const onInput = useCallback(
		(input: string, key: Key) => {
			// A bracketed paste's token: its text is one insertion, into the open search or the prompt. Taken
			// whatever has the keys (the help screen closes on it), so each token takes its own paste.
			const pasted = input === pasteToken ? pastes?.take() : undefined;
			if (pasted !== undefined) {
				if (!(searchTyping() && searchKey(pasted, noKey))) {
					setMessage(undefined);
					perform({type: 'insert', text: pasted, submit: false});
				}

				return;
			}

			// The help screen takes the keys while it is open (it scrolls, or closes itself).
			if (latest.current.helpOpen) {
				return;
			}

			// A mouse report is never keys: its characters would be typed into the prompt.
			const {report, rest} = takeMouse(input);
			if (report !== undefined && report.wheel !== 0) {
				scroll(report.wheel);
			}

			// Emptied by the mouse (a report, or the start of one held): nothing left for the keys. Keys
			// such as tab and the arrows arrive with no text at all, and go on.
			if (rest === '' && input !== '') {
				return;
			}

			setMessage(undefined);
			chunkSent.current = undefined;

			// In the transcript each character of a chunk is a key (`jjj`); in the prompt it is typed text.
			const restKey = rest === input ? key : noKey;
			// `typing` is asked before each key: a search prompt opened by `/` takes the rest of the chunk.
			const asText = () => latest.current.focus === 'prompt' || searchTyping();
			const marking = pastes === undefined ? 'guessed' : 'bracketed';
			for (const [one, oneKey] of chunkKeys(rest, restKey, asText, marking)) {
				const {focus, helpOpen: opened} = latest.current;
				if (opened) {
					// `?` opened the help part-way: what came after it in the chunk is not for the transcript.
					return;
				}

				// The open search prompt takes every key (enter, escape, its text) but ctrl+c.
				if (keyNameFromInk(one, oneKey) !== 'ctrl+c' && searchKey(one, oneKey)) {
					continue;
				}

				perform(routeKey(one, oneKey, {focus, bindings, running: session.running}));
			}
		},
		[bindings, session, perform, scroll, takeMouse, searchKey, searchTyping, pastes],
	);
	useInput(onInput);
	const closeHelp = useCallback(() => {
		setHelpOpen(false);
	}, []);

	if (helpOpen) {
		return (
			<HelpScreen
				bindings={bindings}
				context="shell"
				columns={size.columns}
				rows={size.rows - 1}
				onClose={closeHelp}
			/>
		);
	}

	return <Text>{drawn.join('\n')}</Text>;
}
