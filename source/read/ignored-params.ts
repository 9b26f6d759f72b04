/**
Parameters a read call gave that do not apply to the file it reached: `pages` on a text file, `cells`
on a PDF, `outline` on a notebook, `offset` on an image. Dropping one silently would let the model
believe it got what it asked for, so each form of file says in one sentence what it ignored and what
selects its content instead.
*/
import type {FormatReader} from './formats/types.js';
import type {ReadRequest, ReadResult} from './types.js';

/** How the engine reads the file: what its parameters mean. */
export type FileForm = 'text' | FormatReader['name'];

/** What selects content in each form, for the second half of the sentence. */
const instead: Readonly<Record<FileForm, string>> = {
	text: 'this is a text file, read by lines with offset and limit (or tail)',
	docx: 'a Word document is read as text lines, with offset and limit (or tail)',
	pdf: 'pages="…" selects what is read',
	ipynb: 'cells="…" selects what is read',
	image: 'an image is sent whole',
};

function usesLines(request: ReadRequest): boolean {
	const {selection} = request;
	return selection.mode === 'tail' || selection.offset !== 1 || selection.limit !== undefined;
}

/** The parameter names the request used that `form` does not take, in a fixed order. */
function ignoredNames(request: ReadRequest, form: FileForm): string[] {
	const names: string[] = [];
	// The three line parameters are named together, as one way to select, whichever was given.
	if (usesLines(request) && (form === 'pdf' || form === 'ipynb' || form === 'image')) {
		names.push('offset', 'limit', 'tail');
	}

	if (request.pages !== undefined && form !== 'pdf') {
		names.push('pages');
	}

	if (request.cells !== undefined && form !== 'ipynb') {
		names.push('cells');
	}

	if (request.outline && form !== 'text') {
		names.push('outline');
	}

	return names;
}

function listOf(names: readonly string[]): string {
	return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
`pages does not apply here: this is a text file, read by lines with offset and limit (or tail).`, or
undefined when every parameter given applies to `form`.
*/
export function ignoredParamsSentence(request: ReadRequest, form: FileForm): string | undefined {
	const names = ignoredNames(request, form);
	if (names.length === 0) {
		return undefined;
	}

	return `${listOf(names)} ${names.length === 1 ? 'does' : 'do'} not apply here: ${instead[form]}.`;
}

/**
Ends a result's last text block with the sentence as its own bracketed line, the way closing notices
end a read. Results without an ignored parameter come back unchanged.
*/
export function withIgnoredParams(result: ReadResult, request: ReadRequest, form: FileForm): ReadResult {
	const sentence = ignoredParamsSentence(request, form);
	if (sentence === undefined || result.isError) {
		return result;
	}

	const note = `[${sentence}]`;
	const content = [...result.content];
	const lastIndex = content.findLastIndex((block) => block.type === 'text');
	const last = content[lastIndex];
	if (last === undefined || last.type !== 'text') {
		content.push({type: 'text', text: note});
	} else {
		content[lastIndex] = {type: 'text', text: last.text === '' ? note : `${last.text}\n\n${note}`};
	}

	return {...result, content};
}
