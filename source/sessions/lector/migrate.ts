/**
Version 1 of lector's log, read as version 2. Version 1 had no typed events for what it meant: a
direct command was a `direct-` id, a compaction a `compaction-` notice with its summary after a
`Summary:` marker, a `/model` switch a `model-` notice (with, from some release on, a `model-switch`
line after it), and read details had no `tool` tag. This is the only place that knows that encoding:
it rewrites each version 1 line into the version 2 lines it means, before any event is parsed.
`--continue` appends version 2 lines to a version 1 log; they pass through unchanged.
*/
import {isRecord, type JsonRecord, str} from '../json.js';

const directPrefix = 'direct-';
const compactionPrefix = 'compaction-';
const modelSwitchPrefix = 'model-';
const summaryMarker = '\n\nSummary:\n';
/** How a version 1 switch notice began (`Switched to openai · gpt-4.1 (was …`); model names have no spaces. */
const switchNotice = /^Switched to (\S+) · (\S+) \(was /;

type SwitchSeen = {
	readonly id: string;
	readonly provider: string;
	readonly model: string;
	readonly text: string;
};

/** Rewrites one version 1 line (parsed JSON) into the version 2 lines it stands for. */
export type V1Migration = (line: JsonRecord) => JsonRecord[];

function withEvent(line: JsonRecord, event: JsonRecord): JsonRecord {
	return {...line, event};
}

/** Read details logged before the tag: the engine's records had `kind` and `displayPath`. */
function taggedResult(result: unknown): unknown {
	if (!isRecord(result) || !isRecord(result['details'])) {
		return result;
	}

	const details = result['details'];
	const untaggedRead = details['tool'] === undefined && typeof details['kind'] === 'string';
	return untaggedRead ? {...result, details: {tool: 'read', ...details}} : result;
}

/** A migration for one log: it remembers the last switch notice, which a `model-switch` line may follow. */
export function createV1Migration(): V1Migration {
	let lastSwitch: SwitchSeen | undefined;
	const migrateEvent = (line: JsonRecord, event: JsonRecord): JsonRecord[] => {
		const id = str(event, 'id') ?? '';
		const type = str(event, 'type');
		if (type === 'user-text' && id.startsWith(directPrefix)) {
			return [withEvent(line, {...event, type: 'direct-command'})];
		}

		if (type === 'tool-start' && id.startsWith(directPrefix)) {
			return [withEvent(line, {...event, direct: true})];
		}

		if (type === 'tool-end') {
			return [withEvent(line, {...event, result: taggedResult(event['result'])})];
		}

		const text = str(event, 'text');
		if (type !== 'notice' || text === undefined) {
			return [line];
		}

		const marker = text.indexOf(summaryMarker);
		if (id.startsWith(compactionPrefix) && marker >= 0) {
			return [withEvent(line, {type: 'compaction', id, summary: text.slice(marker + summaryMarker.length)})];
		}

		const match = id.startsWith(modelSwitchPrefix) ? switchNotice.exec(text) : null;
		if (match?.[1] && match[2]) {
			lastSwitch = {id, provider: match[1], model: match[2], text};
			return [withEvent(line, {type: 'model-switch', id, to: {provider: match[1], model: match[2]}, text})];
		}

		return [line];
	};

	return (line) => {
		const type = str(line, 'type');
		if (type === 'event' && isRecord(line['event'])) {
			return migrateEvent(line, line['event']);
		}

		if (type !== 'model-switch') {
			return [line];
		}

		// The line after a switch notice holds the same switch as data: it corrects the notice's reading.
		const provider = str(line, 'provider')?.trim();
		const model = str(line, 'model')?.trim();
		if (!provider || !model) {
			return [line];
		}

		if (lastSwitch !== undefined && lastSwitch.provider === provider && lastSwitch.model === model) {
			return [];
		}

		const id = lastSwitch?.id ?? `model-switch-${str(line, 'at') ?? ''}`;
		const text = lastSwitch?.text ?? `Switched to ${provider} · ${model}.`;
		lastSwitch = {id, provider, model, text};
		return [{type: 'event', at: line['at'], event: {type: 'model-switch', id, to: {provider, model}, text}}];
	};
}
