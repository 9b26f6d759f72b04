/** Terminal size from Ink's stdout, updated on 'resize' (ink 6.8 has no useWindowSize). */
import {useStdout} from 'ink';
import {useEffect, useState} from 'react';

/** Columns and rows of the terminal. */
export type TerminalSize = {readonly columns: number; readonly rows: number};

const fallback: TerminalSize = {columns: 80, rows: 24};

function read(stdout: NodeJS.WriteStream): TerminalSize {
	const columns = stdout.columns > 0 ? stdout.columns : fallback.columns;
	const rows = stdout.rows > 0 ? stdout.rows : fallback.rows;
	return {columns, rows};
}

/** The current terminal size; re-renders when it changes. */
export function useTerminalSize(): TerminalSize {
	const {stdout} = useStdout();
	const [size, setSize] = useState(() => read(stdout));
	useEffect(() => {
		const update = () => {
			setSize((previous) => {
				const next = read(stdout);
				return next.columns === previous.columns && next.rows === previous.rows ? previous : next;
			});
		};

		update();
		stdout.on('resize', update);
		return () => {
			stdout.off('resize', update);
		};
	}, [stdout]);
	return size;
}
