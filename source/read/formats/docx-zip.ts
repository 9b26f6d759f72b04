/**
The ZIP check a Word file passes before mammoth opens it (documents/zip-limits.ts), and the messages
that explain a refusal: a damaged directory, or sizes that only a zip bomb declares.
*/
import {checkWordZip, type ZipProblem, zipLimitsOf} from '../documents/zip-limits.js';
import {count, formatBytes, shellQuote} from '../notices.js';
import type {FormatInput} from './types.js';

/** A part's name as the ZIP stores it, safe to print: control characters replaced, clipped. */
function partName(name: string): string {
	const printable = name.replaceAll(/[\u0000-\u001f\u007f-\u009f]/g, '?');
	return printable.length > 80 ? `${printable.slice(0, 80)}…` : printable;
}

function messageOf(problem: ZipProblem, shownPath: string): string {
	const quoted = shellQuote(shownPath);
	const refused = `${shownPath} was not opened:`;
	const inspect = `Look inside with a shell command such as \`unzip -l ${quoted}\` or \`unzip -p ${quoted} word/document.xml | head -c 50000\`.`;
	switch (problem.kind) {
		case 'damaged': {
			return `${shownPath} is a damaged Word file: its ZIP directory ${problem.reason}, so it cannot be read. Check it with \`unzip -l ${quoted}\`, or ask for a copy saved again from Word.`;
		}

		case 'too-many-entries': {
			return `${refused} its ZIP holds more than ${count(problem.limit)} parts, far more than a Word document has, so it may be a zip bomb. ${inspect}`;
		}

		case 'entry-too-large': {
			return `${refused} its part ${partName(problem.entry)} would unpack to ${formatBytes(problem.size)}, more than the ${formatBytes(problem.limit)} lector unpacks for one part, so it may be a zip bomb. ${inspect}`;
		}

		case 'total-too-large': {
			return `${refused} its parts would unpack to more than the ${formatBytes(problem.limit)} lector unpacks for one document, so it may be a zip bomb. ${inspect}`;
		}

		case 'ratio': {
			const ratio = Math.round(problem.size / Math.max(1, problem.compressedSize));
			return `${refused} its part ${partName(problem.entry)} would unpack from ${formatBytes(problem.compressedSize)} to ${formatBytes(problem.size)} (${count(ratio)}:1), a ratio no real document comes near (lector stops at ${count(problem.limit)}:1), so it is most likely a zip bomb. ${inspect}`;
		}

		case 'larger-than-declared': {
			return `${refused} its part ${partName(problem.entry)} unpacks to more than the ${formatBytes(problem.size)} its ZIP directory declares, which only a damaged file or a zip bomb does. ${inspect}`;
		}
	}
}

/**
Undefined when the Word file in `bytes` may go to mammoth, else the message of the document error.
Rejects with the signal's reason when the read is aborted meanwhile.
*/
export async function zipRefusal(
	bytes: Uint8Array,
	input: FormatInput,
	shownPath: string,
): Promise<string | undefined> {
	const problem = await checkWordZip(bytes, zipLimitsOf(input.limits), input.signal);
	return problem === undefined ? undefined : messageOf(problem, shownPath);
}
