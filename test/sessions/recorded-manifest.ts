/** The manifests of the recorded agent logs (fixtures/agents/<agent>/<release>/manifest.json), checked on load. */
import fs from 'node:fs';
import path from 'node:path';

/** What the recorder worked out from the corpus file and the tool result (scripts/peers/lib/truth.mjs). */
export type Truth = {
	readonly kind: 'text' | 'empty' | 'error' | 'image' | 'unchanged' | 'other';
	readonly total_lines: number | null;
	readonly first_line: number | null;
	readonly lines_got: number;
	readonly asked?: {readonly first: number; readonly last: number; readonly count: number};
	readonly head?: {readonly first: number; readonly count: number};
	readonly tail?: {readonly first: number; readonly count: number};
	readonly cut: string | null;
	readonly notice: string | null;
};

export type RecordedRead = {
	readonly tool_use_id: string;
	readonly received: boolean;
	readonly subagent?: boolean;
	readonly truth: Truth | null;
};

export type Manifest = {
	readonly agent: string;
	readonly release: string;
	readonly cases: ReadonlyArray<{readonly case: string; readonly reads: readonly RecordedRead[]}>;
};

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null;
}

const kinds = ['text', 'empty', 'error', 'image', 'unchanged', 'other'] as const;
const kindOf = (value: unknown): Truth['kind'] | undefined => kinds.find((kind) => kind === value);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function span(value: unknown): {first: number; count: number} | undefined {
	return isObject(value) && typeof value['first'] === 'number' && typeof value['count'] === 'number'
		? {first: value['first'], count: value['count']}
		: undefined;
}

function parseTruth(value: unknown): Truth | null {
	const kind = isObject(value) ? kindOf(value['kind']) : undefined;
	if (!isObject(value) || kind === undefined) {
		return null;
	}

	const asked = value['asked'];
	const head = span(value['head']);
	const tail = span(value['tail']);
	return {
		kind,
		total_lines: numberOrNull(value['total_lines']),
		first_line: numberOrNull(value['first_line']),
		lines_got: typeof value['lines_got'] === 'number' ? value['lines_got'] : 0,
		...(isObject(asked) && typeof asked['last'] === 'number' && span(asked) !== undefined
			? {asked: {...(span(asked) ?? {first: 1, count: 0}), last: asked['last']}}
			: {}),
		...(head === undefined ? {} : {head}),
		...(tail === undefined ? {} : {tail}),
		cut: stringOrNull(value['cut']),
		notice: stringOrNull(value['notice']),
	};
}

function parseManifest(file: string): Manifest {
	const value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
	if (!isObject(value) || typeof value['agent'] !== 'string' || typeof value['release'] !== 'string') {
		throw new Error(`${file}: not a manifest`);
	}

	const cases = value['cases'];
	if (!Array.isArray(cases)) {
		throw new Error(`${file}: no cases`);
	}

	// The shape is the recorder's own; each case and read is checked for the fields the test uses.
	const checked = cases.map((entry: unknown) => {
		if (!isObject(entry) || typeof entry['case'] !== 'string' || !Array.isArray(entry['reads'])) {
			throw new Error(`${file}: a case without reads`);
		}

		const reads = entry['reads'].map((read: unknown): RecordedRead => {
			if (!isObject(read) || typeof read['tool_use_id'] !== 'string') {
				throw new Error(`${file}: a read without an id`);
			}

			return {
				tool_use_id: read['tool_use_id'],
				received: read['received'] === true,
				subagent: read['subagent'] === true,
				truth: parseTruth(read['truth']),
			};
		});
		return {case: entry['case'], reads};
	});
	return {agent: value['agent'], release: value['release'], cases: checked};
}

/** Every manifest under `root`, agent by agent, release by release. */
export function manifests(root: string): Manifest[] {
	if (!fs.existsSync(root)) {
		return [];
	}

	return fs.readdirSync(root).flatMap((agent) =>
		fs
			.readdirSync(path.join(root, agent))
			.map((release) => path.join(root, agent, release, 'manifest.json'))
			.filter((file) => fs.existsSync(file))
			.map(parseManifest),
	);
}
