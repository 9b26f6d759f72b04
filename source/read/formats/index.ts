import type {FormatReader} from './types.js';

/** Format readers in the order they are tried. */
export const formatReaders: readonly FormatReader[] = [];

/** The reader that claims a file, if any. */
export function findFormatReader(sample: Uint8Array, filePath: string): FormatReader | undefined {
	return formatReaders.find((reader) => reader.matches(sample, filePath));
}
