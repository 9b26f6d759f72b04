import {docxReader} from './docx.js';
import {imageReader} from './image.js';
import {notebookReader} from './notebook.js';
import {pdfReader} from './pdf.js';
import type {FormatReader} from './types.js';

/** Format readers in the order they are tried. */
export const formatReaders: readonly FormatReader[] = [imageReader, pdfReader, docxReader, notebookReader];

/** The reader that claims a file, if any. */
export function findFormatReader(sample: Uint8Array, filePath: string): FormatReader | undefined {
	return formatReaders.find((reader) => reader.matches(sample, filePath));
}
