import {errorResult} from '../details.js';
import type {ContentBlock, ImageBlock, ReadDetails, ReadResult} from '../types.js';
import type {PartFitter} from './fit.js';

/** An image to send between the text lines: before the output line at `beforeLine` (0-based). */
export type PlacedImage = {readonly beforeLine: number; readonly block: ImageBlock};

/**
The content blocks of a document read: its lines, split where images go, then the closing notice
after a blank line, as text reads end.
*/
export function documentContent(
	formatted: readonly string[],
	images: readonly PlacedImage[],
	notice: string | undefined,
): ContentBlock[] {
	const blocks: ContentBlock[] = [];
	let from = 0;
	for (const image of images) {
		if (image.beforeLine > from) {
			blocks.push({type: 'text', text: formatted.slice(from, image.beforeLine).join('\n')});
			from = image.beforeLine;
		}

		blocks.push(image.block);
	}

	const rest = formatted.slice(from).join('\n');
	const tail = [rest, notice].filter((part) => part !== undefined && part !== '').join('\n\n');
	if (tail !== '' || blocks.length === 0) {
		blocks.push({type: 'text', text: tail});
	}

	return blocks;
}

/** Details of a document read: the fitter's lines and caps, plus the fields given. */
export function documentDetails(
	base: ReadDetails,
	fitter: PartFitter,
	fields: Partial<ReadDetails>,
): ReadDetails {
	return {
		...base,
		kind: 'document',
		linesShown: fitter.lines.length,
		lines: fitter.lines,
		outputBytes: fitter.outputBytes,
		truncation: fitter.truncation,
		clippedLines: fitter.clippedPositions,
		...fields,
	};
}

/** A document that could not be read: kind 'error', code 'document-error', a message saying what to do. */
export function documentError(base: ReadDetails, message: string): ReadResult {
	return errorResult('document-error', message, base);
}

/** The message of an error thrown by a library, for a sentence ("bad XRef entry"). */
export function reasonOf(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	return message.trim().replace(/\.$/, '') || 'unknown error';
}
