// A terminal for Ink without one, shared by bench/ui.mjs and scripts/screenshots.mjs: a stdout that
// keeps the last frame (Ink in debug mode writes each whole frame at once) and a stdin that delivers
// pressed bytes as Ink reads them (a 'readable' event, then read()).
import {EventEmitter} from 'node:events';

export class FakeStdout extends EventEmitter {
	isTTY = true;
	/** Frames written so far. */
	frames = 0;
	lastFrame = '';
	/** Called after each write, e.g. to time the frame a key press caused. */
	onWrite = undefined;

	/** A terminal of `columns` x `rows` cells. */
	constructor(columns, rows) {
		super();
		this.columns = columns;
		this.rows = rows;
	}

	write(data) {
		this.frames++;
		this.lastFrame = data;
		this.onWrite?.();
		return true;
	}
}

export class FakeStdin extends EventEmitter {
	isTTY = true;
	data = null;
	setEncoding() {}
	setRawMode() {}
	resume() {}
	pause() {}
	ref() {}
	unref() {}
	read = () => {
		const {data} = this;
		this.data = null;
		return data;
	};
	/** Deliver raw key bytes, as one chunk from the terminal. */
	press(data) {
		this.data = data;
		this.emit('readable');
	}
}
