/** The help screen: every command with its keys (from the key table) and how to rebind them. */
import {Box, Text} from 'ink';
import {lazy, Suspense} from 'react';
import type {KeyBindings} from '../keys/bindings.js';
import {commands, commandTable} from '../keys/commands.js';
import {configPath} from '../keys/config.js';
import {cutToWidth} from '../text/width.js';

// Loaded when the help screen first shows: ink-syntax-highlight brings highlight.js 10 and costs a cold
// start about 0.3 s that panels, which call highlight.js 11 directly, never need.
const CodeBlock = lazy(async () => import('./code-block.js'));

/** The example shown under "rebind keys". */
export const configExample = `{
  "keys": {"toggleExpand": ["ctrl+o", "ctrl+x"]},
  "theme": "dark",
  "previewLines": 5
}`;

type Props = {
	readonly bindings: KeyBindings;
	readonly columns: number;
	/** Rows the screen may use; the example is left out when it does not fit. */
	readonly rows: number;
};

/** Never taller than `rows`: Ink must never draw a frame as tall as the terminal. */
export default function HelpScreen({bindings, columns, rows}: Props) {
	const width = Math.max(10, columns - 1);
	const keyColumn = 22;
	const lines = commands.map((command) => {
		const keys = bindings.keysByCommand[command].join(', ') || '(unbound)';
		return cutToWidth(`  ${keys.padEnd(keyColumn)} ${commandTable[command].description}`, width);
	});
	const fixed = 2 + lines.length + 3;
	const exampleLines = configExample.split('\n').length;
	const showExample = rows >= fixed + exampleLines;
	return (
		<Box flexDirection="column" height={Math.max(1, rows)} overflow="hidden">
			<Text bold>{cutToWidth('lector keys', width)}</Text>
			<Text> </Text>
			{lines.map((line) => (
				<Text key={line}>{line}</Text>
			))}
			<Text> </Text>
			<Text>{cutToWidth(`Rebind keys in ${configPath(process.env)}${showExample ? ':' : ''}`, width)}</Text>
			{showExample ? (
				<Suspense fallback={<Text>{configExample}</Text>}>
					<CodeBlock code={configExample} language="json" />
				</Suspense>
			) : null}
			<Text dimColor>{cutToWidth('Any key closes this screen.', width)}</Text>
		</Box>
	);
}
