/**
lector's own session log as a replay adapter (the format is in log-format.ts). The lines go through
the one reader of lector's log, which migrates version 1 logs; this adds the session facts and
closes the calls a complete log left open.
*/
import {
	type AdapterContext,
	type AdapterOutput,
	closeOpenCalls,
	nothing,
	type SessionAdapter,
	type SessionMeta,
} from '../types.js';
import {LectorLogReader} from './log-reader.js';

/** Reads lector's session log. */
export function createLectorAdapter(context: AdapterContext): SessionAdapter {
	const {stats} = context;
	const reader = new LectorLogReader();
	let meta: SessionMeta = {format: 'lector', agent: 'lector'};
	const open = new Set<string>();
	return {
		format: 'lector',
		push(value, line): AdapterOutput {
			const events = [];
			for (const result of reader.push(value)) {
				if (result.kind === 'bad') {
					stats.note(result.category, result.reason, line);
					continue;
				}

				if (result.kind === 'header') {
					const {header} = result;
					meta = {
						...meta,
						id: header.id,
						cwd: header.cwd,
						startedAt: header.startedAt,
						model: header.model ?? meta.model,
						version: String(header.version),
					};
					continue;
				}

				const {event} = result;
				if (event.type === 'tool-start') {
					open.add(event.id);
				} else if (event.type === 'tool-end') {
					open.delete(event.id);
				} else if (event.type === 'reset') {
					open.clear();
				} else if (event.type === 'model-switch') {
					meta = {...meta, model: event.to.model};
				}

				events.push(event);
			}

			return events.length === 0 ? nothing : {events};
		},
		end(): AdapterOutput {
			return {events: closeOpenCalls(open, stats)};
		},
		meta: () => meta,
	};
}
