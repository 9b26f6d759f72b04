/**
Pictures over the interactive view. Ink writes text only, so an image panel keeps blank rows and,
after each frame Ink writes, this draws the pictures over them with the terminal's inline image
protocol: the cursor is saved, moved to each picture's first cell, and restored, so Ink's idea of
where it is stays true. Ink rewrites every row of a frame, which erases iTerm2 pictures and leaves
kitty placements where they were, so each frame draws the pictures on screen again: kitty gets each
picture's data once and then only placements; iTerm2 gets the data each time.
*/
import {
	detectImageProtocol,
	type ImageEnv,
	type ImageProtocol,
	iterm2Box,
	kittyPlace,
	kittyTransmit,
} from '../panels/inline-image.js';

/** One picture, fully on screen, where to draw it. Rows and columns are 0-based screen cells. */
export type Placement = {
	/** Identifies the picture (the same picture keeps its key from frame to frame). */
	readonly key: string;
	readonly row: number;
	readonly column: number;
	readonly rows: number;
	readonly columns: number;
	/** The PNG to draw (lector's own encoding, never a file's bytes as they are). */
	readonly png: Buffer;
};

const saveCursor = '\u001B7';
const restoreCursor = '\u001B8';
/** kitty: delete every placement on screen, keeping the images' data for the next placement. */
const kittyClearPlacements = '\u001B_Ga=d,d=a,q=2\u001B\\';

function moveTo(row: number, column: number): string {
	return `\u001B[${row + 1};${column + 1}H`;
}

function signature(placements: readonly Placement[]): string {
	return placements.map((p) => `${p.key}@${p.row},${p.column},${p.rows}x${p.columns}`).join('|');
}

/** kitty image ids given out; more than this are freed oldest first. */
const kittyImagesKept = 64;

export class PictureOverlay {
	private placements: readonly Placement[] = [];
	/** What is on screen now; empty after Ink wrote a frame over it. */
	private drawn = '';
	private pending = false;
	/** Set while this writes, so its own output is not taken for one of Ink's frames. */
	private writing = false;
	/**
	Set by close(): nothing is drawn after it. A draw still scheduled would otherwise land on the main
	screen after the view left the alternate one, and kitty's clear-all would wipe the person's own
	pictures there.
	*/
	private closed = false;
	private readonly kittyIds = new Map<string, number>();
	private nextKittyId = 1;

	private readonly write: (data: string) => void;
	readonly protocol: ImageProtocol;
	private readonly schedule: (callback: () => void) => void;

	/** `write` reaches the terminal; what it writes is never taken for a frame of Ink's. */
	constructor(
		write: (data: string) => void,
		protocol: ImageProtocol,
		schedule: (callback: () => void) => void = setImmediate,
	) {
		this.write = write;
		this.protocol = protocol;
		this.schedule = schedule;
	}

	/** The pictures that should be on screen now (called after each render). */
	show(placements: readonly Placement[]): void {
		if (this.closed) {
			return;
		}

		this.placements = placements;
		if (signature(placements) !== this.drawn) {
			this.request();
		}
	}

	/** Ink wrote to the terminal: what was drawn is gone (iTerm2) or may be in the wrong place (kitty). */
	frameWritten(): void {
		if (this.writing || this.closed) {
			return;
		}

		this.drawn = '';
		this.request();
	}

	/** Remove everything drawn and free the terminal's copies (when the view exits). */
	close(): void {
		this.closed = true;
		this.placements = [];
		if (this.protocol === 'kitty' && this.kittyIds.size > 0) {
			this.output([...this.kittyIds.values()].map((id) => `\u001B_Ga=d,d=I,i=${id},q=2\u001B\\`).join(''));
			this.kittyIds.clear();
		}
	}

	private output(data: string): void {
		this.writing = true;
		try {
			this.write(data);
		} finally {
			this.writing = false;
		}
	}

	private request(): void {
		if (this.pending) {
			return;
		}

		// Ink writes a frame in several calls (synchronized-output markers, the text): draw once after them.
		this.pending = true;
		this.schedule(() => {
			this.pending = false;
			if (!this.closed) {
				this.draw();
			}
		});
	}

	private draw(): void {
		const placements = this.placements;
		const now = signature(placements);
		if (now === this.drawn && now !== '') {
			return;
		}

		const parts: string[] = [];
		if (this.protocol === 'kitty') {
			parts.push(kittyClearPlacements);
		}

		for (const placement of placements) {
			parts.push(moveTo(placement.row, placement.column));
			parts.push(
				this.protocol === 'kitty'
					? this.kittyPicture(placement)
					: iterm2Box(placement.png, placement.columns, placement.rows),
			);
		}

		if (placements.length > 0 || this.protocol === 'kitty') {
			this.output(`${saveCursor}${parts.join('')}${restoreCursor}`);
		}

		this.drawn = now;
	}

	private kittyPicture(placement: Placement): string {
		let id = this.kittyIds.get(placement.key);
		let transmit = '';
		if (id === undefined) {
			id = this.nextKittyId++;
			this.kittyIds.set(placement.key, id);
			transmit = kittyTransmit(placement.png, id);
			if (this.kittyIds.size > kittyImagesKept) {
				const [oldestKey, oldestId] = this.kittyIds.entries().next().value ?? [];
				if (oldestKey !== undefined && oldestKey !== placement.key) {
					this.kittyIds.delete(oldestKey);
					transmit = `\u001B_Ga=d,d=I,i=${oldestId},q=2\u001B\\${transmit}`;
				}
			}
		}

		return `${transmit}${kittyPlace(id, placement.columns, placement.rows)}`;
	}
}

/** An overlay for `stdout` when the terminal (from `env`) speaks an inline image protocol. */
export function pictureOverlayFor(stdout: NodeJS.WriteStream, env: ImageEnv): PictureOverlay | undefined {
	const protocol = detectImageProtocol(env);
	return protocol === undefined
		? undefined
		: new PictureOverlay((data) => {
				stdout.write(data);
			}, protocol);
}
