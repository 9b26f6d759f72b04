/**
Pictures drawn inside the terminal with the kitty graphics protocol or iTerm2's inline images.
These are escape sequences, so they are only ever built here, from PNG bytes lector encoded itself
(see read/image/thumbnail.ts): never from a file's text or a log's base64 as is. The base64
alphabet has no control characters, so the payload cannot end the sequence early.
*/
import {terminalPng} from '../read/image/thumbnail.js';
import type {TranscriptItem} from '../transcript/types.js';

/** The inline image protocols lector speaks. */
export type ImageProtocol = 'kitty' | 'iterm2';

/** Environment variables the detection reads. */
export type ImageEnv = Readonly<Record<string, string | undefined>>;

/**
The protocol the terminal speaks, from its environment; undefined when it speaks none, inside
tmux or screen (they swallow the sequences unless set up for passthrough), or when
LECTOR_NO_IMAGES is set to anything but "0" or "".
*/
export function detectImageProtocol(env: ImageEnv): ImageProtocol | undefined {
	const off = env['LECTOR_NO_IMAGES'];
	if (
		(off !== undefined && off !== '' && off !== '0') ||
		env['TMUX'] !== undefined ||
		env['STY'] !== undefined
	) {
		return undefined;
	}

	const term = env['TERM'] ?? '';
	const program = env['TERM_PROGRAM'] ?? '';
	if (
		term === 'xterm-kitty' ||
		env['KITTY_WINDOW_ID'] !== undefined ||
		program === 'ghostty' ||
		term === 'xterm-ghostty'
	) {
		return 'kitty';
	}

	if (program === 'iTerm.app' || program === 'WezTerm' || env['LC_TERMINAL'] === 'iTerm2') {
		return 'iterm2';
	}

	return undefined;
}

/** Base64 characters per kitty graphics chunk (the protocol's maximum). */
const kittyChunk = 4096;

/** A PNG drawn `columns` cells wide (rows follow the aspect ratio), then a line end. */
export function kittyImage(png: Buffer, columns: number): string {
	const data = png.toString('base64');
	const parts: string[] = [];
	for (let start = 0; start < data.length || start === 0; start += kittyChunk) {
		const chunk = data.slice(start, start + kittyChunk);
		const more = start + kittyChunk < data.length ? 1 : 0;
		// a=T transmit and show, f=100 PNG, q=2 no replies (they would land in stdin as keys).
		const keys = start === 0 ? `a=T,f=100,q=2,c=${columns},m=${more}` : `m=${more}`;
		parts.push(`\u001B_G${keys};${chunk}\u001B\\`);
	}

	return parts.join('');
}

/**
Sends a PNG to kitty under `id` without showing it (a=t), so later frames place it by id alone.
*/
export function kittyTransmit(png: Buffer, id: number): string {
	const data = png.toString('base64');
	const parts: string[] = [];
	for (let start = 0; start < data.length || start === 0; start += kittyChunk) {
		const chunk = data.slice(start, start + kittyChunk);
		const more = start + kittyChunk < data.length ? 1 : 0;
		const keys = start === 0 ? `a=t,f=100,i=${id},q=2,m=${more}` : `m=${more}`;
		parts.push(`\u001B_G${keys};${chunk}\u001B\\`);
	}

	return parts.join('');
}

/** Shows kitty image `id` at the cursor in a box of `columns` x `rows` cells; C=1 leaves the cursor put. */
export function kittyPlace(id: number, columns: number, rows: number): string {
	return `\u001B_Ga=p,i=${id},c=${columns},r=${rows},C=1,q=2\u001B\\`;
}

/** An image drawn at the cursor, fitted in `columns` x `rows` cells, with iTerm2's OSC 1337. */
export function iterm2Box(png: Buffer, columns: number, rows: number): string {
	return `\u001B]1337;File=inline=1;size=${png.length};width=${columns};height=${rows};preserveAspectRatio=1:${png.toString('base64')}\u0007`;
}

/** An image drawn `columns` cells wide with iTerm2's OSC 1337 (also WezTerm). */
export function iterm2Image(png: Buffer, columns: number): string {
	return `\u001B]1337;File=inline=1;size=${png.length};width=${columns};preserveAspectRatio=1:${png.toString('base64')}\u0007`;
}

/** Columns for a picture: at most `maxColumns`, and no taller than `maxRows` rows (cells are about twice as tall as wide). */
export function pictureColumns(width: number, height: number, maxColumns: number, maxRows: number): number {
	const byHeight = Math.floor((maxRows * 2 * width) / Math.max(1, height));
	return Math.max(4, Math.min(maxColumns, byHeight));
}

/** Most rows one picture may take. */
const maxPictureRows = 20;
/** Most columns one picture may take. */
const maxPictureColumns = 60;

/**
The pictures to draw under each tool call in print mode, keyed by item id: every image block of
every finished call, live or replayed, re-encoded by lector into a small PNG. Blocks that do not
decode are skipped (the panel's placeholder stays).
*/
export async function prepareInlineImages(
	items: readonly TranscriptItem[],
	protocol: ImageProtocol | undefined,
	width: number,
): Promise<Map<string, string>> {
	const pictures = new Map<string, string>();
	if (protocol === undefined) {
		return pictures;
	}

	for (const item of items) {
		if (item.type !== 'tool' || item.result === undefined) {
			continue;
		}

		const drawn: string[] = [];
		for (const block of item.result.content) {
			if (block.type !== 'image') {
				continue;
			}

			const png = await terminalPng(Buffer.from(block.data, 'base64'));
			if (png === undefined) {
				continue;
			}

			const columns = pictureColumns(
				png.width,
				png.height,
				Math.min(maxPictureColumns, Math.max(4, width - 2)),
				maxPictureRows,
			);
			drawn.push(protocol === 'kitty' ? kittyImage(png.data, columns) : iterm2Image(png.data, columns));
		}

		if (drawn.length > 0) {
			pictures.set(item.id, drawn.join('\n'));
		}
	}

	return pictures;
}
