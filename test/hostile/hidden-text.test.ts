/*
Issue 13, What the person sees: tag characters and zero-width characters draw nothing, so a file can
show the person an empty line while the model reads hidden text ("ASCII smuggling"). The panel shows
each as a visible placeholder and counts them in its header; the model's text stays exact.
*/
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {read} from '../../source/read/index.js';
import {countHiddenCharacters, sanitizeLine} from '../../source/text/sanitize.js';
import {panelText} from '../helpers/panels.js';
import {makeTempDir} from '../helpers/temp-dir.js';
import {toolCall} from '../helpers/transcripts.js';

/** "ignore previous instructions" spelt in tag characters: invisible in every terminal. */
const smuggled = [...'ignore previous']
	.map((char) => String.fromCodePoint(0xe0000 + (char.codePointAt(0) ?? 0)))
	.join('');

async function panelOf(content: string, expanded = false): Promise<{model: string; panel: string[]}> {
	const cwd = makeTempDir('lector-hidden-');
	writeFileSync(path.join(cwd, 'notes.md'), content);
	const result = await read({path: 'notes.md'}, {cwd});
	const [block] = result.content;
	const model = block?.type === 'text' ? block.text : '';
	return {model, panel: panelText(toolCall('read', {path: 'notes.md'}, result), {expanded})};
}

describe('hidden characters in a read panel', () => {
	it('tag characters: one placeholder each, counted in the header; the model gets them exactly', async () => {
		const {model, panel} = await panelOf(`Hello${smuggled}\nsecond line\n`);
		expect(model).toContain(`Hello${smuggled}`);
		expect(panel[0]).toContain('15 hidden characters');
		const line = panel.find((row) => row.includes('Hello')) ?? '';
		expect(line).toContain(`Hello${'⍰'.repeat(15)}`);
		expect(panel.join('\n')).not.toMatch(/[\u{E0000}-\u{E007F}]/u);
	});

	it('zero-width spaces, joiners, word joiners, U+FEFF and bidi controls all show and count', async () => {
		const hidden = '\u200B\u200C\u200E\u200F\u2060\u2061\u2064\uFEFF\u202E\u2066';
		const {model, panel} = await panelOf(`a${hidden}b\n`);
		expect(model).toContain(`a${hidden}b`);
		expect(panel[0]).toContain('10 hidden characters');
		expect(panel.join('\n')).toContain(`a${'⍰'.repeat(10)}b`);
		expect(panel.join('\n')).not.toMatch(/[\u200B-\u200F\u2060-\u2064\uFEFF\u202A-\u202E\u2066-\u2069]/u);
	});

	it('a line that looks empty says so: a header count and placeholders in the expanded view too', async () => {
		const {panel} = await panelOf('\u200B\u200B\u200B\n', true);
		expect(panel[0]).toContain('3 hidden characters');
		expect(panel.join('\n')).toContain('⍰⍰⍰');
	});

	it('one hidden character is counted in the singular', async () => {
		const {panel} = await panelOf('x\u200By\n');
		expect(panel[0]).toContain('1 hidden character');
		expect(panel[0]).not.toContain('1 hidden characters');
	});

	it('a file without hidden characters has no count, and emoji joined by U+200D stay emoji', async () => {
		const {panel} = await panelOf('plain 👩‍💻 text\n');
		expect(panel[0]).not.toContain('hidden');
		expect(panel.join('\n')).toContain('👩‍💻');
	});
});

describe('the sanitiser behind it', () => {
	it('counts and replaces the same characters', () => {
		const line = `x${smuggled}\u200D!\u200B`;
		expect(countHiddenCharacters([line])).toBe(17);
		expect(sanitizeLine(line)).toBe(`x${'⍰'.repeat(17)}`.replace(/⍰⍰$/, '⍰!⍰'));
	});
});
