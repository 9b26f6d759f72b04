/**
Ink redraws a frame by erasing every row it drew, bottom to top, then writing the new rows. Inside
synchronized output the terminal shows only the result, but a terminal without it (tmux 3.3, older
xterms) shows each step it has read: a screen blank for a moment, ten times a second while a log
loads, whenever a frame arrives in more than one read. Rewritten, a frame goes to the top-left corner
and replaces each row in place (each row is cleared just before it is written): at any moment the
screen shows whole rows of the old frame or of the new one, and at most one row blank.
*/

/** Ink's erase of its last frame (ansi-escapes' eraseLines): each row cleared, moving up, then column 1. */
const inkErase = /^(?:\u001B\[2K\u001B\[1A)*\u001B\[2K\u001B\[G/;

const home = '\u001B[H';
const clearRow = '\u001B[2K';
const clearBelow = '\u001B[J';

/**
`chunk` rewritten to draw in place when it is Ink's erase-and-redraw of a frame that starts at the
top of the screen (a full-screen view on the alternate screen); anything else as it is.
*/
export function inPlaceFrame(chunk: string): string {
	const erase = inkErase.exec(chunk);
	if (erase === null) {
		return chunk;
	}

	const rows = chunk.slice(erase[0].length).split('\n');
	return `${home}${rows.map((row) => `${clearRow}${row}`).join('\n')}${clearBelow}`;
}
