/**
Pictures in the interactive view: the image panel keeps blank rows and the overlay is asked to draw
the picture over exactly those rows, only while all of them are on screen.
*/
import {afterEach, expect, test} from 'vitest';
import {defaultBindings} from '../../source/keys/bindings.js';
import {createPainter} from '../../source/theme/ansi.js';
import {darkTheme} from '../../source/theme/themes.js';
import {PictureOverlay, type Placement} from '../../source/ui/picture-overlay.js';
import TranscriptView from '../../source/ui/transcript-view.js';
import {type Rendered, renderAt} from '../helpers/render.js';
import {readFixture, toolCall, transcriptOf} from '../helpers/transcripts.js';

const columns = 100;
const rows = 30;
let current: Rendered | undefined;

afterEach(() => {
	current?.unmount();
	current = undefined;
});

/** An overlay that records what it is asked to show, and writes nothing. */
class RecordingOverlay extends PictureOverlay {
	shown: readonly Placement[] = [];

	constructor() {
		super(() => undefined, 'kitty');
	}

	override show(placements: readonly Placement[]): void {
		this.shown = placements;
		super.show(placements);
	}
}

async function imageTranscript() {
	return transcriptOf([
		toolCall('read', {path: 'fixtures/ui/greeting.ts'}, await readFixture('fixtures/ui/greeting.ts')),
		toolCall('read', {path: 'fixtures/images/tiny.png'}, await readFixture('fixtures/images/tiny.png')),
		toolCall('read', {path: 'fixtures/ui/server.py'}, await readFixture('fixtures/ui/server.py')),
	]);
}

test('the picture is drawn over the blank rows under the image panel header', async () => {
	const overlay = new RecordingOverlay();
	current = await renderAt(
		<TranscriptView
			transcript={await imageTranscript()}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 0)}
			previewLines={5}
			pictures={overlay}
			start="top"
		/>,
		columns,
		rows,
	);
	// The PNG is made off the key path (sharp); the frame after it is ready asks for the picture.
	for (let attempt = 0; attempt < 500 && overlay.shown.length === 0; attempt++) {
		await new Promise((resolve) => {
			setTimeout(resolve, 5);
		});
	}

	const [placement] = overlay.shown;
	expect(placement).toBeDefined();
	if (placement === undefined) {
		return;
	}

	// tiny.png is 48x32: 24 columns, 8 rows collapsed, after the 2-column focus marker.
	expect({rows: placement.rows, columns: placement.columns, column: placement.column}).toEqual({
		rows: 8,
		columns: 24,
		column: 2,
	});
	expect(placement.png.subarray(1, 4).toString()).toBe('PNG');
	const lines = current.frame().split('\n');
	expect(lines[placement.row - 1]).toContain('read fixtures/images/tiny.png  image png · 48x32');
	for (const line of lines.slice(placement.row, placement.row + placement.rows)) {
		expect(line.trim()).toBe('');
	}

	expect(lines[placement.row + placement.rows + 1]).toContain('read fixtures/ui/server.py');
});

test('a picture cut by the edge of the screen is not drawn until all its rows are on screen', async () => {
	const overlay = new RecordingOverlay();
	const transcript = await imageTranscript();
	const view = (height: number) =>
		renderAt(
			<TranscriptView
				transcript={transcript}
				bindings={defaultBindings}
				painter={createPainter(darkTheme, 0)}
				previewLines={5}
				pictures={overlay}
				start="top"
			/>,
			columns,
			height,
		);
	// Made once per call: a tall terminal first, so the PNG exists before the short one is drawn.
	current = await view(rows);
	for (let attempt = 0; attempt < 500 && overlay.shown.length === 0; attempt++) {
		await new Promise((resolve) => {
			setTimeout(resolve, 5);
		});
	}

	expect(overlay.shown).toHaveLength(1);
	current.unmount();

	// 14 rows: the greeting panel, a gap and the image header leave 3 of the picture's 8 rows on screen.
	current = await view(14);
	expect(current.frame()).toContain('read fixtures/images/tiny.png');
	expect(overlay.shown).toEqual([]);
	// Focus the image panel: the view scrolls just enough to show all of it, picture included.
	await current.press('j');
	const frame = await current.waitForFrame((screen) => screen.includes('▌ read fixtures/images/tiny.png'));
	const header = frame.split('\n').findIndex((line) => line.includes('tiny.png'));
	expect(header + 1 + 8).toBeLessThanOrEqual(14 - 2);
	expect(overlay.shown.map(({row, rows: height}) => [row, height])).toEqual([[header + 1, 8]]);

	// Expanded, the picture may take up to 24 rows, but never more than fit under its header here.
	await current.press('\u000F');
	const expanded = await current.waitForFrame(
		(screen) => screen.split('\n')[0]?.includes('▌ read fixtures/images/tiny.png') === true,
	);
	expect(expanded.split('\n')[0]).toContain('tiny.png');
	expect(overlay.shown.map(({row, rows: height}) => [row, height])).toEqual([[1, 14 - 2 - 1]]);
});

test('without an overlay the panel keeps its one placeholder row', async () => {
	current = await renderAt(
		<TranscriptView
			transcript={await imageTranscript()}
			bindings={defaultBindings}
			painter={createPainter(darkTheme, 0)}
			previewLines={5}
			start="top"
		/>,
		columns,
		rows,
	);
	expect(current.frame()).toContain('[picture 48x32: drawn inline in kitty, iTerm2, WezTerm and Ghostty]');
});
