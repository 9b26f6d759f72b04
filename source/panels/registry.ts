/**
Which renderer draws which call: chosen by the tag of the result's details (`details.tool`), or,
while the call runs, by the tag its start carried; the generic panel for everything else. Components
ask the registry; nothing switches on tool names or guesses from a record's shape.
*/
import type {ToolTag} from '../transcript/details.js';
import type {ToolCallItem} from '../transcript/types.js';
import {renderGenericPanel} from './generic-panel.js';
import {renderReadPanel} from './read-panel.js';
import type {PanelRenderer} from './types.js';

const renderers: Readonly<Record<ToolTag, PanelRenderer>> = {
	read: renderReadPanel,
	'claude-code-read': renderReadPanel,
	'codex-read': renderReadPanel,
	'pi-read': renderReadPanel,
	ls: renderGenericPanel,
	find: renderGenericPanel,
	grep: renderGenericPanel,
	logged: renderGenericPanel,
};

/** The renderer for a call; the generic panel for a finished call whose result has no details. */
export function rendererFor(call: ToolCallItem): PanelRenderer {
	const tag = call.result === undefined ? call.tag : call.result.details?.tool;
	return tag === undefined ? renderGenericPanel : renderers[tag];
}
