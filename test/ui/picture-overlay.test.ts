import {describe, expect, test} from 'vitest';
import {PictureOverlay, type Placement} from '../../source/ui/picture-overlay.js';

const png = Buffer.from('not really a png, only bytes to carry');
const base64 = png.toString('base64');

/** An overlay whose writes are collected and whose scheduled draws run on `flush()`. */
function harness(protocol: 'kitty' | 'iterm2') {
	const writes: string[] = [];
	const queue: Array<() => void> = [];
	const overlay = new PictureOverlay(
		(data) => {
			writes.push(data);
		},
		protocol,
		(callback) => {
			queue.push(callback);
		},
	);
	const flush = () => {
		for (const callback of queue.splice(0)) {
			callback();
		}
	};

	return {overlay, writes, flush};
}

const picture: Placement = {key: 'call-1#0', row: 4, column: 2, rows: 8, columns: 24, png};

describe('iTerm2', () => {
	test('draws each picture at its cell with the cursor saved and restored, once per frame', () => {
		const {overlay, writes, flush} = harness('iterm2');
		overlay.show([picture]);
		expect(writes).toEqual([]);
		flush();
		expect(writes).toEqual([
			`\u001B7\u001B[5;3H\u001B]1337;File=inline=1;size=${png.length};width=24;height=8;preserveAspectRatio=1:${base64}\u0007\u001B8`,
		]);

		// The same pictures in the same places: nothing to do until Ink writes over them.
		overlay.show([{...picture}]);
		flush();
		expect(writes).toHaveLength(1);
		overlay.frameWritten();
		overlay.frameWritten();
		flush();
		expect(writes).toHaveLength(2);
		expect(writes[1]).toBe(writes[0]);
	});

	test('nothing on screen writes nothing', () => {
		const {overlay, writes, flush} = harness('iterm2');
		overlay.show([]);
		overlay.frameWritten();
		flush();
		expect(writes).toEqual([]);
	});
});

describe('kitty', () => {
	test('sends a picture once, then only places it; clears old placements first; frees it on close', () => {
		const {overlay, writes, flush} = harness('kitty');
		overlay.show([picture]);
		flush();
		expect(writes).toEqual([
			`\u001B7\u001B_Ga=d,d=a,q=2\u001B\\\u001B[5;3H\u001B_Ga=t,f=100,i=1,q=2,m=0;${base64}\u001B\\\u001B_Ga=p,i=1,c=24,r=8,C=1,q=2\u001B\\\u001B8`,
		]);

		// Scrolled by two rows: the same image id, placed again, with no data.
		overlay.show([{...picture, row: 2}]);
		flush();
		expect(writes[1]).toBe(
			'\u001B7\u001B_Ga=d,d=a,q=2\u001B\\\u001B[3;3H\u001B_Ga=p,i=1,c=24,r=8,C=1,q=2\u001B\\\u001B8',
		);

		// Scrolled off: only the clearing of placements.
		overlay.show([]);
		flush();
		expect(writes[2]).toBe('\u001B7\u001B_Ga=d,d=a,q=2\u001B\\\u001B8');

		overlay.close();
		expect(writes[3]).toBe('\u001B_Ga=d,d=I,i=1,q=2\u001B\\');
	});

	test('its own writes are not taken for Ink frames (no endless redraw)', () => {
		const writes: string[] = [];
		const queue: Array<() => void> = [];
		let overlay: PictureOverlay | undefined;
		overlay = new PictureOverlay(
			(data) => {
				writes.push(data);
				// As renderFullScreen's wrapped stdout.write would.
				overlay?.frameWritten();
			},
			'kitty',
			(callback) => {
				queue.push(callback);
			},
		);
		overlay.show([picture]);
		for (let round = 0; round < 5 && queue.length > 0; round++) {
			for (const callback of queue.splice(0)) {
				callback();
			}
		}

		expect(writes).toHaveLength(1);
		expect(queue).toHaveLength(0);
	});
});

test('after close nothing more is drawn, not even a draw already scheduled (it would land on the main screen)', () => {
	const {overlay, writes, flush} = harness('kitty');
	overlay.show([picture]);
	flush();
	overlay.frameWritten();
	overlay.close();
	const closing = writes.length;
	flush();
	overlay.show([picture]);
	overlay.frameWritten();
	flush();
	expect(writes).toHaveLength(closing);
	expect(writes.at(-1)).toBe('\u001B_Ga=d,d=I,i=1,q=2\u001B\\');
});
