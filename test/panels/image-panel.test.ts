import {readFileSync} from 'node:fs';
import {PassThrough} from 'node:stream';
import sharp from 'sharp';
import {describe, expect, test} from 'vitest';
import {detectImageProtocol, prepareInlineImages} from '../../source/panels/inline-image.js';
import {loggedImageDetails} from '../../source/sessions/logged-read.js';
import {createPainter} from '../../source/theme/ansi.js';
import {darkTheme} from '../../source/theme/themes.js';
import type {ToolCallItem} from '../../source/transcript/types.js';
import {printItems} from '../../source/ui/print.js';
import {showTranscript} from '../../source/ui/show.js';
import {noiseBytes} from '../helpers/noise.js';
import {panelText} from '../helpers/panels.js';
import {readFixture, toolCall, transcriptOf} from '../helpers/transcripts.js';

const plain = createPainter(darkTheme, 0);
const kittyStart = '\u001B_Ga=T,f=100,q=2,';
const iterm2Start = '\u001B]1337;File=inline=1;';

async function imageCall() {
	const result = await readFixture('fixtures/images/tiny.png');
	return toolCall('read', {path: 'fixtures/images/tiny.png'}, result);
}

/** The PNG inside the first kitty or iTerm2 sequence of `text`. */
function payload(text: string): Buffer {
	const kitty = [...text.matchAll(/\u001B_G[^;]*;([A-Za-z\d+/=]*)\u001B\\/g)].map((match) => match[1] ?? '');
	if (kitty.length > 0) {
		return Buffer.from(kitty.join(''), 'base64');
	}

	const iterm2 = /\u001B]1337;File=[^:]*:([A-Za-z\d+/=]*)\u0007/.exec(text);
	return Buffer.from(iterm2?.[1] ?? '', 'base64');
}

describe('the read panel for an image', () => {
	test('shows the format and sizes in the header, and a placeholder for the picture', async () => {
		expect(panelText(await imageCall())).toEqual([
			'read fixtures/images/tiny.png  image png · 48x32 · 2.9 KB sent',
			'[picture 48x32: drawn inline in kitty, iTerm2, WezTerm and Ghostty]',
		]);
	});

	test('a scaled image shows both sizes; a BMP shows what it was sent as', async () => {
		const scaled = await readFixture('fixtures/images/tiny.png', {}, {maxImageDimension: 24});
		expect(panelText(toolCall('read', {path: 'fixtures/images/tiny.png'}, scaled))[0]).toMatch(
			/^read fixtures\/images\/tiny\.png {2}image png · 48x32 → 24x16 · [\d.]+ (B|KB) sent$/,
		);
		const bmp = await readFixture('fixtures/images/tiny.bmp');
		expect(panelText(toolCall('read', {path: 'fixtures/images/tiny.bmp'}, bmp))[0]).toMatch(
			/image bmp · 48x32 · [\d.]+ KB sent as png$/,
		);
	});

	test('a damaged image shows why it was not sent', async () => {
		const result = await readFixture('fixtures/images/damaged.png');
		expect(panelText(toolCall('read', {path: 'fixtures/images/damaged.png'}, result), {width: 120})).toEqual([
			'read fixtures/images/damaged.png  image png · not decoded',
			'could not be decoded: corrupt header; the model got a note instead',
		]);
	});
});

test("a replayed image read shows the logged image's format and size, read from its header", async () => {
	const png = readFileSync('fixtures/images/tiny.png').toString('base64');
	const details = loggedImageDetails('claude-code-read', '/x/tiny.png', '/x', png);
	const call = toolCall(
		'Read',
		{file_path: '/x/tiny.png'},
		{content: [{type: 'image', data: png, mimeType: 'image/png'}], isError: false, details},
	);
	expect(panelText(call)).toEqual([
		'Read tiny.png  image png · 48x32 · 2.9 KB sent',
		'[picture 48x32: drawn inline in kitty, iTerm2, WezTerm and Ghostty]',
	]);
});

/** The call printed at 80 columns, collapsed, with pictures for the terminal `env` describes. */
async function printWithPictures(call: ToolCallItem, env: Readonly<Record<string, string>>): Promise<string> {
	const {items} = transcriptOf([call]);
	const inlineImages = await prepareInlineImages(items, detectImageProtocol(env), 80);
	return printItems(items, {width: 80, expanded: false, previewLines: 5, painter: plain, inlineImages});
}

describe('inline pictures', () => {
	test.each([
		[{TERM: 'xterm-kitty'}, 'kitty'],
		[{KITTY_WINDOW_ID: '3', TERM: 'xterm-256color'}, 'kitty'],
		[{TERM_PROGRAM: 'ghostty'}, 'kitty'],
		[{TERM_PROGRAM: 'iTerm.app'}, 'iterm2'],
		[{TERM_PROGRAM: 'WezTerm'}, 'iterm2'],
		[{LC_TERMINAL: 'iTerm2'}, 'iterm2'],
		[{TERM: 'xterm-kitty', LECTOR_NO_IMAGES: '1'}, undefined],
		[{TERM: 'xterm-kitty', LECTOR_NO_IMAGES: '0'}, 'kitty'],
		[{TERM: 'xterm-kitty', TMUX: '/tmp/tmux-0/default,1,0'}, undefined],
		[{TERM: 'xterm-256color'}, undefined],
		[{}, undefined],
	])('%o speaks %s', (env, protocol) => {
		expect(detectImageProtocol(env)).toBe(protocol);
	});

	test('print mode draws the picture under the panel with the kitty protocol', async () => {
		const call = await imageCall();
		const printed = await printWithPictures(call, {TERM: 'xterm-kitty'});
		const lines = printed.split('\n');
		expect(lines.slice(0, 2)).toEqual([
			'read fixtures/images/tiny.png  image png · 48x32 · 2.9 KB sent',
			'[picture 48x32: drawn inline in kitty, iTerm2, WezTerm and Ghostty]',
		]);
		expect(lines[2]?.startsWith(`${kittyStart}c=`)).toBe(true);
		expect(lines[2]?.endsWith('\u001B\\')).toBe(true);
		const picture = await sharp(payload(printed)).metadata();
		expect([picture.format, picture.width, picture.height]).toEqual(['png', 48, 32]);
	});

	test('print mode draws it with iTerm2 inline images, re-encoding a JPEG as PNG', async () => {
		const result = await readFixture('fixtures/images/tiny.jpg');
		const printed = await printWithPictures(toolCall('read', {path: 'fixtures/images/tiny.jpg'}, result), {
			TERM_PROGRAM: 'iTerm.app',
		});
		expect(printed).toContain(iterm2Start);
		expect((await sharp(payload(printed)).metadata()).format).toBe('png');
	});

	test('a large kitty picture is sent in 4096-character chunks', async () => {
		// xorshift32 noise: a PNG too large for one chunk.
		const noise = noiseBytes(300 * 200 * 3);

		const data = (
			await sharp(noise, {raw: {width: 300, height: 200, channels: 3}})
				.png()
				.toBuffer()
		).toString('base64');
		const call = toolCall(
			'Read',
			{file_path: 'shot.png'},
			{content: [{type: 'image', data, mimeType: 'image/png'}], isError: false},
		);
		const pictures = await prepareInlineImages([call], 'kitty', 80);
		const picture = pictures.get(call.id) ?? '';
		const chunks = picture.split('\u001B\\').filter((chunk) => chunk !== '');
		expect(chunks.length).toBeGreaterThan(1);
		expect(chunks.at(-1)).toMatch(/^\u001B_Gm=0;/);
		expect((await sharp(payload(picture)).metadata()).width).toBe(300);
	});

	test('replayed image blocks are drawn too, and ones that do not decode are never written out', async () => {
		const png = (await readFixture('fixtures/images/tiny.png')).content.find(
			(block) => block.type === 'image',
		);
		const logged = toolCall(
			'Read',
			{file_path: '/x/tiny.png'},
			{content: png === undefined ? [] : [png], isError: false},
		);
		const hostile = toolCall(
			'Read',
			{file_path: '/x/evil.png'},
			{
				content: [{type: 'image', data: '\u001B]0;pwned\u0007\u001B[2J', mimeType: 'image/png'}],
				isError: false,
			},
		);
		const pictures = await prepareInlineImages([logged, hostile], 'iterm2', 80);
		expect(pictures.get(logged.id)).toContain(iterm2Start);
		expect(pictures.has(hostile.id)).toBe(false);
		const printed = printItems([logged, hostile], {
			width: 80,
			expanded: false,
			previewLines: 5,
			painter: plain,
			inlineImages: pictures,
		});
		expect(printed).not.toContain('pwned\u0007');
	});

	test('showTranscript draws pictures only when stdout is a terminal', async () => {
		const transcript = transcriptOf([await imageCall()]);
		const capture = async (isTTY: boolean) => {
			const stdout = Object.assign(new PassThrough(), {isTTY, columns: 80});
			let text = '';
			stdout.on('data', (chunk: Buffer) => {
				text += chunk.toString();
			});
			await showTranscript(transcript, {
				print: true,
				expanded: false,
				// A test double: print mode only writes and reads isTTY and columns.
				stdout: stdout as unknown as NodeJS.WriteStream,
				env: {TERM: 'xterm-kitty'},
			});
			return text;
		};

		expect(await capture(true)).toContain(kittyStart);
		expect(await capture(false)).not.toContain('\u001B_G');
	});
});

test('a logged image whose header cannot be read says so once, without repeating "image"', () => {
	const data = Buffer.from('not a png').toString('base64');
	const details = loggedImageDetails('pi-read', '/p/docs/diagram.png', '/p', data);
	const call = toolCall(
		'read',
		{path: 'docs/diagram.png'},
		{content: [{type: 'image', data, mimeType: 'image/png'}], isError: false, details},
	);
	expect(panelText(call)).toEqual([
		'read docs/diagram.png  image · 9 B',
		"image/png: no sizes shown (the image's header could not be read)",
	]);
});
