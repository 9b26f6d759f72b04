import type {CommandHelp} from '../help/command-help.js';

/** The agent shell's entry in the help table: `lector` with no command, so its name is empty. */
export const shellHelp: CommandHelp = {
	name: '',
	synopsis: 'lector',
	title: 'the shell',
	summary: 'Ask a model about the code in this folder (the agent shell)',
	optionsNote: 'keys: docs/shell.md; models: docs/agent.md',
	options: `
  --cwd DIR            The workspace the model reads (default: the current folder)
  --provider NAME      anthropic or openai (any OpenAI-compatible server)
  --model NAME         The model, e.g. claude-sonnet-4-5 or qwen2.5-coder
  --base-url URL       http://host:port for Anthropic, http://host:port/v1 for OpenAI-compatible
  --max-output-tokens N
                       The longest answer the model may give, in tokens (default 8192)
  --continue           Resume the last session of this folder
  --allow-outside      Let the tools read outside the workspace (default: confined to it)
  --max-lines N, --max-bytes N
                       The read caps (default 2000 lines and 51200 bytes, lowered so one read
                       takes at most a quarter of the model's context window)
  --demo LOG           Show a lector session log first (npm start uses fixtures/demo-session.jsonl)`,
};
