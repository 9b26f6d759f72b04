/**
The format readers, in the order they are tried. Each reader's code (and pdf.js, mammoth, sharp
behind it) is imported only when a file of its format is read: a text read loads none of them.
*/
import {isImage, isNotebook, isPdf, isWord} from './claims.js';
import type {FormatReader} from './types.js';

export const formatReaders: readonly FormatReader[] = [
	{
		name: 'image',
		tooLargeAdvice:
			'Make a smaller copy with an image tool (e.g. `convert file -resize 2000x2000 small.png`) and read that.',
		matches: isImage,
		read: async (input) => (await import('./image.js')).readImage(input),
	},
	{
		name: 'pdf',
		tooLargeAdvice: 'Extract some pages with a shell command such as `pdftotext -f 1 -l 10 file.pdf -`.',
		matches: isPdf,
		read: async (input) => (await import('./pdf.js')).readPdf(input),
	},
	{
		name: 'docx',
		tooLargeAdvice:
			'Extract its text with a shell command such as `unzip -p file.docx word/document.xml | head -c 50000`.',
		matches: isWord,
		read: async (input) => (await import('./docx.js')).readDocx(input),
	},
	{
		name: 'ipynb',
		tooLargeAdvice:
			'Print some cells with a shell command such as `jq -r \'.cells[:20][] | .source | join("")\' file.ipynb`.',
		matches: isNotebook,
		read: async (input) => (await import('./notebook.js')).readNotebook(input),
	},
];

/** The reader that claims a file, if any. */
export function findFormatReader(sample: Uint8Array, filePath: string): FormatReader | undefined {
	return formatReaders.find((reader) => reader.matches(sample, filePath));
}
