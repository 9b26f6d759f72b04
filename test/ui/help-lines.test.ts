import {describe, expect, test} from 'vitest';
import {applyOverrides, defaultBindings} from '../../source/keys/bindings.js';
import {commands, type KeyContext, worksIn} from '../../source/keys/commands.js';
import {displayWidth} from '../../source/text/width.js';
import {type HelpLine, helpLines, helpScroll, helpWindow, scrollLabel} from '../../source/ui/help-lines.js';

const contexts: readonly KeyContext[] = ['read', 'replay', 'shell'];

function lines(context: KeyContext, width: number, scrollKeys?: string): HelpLine[] {
	return helpLines(defaultBindings, {
		context,
		configFile: '/home/ada/.config/lector/config.json',
		width,
		scrollKeys,
	});
}

describe.each(contexts)('%s', (context) => {
	test.each([10, 30, 79, 99, 200])(
		'every line fits %i columns; scroll keys change no line count',
		(width) => {
			const all = lines(context, width);
			for (const line of all) {
				expect(displayWidth(line.text)).toBeLessThanOrEqual(width);
			}

			expect(lines(context, width, 'j/k')).toHaveLength(all.length);
		},
	);

	test('the commands listed are exactly those that work here, with the keys in use', () => {
		const text = lines(context, 200)
			.map((line) => line.text)
			.join('\n');
		for (const command of commands) {
			const key = defaultBindings.keysByCommand[command].join(', ').replace('meta+', 'alt+');
			const listed = text.split('\n').some((line) => line.startsWith(`  ${key} `));
			expect([command, listed]).toEqual([command, worksIn(command, context)]);
		}
	});
});

test('descriptions wrap under their column at 79 columns rather than being cut', () => {
	const text = lines('read', 79).map((line) => line.text);
	const index = text.findIndex((line) => line.includes('focus the previous panel'));
	expect(text.slice(index, index + 2)).toEqual([
		'  up, k                   focus the previous panel (or scroll up within a tall',
		'                          one)',
	]);
	expect(text.some((line) => line.includes('…'))).toBe(false);
	// Keys and descriptions line up in two columns, the longest key list included.
	expect(text).toContain('  pagedown, space, ctrl+f scroll down a page');
	expect(text).toContain('  ?                       show the keys and how to rebind them');
});

const sample: HelpLine[] = Array.from({length: 20}, (_, index) => ({kind: 'text', text: `line ${index}`}));

test.each([
	// rows, offset -> first line shown, lines shown, footer
	[25, 0, 0, 20, undefined],
	[20, 5, 0, 20, undefined],
	[10, 0, 0, 9, '… 11 more (j/k to scroll)'],
	[10, 3, 3, 9, '… 8 more (j/k to scroll)'],
	[10, 11, 11, 9, '… 11 above (j/k to scroll)'],
	[10, 99, 11, 9, '… 11 above (j/k to scroll)'],
	[10, -4, 0, 9, '… 11 more (j/k to scroll)'],
	[2, 0, 0, 1, '… 19 more (j/k to scroll)'],
	[1, 0, 0, 0, '… 19 more (j/k to scroll)'],
	[0, 0, 0, 0, '… 19 more (j/k to scroll)'],
] as const)('%i rows from %i: first %i, %i lines, footer %j', (rows, offset, first, count, footer) => {
	const shown = helpWindow(sample, rows, offset, 'j/k', 80);
	expect(shown.lines).toHaveLength(count);
	if (count > 0) {
		expect(shown.lines[0]?.text).toBe(`line ${first}`);
	}

	expect(shown.footer).toBe(footer);
	expect(shown.lines.length + (shown.footer === undefined ? 0 : 1)).toBeLessThanOrEqual(Math.max(1, rows));
});

test.each([
	['focusNext', 1],
	['focusPrevious', -1],
	['pageDown', 7],
	['pageUp', -7],
	['toggleExpand', undefined],
	['quit', undefined],
	[undefined, undefined],
] as const)('%s scrolls the help by %j', (command, delta) => {
	expect(helpScroll(command, 7)).toBe(delta);
});

test.each([
	[{}, 'j/k'],
	[{focusNext: ['down'], focusPrevious: ['up']}, 'down/up'],
	[{focusNext: ['ctrl+n'], focusPrevious: ['meta+p']}, 'ctrl+n/alt+p'],
])('the footer names the scroll keys in use: %j gives %s', (overrides, label) => {
	expect(scrollLabel(applyOverrides(overrides).bindings)).toBe(label);
});

test('each view describes G as what it does there: only a transcript that grows has output to follow', () => {
	const text = (context: KeyContext) =>
		lines(context, 200)
			.map((line) => line.text)
			.join('\n');
	// lector read shows one read: nothing new ever arrives.
	expect(text('read')).toMatch(/^ {2}G, end +go to the bottom$/m);
	expect(text('read')).not.toMatch(/follow/);
	expect(text('replay')).toMatch(
		/^ {2}G, end +go to the bottom \(and, with --follow, keep following the log/m,
	);
	expect(text('shell')).toMatch(/^ {2}G, end +go to the bottom \(and follow new output\)$/m);
});
