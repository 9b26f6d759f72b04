/**
The help screen: the commands that work in this view with their keys (from the key table) and how
to rebind them. It is never taller than the rows it is given (the frame, one row shorter than the
terminal): when the help does not fit, it shows what fits and scrolls with the focus and page keys;
any other key closes it.
*/
import {Box, Text, useInput} from 'ink';
import {lazy, Suspense, useState} from 'react';
import {configPath} from '../config/config-file.js';
import type {KeyBindings} from '../keys/bindings.js';
import type {KeyContext} from '../keys/commands.js';
import {chunkKeys} from '../keys/key-chunks.js';
import {keyNameFromInk} from '../keys/key-names.js';
import {type HelpLine, helpLines, helpPage, helpScroll, helpWindow, scrollLabel} from './help-lines.js';
import {parseMouse} from './mouse.js';

// Loaded when the help screen first shows: ink-syntax-highlight brings highlight.js 10 and costs a cold
// start about 0.3 s that panels, which call highlight.js 11 directly, never need.
const CodeBlock = lazy(async () => import('./code-block.js'));

type Props = {
	readonly bindings: KeyBindings;
	/** The view the help is shown in: it lists only the commands that work there. */
	readonly context: KeyContext;
	readonly columns: number;
	/** Rows the screen may use (the frame's height); the help never draws more. */
	readonly rows: number;
	/** Called on a key that does not scroll the help. */
	readonly onClose: () => void;
};

/** Consecutive lines of one kind, so the config example is highlighted as one block. */
function groups(lines: readonly HelpLine[]): HelpLine[][] {
	const out: HelpLine[][] = [];
	for (const line of lines) {
		const last = out.at(-1);
		if (line.kind === 'code' && last?.[0]?.kind === 'code') {
			last.push(line);
		} else {
			out.push([line]);
		}
	}

	return out;
}

function drawGroup(group: readonly HelpLine[], index: number) {
	const first = group[0];
	if (first?.kind === 'code') {
		const code = group.map((line) => line.text).join('\n');
		return (
			<Suspense key={index} fallback={<Text>{code}</Text>}>
				<CodeBlock code={code} language="json" />
			</Suspense>
		);
	}

	// A blank line is drawn as a space: an empty Text would take no row.
	const text = first?.text === '' ? ' ' : (first?.text ?? ' ');
	return (
		<Text key={index} bold={first?.kind === 'title'} dimColor={first?.kind === 'dim'}>
			{text}
		</Text>
	);
}

/** Never: the help has no text to type, so every character of a chunk (`jjk`, seen in tmux) is a key. */
const notTyping = () => false;

/** The help for `context`, at most `rows` rows of at most `columns - 1` columns. */
export default function HelpScreen({bindings, context, columns, rows, onClose}: Props) {
	const width = Math.max(10, columns - 1);
	const room = Math.max(1, rows);
	const options = {context, configFile: configPath(process.env), width, scrollKeys: undefined};
	const plain = helpLines(bindings, options);
	const fits = plain.length <= room;
	const scrollKeys = scrollLabel(bindings);
	// Only the closing line changes when the help scrolls (it then names the scroll keys).
	const lines = fits ? plain : helpLines(bindings, {...options, scrollKeys});
	const [offset, setOffset] = useState(0);
	const shown = helpWindow(lines, room, offset, scrollKeys, width);
	const page = helpPage(room);

	useInput((input, key) => {
		// The wheel scrolls the help; other mouse reports are not keys and must not close it.
		const mouse = parseMouse(input);
		if (mouse !== undefined) {
			const last = Math.max(0, lines.length - page);
			setOffset((current) => (fits ? current : Math.min(Math.max(0, current + mouse.wheel), last)));
			return;
		}

		const deltas = [...chunkKeys(input, key, notTyping)].map(([one, oneKey]) => {
			const name = keyNameFromInk(one, oneKey);
			return fits
				? undefined
				: helpScroll(name === undefined ? undefined : bindings.commandByKey.get(name), page);
		});
		if (deltas.includes(undefined)) {
			onClose();
			return;
		}

		// Clamped at each step, so holding a key at the end does not pile up scroll the other way must undo.
		const last = Math.max(0, lines.length - page);
		setOffset((current) =>
			deltas.reduce<number>((offset, delta) => Math.min(Math.max(0, offset + (delta ?? 0)), last), current),
		);
	});

	return (
		<Box flexDirection="column">
			{groups(shown.lines).map((group, index) => drawGroup(group, index))}
			{shown.footer === undefined ? null : <Text dimColor>{shown.footer}</Text>}
		</Box>
	);
}
