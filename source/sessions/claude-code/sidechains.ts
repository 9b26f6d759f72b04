/**
Older Claude Code logs write a subagent's lines into the main file, marked `isSidechain: true`,
instead of a file of their own. Each sidechain line's `parentUuid` names the line before it in the
subagent's conversation; the first one's names the assistant line holding the Task call, or nothing,
and then its prompt (the Task's `prompt` argument) is what tells. These links are followed here so
the subagent's calls nest under the call that started them, to any depth: a sidechain's own Task
call is a Task line like any other.
*/
import {arr, isRecord, type JsonRecord, rec, str} from '../json.js';

/** Tool names that start a subagent (Claude Code renamed Task to Agent). */
const taskNames = new Set(['Task', 'Agent']);

type TaskCall = {readonly id: string; readonly prompt: string | undefined};

/** The prompt a user line carries: its text, when it has no tool results. */
function promptOf(line: JsonRecord): string | undefined {
	if (str(line, 'type') !== 'user') {
		return undefined;
	}

	const message = rec(line, 'message');
	const content = message?.['content'];
	if (typeof content === 'string') {
		return content.trim();
	}

	const texts: string[] = [];
	for (const block of arr(message, 'content')) {
		if (!isRecord(block) || str(block, 'type') === 'tool_result') {
			return undefined;
		}

		const text = str(block, 'text');
		if (text !== undefined) {
			texts.push(text);
		}
	}

	return texts.length === 0 ? undefined : texts.join('\n').trim();
}

/** Links sidechain lines of one main file to the Task calls that started them. */
export class SidechainLinks {
	/** Assistant lines holding Task calls, by uuid. */
	private readonly tasksByLine = new Map<string, readonly TaskCall[]>();
	/** Sidechain lines already linked, by uuid: the call they nest under. */
	private readonly linked = new Map<string, string>();
	/** Task calls with a prompt that no sidechain claimed yet, oldest first. */
	private readonly unclaimed: TaskCall[] = [];

	/** Records the Task calls of an assistant line (of the main conversation or of a sidechain). */
	noteAssistantLine(line: JsonRecord): void {
		const uuid = str(line, 'uuid');
		const tasks: TaskCall[] = [];
		for (const block of arr(rec(line, 'message'), 'content')) {
			const id = isRecord(block) ? str(block, 'id') : undefined;
			if (isRecord(block) && id !== undefined && taskNames.has(str(block, 'name') ?? '')) {
				const prompt = str(rec(block, 'input'), 'prompt')?.trim();
				tasks.push({id, prompt: prompt === '' ? undefined : prompt});
			}
		}

		if (tasks.length === 0) {
			return;
		}

		if (uuid !== undefined) {
			this.tasksByLine.set(uuid, tasks);
		}

		this.unclaimed.push(...tasks.filter((task) => task.prompt !== undefined));
	}

	/**
	The call a sidechain line nests under. A prompt whose parent line holds Task calls starts that
	Task's subagent (a sidechain's own Task call starts one a level deeper); any other line continues
	the conversation of its parent line. A prompt linked to no line is matched to the oldest unclaimed
	Task call with the same prompt. Undefined when nothing links the line.
	*/
	link(line: JsonRecord): string | undefined {
		const parent = str(line, 'parentUuid');
		const prompt = promptOf(line);
		let call: string | undefined;
		if (parent !== undefined) {
			// The Task line's own result also names it as parent, but continues the outer conversation.
			call = prompt === undefined ? undefined : this.fromTaskLine(parent, prompt);
			call ??= this.linked.get(parent) ?? this.fromTaskLine(parent, undefined);
		}

		call ??= prompt === undefined ? undefined : this.claim((task) => task.prompt === prompt);
		const uuid = str(line, 'uuid');
		if (call !== undefined && uuid !== undefined) {
			this.linked.set(uuid, call);
		}

		return call;
	}

	private fromTaskLine(parent: string, prompt: string | undefined): string | undefined {
		const tasks = this.tasksByLine.get(parent);
		if (tasks === undefined) {
			return undefined;
		}

		// Several Task calls on one line: only the prompt tells them apart.
		const task = tasks.length === 1 ? tasks[0] : tasks.find((candidate) => candidate.prompt === prompt);
		return task === undefined ? undefined : (this.claim((candidate) => candidate.id === task.id) ?? task.id);
	}

	private claim(matches: (task: TaskCall) => boolean): string | undefined {
		const index = this.unclaimed.findIndex(matches);
		if (index === -1) {
			return undefined;
		}

		const [task] = this.unclaimed.splice(index, 1);
		return task?.id;
	}
}
