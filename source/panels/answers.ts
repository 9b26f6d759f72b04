/**
How the model's answers are drawn and searched: as Markdown (markdown-view.ts) once a command that
shows answers has loaded it, as plain wrapped text until then. The Markdown parser is the largest
module a panel needs and `lector read` never shows an answer: loaded with every panel, it cost a
`read --print` about a tenth of its start. The shell, replay and watch load it before their first
frame (commands/run-cli.ts).
*/
import type {AssistantTextItem} from '../transcript/types.js';
import type {PanelView} from './types.js';

type AnswerRenderer = {
	view(item: AssistantTextItem, width: number): PanelView;
	/** The words the answer shows, for search. */
	text(item: AssistantTextItem): string;
};

let loaded: AnswerRenderer | undefined;

/** The Markdown renderer, once loadMarkdownAnswers() has run; undefined before. */
export function answerRenderer(): AnswerRenderer | undefined {
	return loaded;
}

/** Load the Markdown renderer for answers (idempotent). */
export async function loadMarkdownAnswers(): Promise<void> {
	if (loaded === undefined) {
		const {answerText, markdownView} = await import('./markdown-view.js');
		loaded = {view: markdownView, text: answerText};
	}
}
