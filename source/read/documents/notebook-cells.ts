/**
Jupyter notebooks (nbformat 4) parsed from untrusted JSON into typed cells: every field is checked,
nothing is cast. Outputs keep what a model can use: stream and plain-text results, errors without
their colour codes, and images (PNG, JPEG) as base64 data.
*/

/** A cell's `cell_type`; anything unknown is read as code. */
export type CellKind = 'code' | 'markdown' | 'raw';

/**
One output of a code cell. `label` names it in the marker line (`stdout`, `result [2]`, `display`,
`error`); images keep their base64 data; `other` is a bundle with nothing a model can read.
*/
export type CellOutput =
	| {readonly type: 'text'; readonly label: string; readonly text: string; readonly cut?: TextCut}
	| {readonly type: 'image'; readonly label: string; readonly mimeType: string; readonly data: string}
	| {readonly type: 'other'; readonly label: string; readonly note: string};

/** One cell, its text already joined from nbformat's line lists. */
export type NotebookCell = {
	readonly kind: CellKind;
	readonly source: string;
	/** The `In [N]` number of a code cell that ran. */
	readonly executionCount: number | undefined;
	readonly outputs: readonly CellOutput[];
};

/** A parsed notebook: its kernel's language and its cells in order. */
export type Notebook = {
	/** The kernel's language (python, julia, r...), when the notebook names it. */
	readonly language: string | undefined;
	readonly cells: readonly NotebookCell[];
};

type Json = Readonly<Record<string, unknown>>;

/** What the worker's capped parser left out of a text (capped-json.js): lines and bytes not kept. */
export type TextCut = {readonly lines: number; readonly bytes: number};

/** The key of capped-json.js's markers, for what it counted instead of keeping. */
const cutKey = '__lectorCut';

/** A capped-json.js marker's counts, when `value` is one. */
function cutOf(value: unknown): {prefix: string; lineEnds: number; bytes: number} | undefined {
	const cut = isObject(value) ? value[cutKey] : undefined;
	if (!isObject(cut)) {
		return undefined;
	}

	const {prefix, lineEnds, bytes} = cut;
	return {
		prefix: typeof prefix === 'string' ? prefix : '',
		lineEnds: typeof lineEnds === 'number' ? lineEnds : 0,
		bytes: typeof bytes === 'number' ? bytes : 0,
	};
}

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, key: string): unknown {
	return isObject(value) ? value[key] : undefined;
}

/**
nbformat stores text as a string or as a list of lines that keep their line ends; from the capped
parser, either may end in a marker for what it left out, returned as `cut`.
*/
function multilineWithCut(value: unknown): {text: string; cut: TextCut | undefined} | undefined {
	if (typeof value === 'string') {
		return {text: value, cut: undefined};
	}

	const long = cutOf(value);
	if (long !== undefined) {
		return {text: long.prefix, cut: {lines: long.lineEnds, bytes: long.bytes}};
	}

	if (!Array.isArray(value)) {
		return undefined;
	}

	const marker = cutOf(value.at(-1));
	const parts = marker === undefined ? value : value.slice(0, -1);
	if (!parts.every((part) => typeof part === 'string')) {
		return undefined;
	}

	return {text: parts.join(''), cut: marker && {lines: marker.lineEnds, bytes: marker.bytes}};
}

function multiline(value: unknown): string | undefined {
	return multilineWithCut(value)?.text;
}

function stripAnsi(text: string): string {
	return text.replaceAll(/\u001B\[[\d;?]*[A-Za-z]/g, '');
}

const imageTypes = ['image/png', 'image/jpeg'];

function bundleOutput(data: unknown, label: string): CellOutput {
	for (const mimeType of imageTypes) {
		const image = multilineWithCut(field(data, mimeType));
		if (image?.cut !== undefined) {
			return {type: 'other', label, note: `${mimeType} too large to read (over 8 MB of base64)`};
		}

		if (image !== undefined) {
			return {type: 'image', label, mimeType, data: image.text.replaceAll(/\s/g, '')};
		}
	}

	for (const mimeType of ['text/plain', 'text/markdown', 'text/latex', 'application/json']) {
		const value = field(data, mimeType);
		const text =
			mimeType === 'application/json' && isObject(value)
				? {text: JSON.stringify(value), cut: undefined}
				: multilineWithCut(value);
		if (text !== undefined) {
			return {type: 'text', label, ...text};
		}
	}

	const types = isObject(data) ? Object.keys(data) : [];
	return {
		type: 'other',
		label,
		note: types.length === 0 ? 'empty output' : `${types.join(', ')} (not shown)`,
	};
}

function parseOutput(output: unknown): CellOutput | undefined {
	const type = field(output, 'output_type');
	switch (type) {
		case 'stream': {
			const name = field(output, 'name');
			const text = multilineWithCut(field(output, 'text')) ?? {text: '', cut: undefined};
			return {type: 'text', label: typeof name === 'string' ? name : 'stream', ...text};
		}

		case 'execute_result': {
			const count = field(output, 'execution_count');
			return bundleOutput(field(output, 'data'), typeof count === 'number' ? `result [${count}]` : 'result');
		}

		case 'display_data':
		case 'update_display_data': {
			return bundleOutput(field(output, 'data'), 'display');
		}

		case 'error': {
			const name = field(output, 'ename');
			const value = field(output, 'evalue');
			const trace = field(output, 'traceback');
			const lines = Array.isArray(trace) ? trace.filter((line) => typeof line === 'string') : [];
			const head = `${typeof name === 'string' ? name : 'Error'}: ${typeof value === 'string' ? value : ''}`;
			return {type: 'text', label: 'error', text: stripAnsi(lines.length > 0 ? lines.join('\n') : head)};
		}

		default: {
			return undefined;
		}
	}
}

function parseCell(cell: unknown): NotebookCell {
	const type = field(cell, 'cell_type');
	const kind: CellKind = type === 'markdown' || type === 'raw' ? type : 'code';
	const count = field(cell, 'execution_count');
	const outputs = field(cell, 'outputs');
	return {
		kind,
		source: multiline(field(cell, 'source')) ?? '',
		executionCount: typeof count === 'number' ? count : undefined,
		outputs: Array.isArray(outputs)
			? outputs.map((output) => parseOutput(output)).filter((output) => output !== undefined)
			: [],
	};
}

/** Parses notebook JSON; an Error says what is wrong with it. */
export function parseNotebook(text: string): Notebook | Error {
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch (error) {
		return new Error(`it is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
	}

	return notebookFromJson(json);
}

/**
A notebook from parsed JSON (JSON.parse's, or the worker's capped parser's); an Error says what is
wrong with it. Cells past the capped parser's item cap are left out.
*/
export function notebookFromJson(json: unknown): Notebook | Error {
	const format = field(json, 'nbformat');
	const cells = field(json, 'cells');
	if (!Array.isArray(cells)) {
		return new Error(
			typeof format === 'number' && format < 4
				? `it uses nbformat ${format}, which lector does not read; convert it with \`jupyter nbconvert --to notebook --nbformat 4\``
				: 'it has no "cells" list, so it is not a Jupyter notebook (nbformat 4)',
		);
	}

	const metadata = field(json, 'metadata');
	const language =
		field(field(metadata, 'kernelspec'), 'language') ?? field(field(metadata, 'language_info'), 'name');
	return {
		language: typeof language === 'string' && language !== '' ? language : undefined,
		cells: cells.filter((cell) => cutOf(cell) === undefined).map((cell) => parseCell(cell)),
	};
}
