/**
What a Claude Code `user` line's text means. Both people's prompts and the harness's own messages
are typed `user`: slash commands are wrapped in `<command-name>` tags, their output in
`<local-command-stdout>`, interruptions are bracketed sentences, and reminders are
`<system-reminder>` blocks. Only real prompts become user items.
*/
import type {TranscriptEvent} from '../../transcript/types.js';

function tag(text: string, name: string): string | undefined {
	const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(text);
	return match?.[1]?.trim();
}

/** The event for one user text, or a reason to skip it. */
export function userTextEvent(id: string, text: string): TranscriptEvent | string {
	const trimmed = text.trim();
	if (trimmed === '') {
		return 'empty user text';
	}

	const command = tag(trimmed, 'command-name');
	if (command !== undefined) {
		const args = tag(trimmed, 'command-args') ?? '';
		const name = command.startsWith('/') ? command : `/${command}`;
		return {type: 'user-text', id, text: args === '' ? name : `${name} ${args}`};
	}

	const stdout = tag(trimmed, 'local-command-stdout');
	if (stdout !== undefined) {
		return stdout === '' ? 'empty command output' : {type: 'notice', id, level: 'info', text: stdout};
	}

	if (trimmed.startsWith('[Request interrupted by user')) {
		return {type: 'notice', id, level: 'warning', text: trimmed.replaceAll(/^\[|\]$/g, '')};
	}

	if (/^(?:<system-reminder>[\s\S]*?<\/system-reminder>\s*)+$/.test(trimmed)) {
		return 'system reminder';
	}

	return {type: 'user-text', id, text};
}
