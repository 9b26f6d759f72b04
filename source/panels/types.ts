/** The contract between the transcript view and every panel renderer. */
import type {StyledLine} from '../text/styled.js';
import type {Role} from '../theme/roles.js';
import type {ToolCallItem} from '../transcript/types.js';

/** A row of a panel: segments with roles, at most the panel's width in columns. */
export type Row = StyledLine<Role>;

/** How a panel should be drawn. Everything a renderer may depend on is here, so views can be cached on it. */
export type PanelContext = {
	/** Columns available to the panel (the view's width minus its focus marker). */
	readonly width: number;
	readonly expanded: boolean;
	/** Lines of a collapsed preview; 0 shows the header alone. */
	readonly previewLines: number;
	/**
	How to see the rest, naming a key that really works here (from the key table), e.g.
	`ctrl+o to expand`; printed output names the `--expanded` flag instead.
	*/
	readonly expandHint: string;
	/** The current spinner glyph, for running calls. */
	readonly spinner: string;
	/**
	Set when the terminal draws pictures (an inline image protocol, interactive view): the most rows a
	picture may take, so that it fits on screen whole. Image panels then keep blank rows where the view
	draws the picture, and say where in `PanelView.pictures`.
	*/
	readonly pictureRows?: number;
};

/**
Blank rows of a panel that a picture is drawn over, after the frame is written (a picture cannot be
a part of Ink's text). `block` is the image block's index in the call's result content.
*/
export type PictureSpot = {
	/** First row, counted in the panel's rows. */
	readonly row: number;
	readonly rows: number;
	/** Columns from the panel's left edge. */
	readonly column: number;
	readonly columns: number;
	readonly block: number;
};

/**
A panel laid out at one width: its height in rows, and its rows on demand. Expanded code views
build (and highlight) only the rows asked for, so a frame costs what is on screen.
*/
export type PanelView = {
	readonly height: number;
	/** Rows `start` (inclusive) to `end` (exclusive), clamped to the panel. */
	rows(start: number, end: number): Row[];
	/** Pictures to draw over blank rows of this view (only when the context allows pictures). */
	readonly pictures?: readonly PictureSpot[];
};

/** Renders one tool call. Pure: the same call and context give the same rows. */
export type PanelRenderer = (call: ToolCallItem, context: PanelContext) => PanelView;
