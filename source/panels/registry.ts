/**
Which renderer draws which tool: a map from tool names to panel renderers, with the generic panel
as the fallback. Components ask the registry; they never switch on tool names.
*/
import {renderGenericPanel} from './generic-panel.js';
import {renderReadPanel} from './read-panel.js';
import type {PanelRenderer} from './types.js';

const renderers = new Map<string, PanelRenderer>([
	['read', renderReadPanel],
	// Other agents' names for the same tool, as they appear in replayed logs.
	['Read', renderReadPanel],
	['read_file', renderReadPanel],
]);

/** The renderer for a tool name; the generic panel when none is registered. */
export function rendererFor(toolName: string): PanelRenderer {
	return renderers.get(toolName) ?? renderGenericPanel;
}

/** Register (or replace) the renderer for a tool name. */
export function registerPanel(toolName: string, renderer: PanelRenderer): void {
	renderers.set(toolName, renderer);
}
