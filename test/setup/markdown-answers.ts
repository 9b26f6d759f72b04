// Tests see answers as the shell, replay and watch show them: with the Markdown renderer loaded
// (commands/run-cli.ts loads it before those commands run; test/panels/answers.test.ts checks both).
import {loadMarkdownAnswers} from '../../source/panels/answers.js';

await loadMarkdownAnswers();
