/** Columns when neither the terminal nor COLUMNS says (the classic terminal width). */
export const defaultPrintColumns = 80;

/**
The columns a printed view is laid out in: the terminal's, else a positive whole COLUMNS, else 80.
A terminal may report 0 columns (under `script`, on some CI runners): taken as is, every row would be
cut to `…`.
*/
export function printColumns(
	stdout: {readonly isTTY?: boolean; readonly columns?: number},
	env: Readonly<Record<string, string | undefined>>,
): number {
	const columns = stdout.isTTY === true ? (stdout.columns ?? 0) : 0;
	if (Number.isInteger(columns) && columns > 0) {
		return columns;
	}

	const fromEnv = Number(env['COLUMNS']);
	return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : defaultPrintColumns;
}
