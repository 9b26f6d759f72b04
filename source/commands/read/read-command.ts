import {type ReadLimits, type ReadResult, read} from '../../read/index.js';
import {wholeNumberOf} from '../../read/params.js';
import {UsageError} from '../usage-error.js';

export type ReadCommandFlags = {
	readonly offset: string | undefined;
	readonly limit: string | undefined;
	readonly tail: string | undefined;
	/** Only the outline (`--outline`); absent means false. */
	readonly outline?: boolean;
	/** PDF pages (`--pages 2,4-6`), passed to the engine as written. */
	readonly pages?: string | undefined;
	/** Notebook cells (`--cells 1-12`), written like pages. */
	readonly cells?: string | undefined;
	readonly cwd: string | undefined;
	readonly json: boolean;
	readonly confine: boolean;
	readonly lineNumbers: boolean;
	readonly maxLines: string | undefined;
	readonly maxBytes: string | undefined;
};

export {UsageError} from '../usage-error.js';

/** A whole number from a flag, or undefined when the flag is absent. */
export function numberFlag(name: string, value: string | undefined, minimum: number): number | undefined {
	if (value === undefined) {
		return undefined;
	}

	// Plain digits only, as for the engine's own parameters: `1e3` and `0x10` are refused, not guessed at.
	const number = wholeNumberOf(value);
	if (number === undefined || number < minimum) {
		throw new UsageError(`--${name} needs a whole number of at least ${minimum} in digits, got "${value}".`);
	}

	return number;
}

/** What `lector read` prints without --json: exactly the model's text, images summarised in one line. */
export function modelText(result: ReadResult): string {
	return result.content
		.map((block) =>
			block.type === 'text'
				? block.text
				: `[image: ${block.mimeType}, ${block.data.length} base64 characters]`,
		)
		.join('\n');
}

/** Runs the engine once for `lector read`; resolves to the result so callers can pick a view. */
export async function runRead(input: readonly string[], flags: ReadCommandFlags): Promise<ReadResult> {
	const [filePath, ...extra] = input;
	if (filePath === undefined) {
		throw new UsageError('lector read needs a file: lector read <path>.');
	}

	if (extra.length > 0) {
		throw new UsageError(`lector read takes one file; also got: ${extra.join(' ')}.`);
	}

	const limits: Partial<Mutable<ReadLimits>> = {};
	const maxLines = numberFlag('max-lines', flags.maxLines, 1);
	const maxBytes = numberFlag('max-bytes', flags.maxBytes, 1);
	if (maxLines !== undefined) {
		limits.maxLines = maxLines;
	}

	if (maxBytes !== undefined) {
		limits.maxBytes = maxBytes;
	}

	const params = {
		path: filePath,
		offset: numberFlag('offset', flags.offset, 1),
		limit: numberFlag('limit', flags.limit, 1),
		tail: numberFlag('tail', flags.tail, 1),
		line_numbers: flags.lineNumbers,
		outline: flags.outline ?? false,
		pages: flags.pages,
		cells: flags.cells,
	};
	return read(params, {cwd: flags.cwd, limits, confine: flags.confine});
}

type Mutable<T> = {-readonly [K in keyof T]: T[K]};
