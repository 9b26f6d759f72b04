/**
Codex cuts a long command output in the middle: it keeps a head and a tail and puts a marker between them.
The shapes, from real rollouts (fixtures/agents/codex):
- 0.27-0.4x: a marker line `[... omitted 4744 of 5000 lines ...]` and a blank line, between 128-line
  head and tail;
- 0.5x: the same, after a header `Total output lines: 5000` and a blank line, and a blank line before the
  marker too;
- 0.9x: after that header, a cut by characters inside a line: `…const value_0213 = 2…113893 chars
  truncated…const value_4801 = …`;
- 0.1xx: after `Warning: truncated output (original token count: 30974)` and the header, the same cut by
  tokens: `…20974 tokens truncated…`.
The header lines are not the command's output; the line holding an inline marker is a piece of two lines,
neither of which the model got whole, so it belongs to neither the head nor the tail.
*/
import {omittedMarker} from './output.js';

/** A cut output taken apart. */
export type MiddleCut = {
	readonly head: string[];
	readonly tail: string[];
	/** The marker the model got in place of the middle (the whole line, for an inline marker). */
	readonly marker: string;
	/** Lines the command printed in all, from the header or the marker, when stated. */
	readonly outputLines: number | undefined;
	/** The header lines before the output (`Warning: …`, `Total output lines: N`), verbatim. */
	readonly header: string | undefined;
};

const warningHeader = /^Warning: truncated output \(original token count: \d+\)$/;
const totalHeader = /^Total output lines: (\d+)$/;
const inlineMarker = /…\d+ (?:tokens|chars) truncated…/;
const omittedCounts = /omitted \d+ of (\d+) lines/;

/** The header lines at the start of a cut output, and how many lines they take (with the blank after). */
function readHeader(lines: readonly string[]): {count: number; outputLines: number | undefined} {
	let index = 0;
	let outputLines: number | undefined;
	if (warningHeader.test(lines[index] ?? '')) {
		index++;
	}

	const total = totalHeader.exec(lines[index] ?? '');
	if (total !== null) {
		outputLines = Number(total[1]);
		index++;
	}

	if (index > 0 && lines[index] === '') {
		index++;
	}

	return {count: index, outputLines};
}

/** The head, marker and tail of an output Codex cut in the middle; undefined when it holds no cut marker. */
export function takeMiddleCut(lines: readonly string[]): MiddleCut | undefined {
	const omitted = lines.findIndex((line) => omittedMarker.test(line.trim()));
	const inline = omitted === -1 ? lines.findIndex((line) => inlineMarker.test(line)) : -1;
	const at = omitted === -1 ? inline : omitted;
	if (at === -1) {
		return undefined;
	}

	// Only an output with a marker has a header: a file may well start with "Total output lines: 3".
	const header = readHeader(lines.slice(0, at));
	let head = lines.slice(header.count, at);
	let tail = lines.slice(at + 1);
	// The marker line stands between blank lines of Codex's own (after it from 0.2x, before it too in 0.5x).
	if (omitted !== -1 && tail[0] === '') {
		tail = tail.slice(1);
	}

	if (omitted !== -1 && header.count > 0 && head.at(-1) === '') {
		head = head.slice(0, -1);
	}

	const marker = lines[at] ?? '';
	const counted = omittedCounts.exec(marker);
	return {
		head,
		tail,
		marker,
		outputLines: header.outputLines ?? (counted === null ? undefined : Number(counted[1])),
		header: header.count === 0 ? undefined : lines.slice(0, header.count).join('\n').trim(),
	};
}
