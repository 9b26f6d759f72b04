/**
A running call's path as its finished panel will show it. A finished read's panel takes its path
from the read's details (relative to the session's folder); a running call has only its arguments,
often an absolute path (`/home/ada/p/foo.ts`), so under `--follow` the path would change form when
the result arrived. Replay knows the session's folder, and says how to show it from the start.
*/
import path from 'node:path';
import {displayPathOf} from '../read/details.js';
import {pathArgument} from '../read/params.js';
import type {TranscriptEvent} from '../transcript/types.js';

/** `events` with `displayPath` set on each call start that names a path, when the folder is known. */
export function withDisplayPaths(
	events: readonly TranscriptEvent[],
	cwd: string | undefined,
): readonly TranscriptEvent[] {
	if (cwd === undefined || cwd === '' || !events.some((event) => event.type === 'tool-start')) {
		return events;
	}

	return events.map((event) => {
		if (event.type !== 'tool-start' || event.displayPath !== undefined) {
			return event;
		}

		const given = pathArgument(event.args);
		return given === undefined
			? event
			: {...event, displayPath: displayPathOf(path.resolve(cwd, given), cwd)};
	});
}
