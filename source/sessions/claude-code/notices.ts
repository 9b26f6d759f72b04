/**
Claude Code 2.1.3xx logs the notice its model got about a token-cap cut as a separate `attachment` line
of type `read_truncation_notice` ({banner}), right after the line holding the read's tool_result (its
`parentUuid`). The read's panel is drawn from the tool-end event; this gives that event the notice.
*/
import {type AgentCut, isAnyReadDetails} from '../../transcript/details.js';
import type {TranscriptEvent} from '../../transcript/types.js';
import {type JsonRecord, rec, str} from '../json.js';
import {claudeCodeCutNotice} from './read.js';

type ToolEnd = Extract<TranscriptEvent, {type: 'tool-end'}>;

/** Read results by the uuid of the line that carried them, the most recent few (the notice follows at once). */
export class RecentReads {
	private readonly byLine = new Map<string, ToolEnd>();

	remember(lineUuid: string | undefined, event: ToolEnd): void {
		if (lineUuid === undefined) {
			return;
		}

		this.byLine.set(lineUuid, event);
		if (this.byLine.size > 16) {
			const oldest = this.byLine.keys().next().value;
			if (oldest !== undefined) {
				this.byLine.delete(oldest);
			}
		}
	}

	/**
	The read's tool-end again, with the notice of a `read_truncation_notice` attachment line; undefined when
	the line is no such attachment or names no read seen.
	*/
	withNotice(line: JsonRecord): ToolEnd | undefined {
		const attachment = rec(line, 'attachment');
		if (str(attachment, 'type') !== 'read_truncation_notice') {
			return undefined;
		}

		const parent = str(line, 'parentUuid');
		const event = parent === undefined ? undefined : this.byLine.get(parent);
		const details = event?.result.details;
		if (event === undefined || !isAnyReadDetails(details) || details.tool !== 'claude-code-read') {
			return undefined;
		}

		const banner = str(attachment, 'banner') ?? '';
		const told = claudeCodeCutNotice(banner);
		const cut: AgentCut = {
			...(details.cut ?? {rule: 'claude-code-token-cap'}),
			notice: told?.notice ?? banner,
			nextOffset: told?.nextOffset,
		};
		const updated: ToolEnd = {...event, result: {...event.result, details: {...details, cut}}};
		this.byLine.set(parent ?? '', updated);
		return updated;
	}
}
