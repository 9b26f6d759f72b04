import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {afterEach, expect, test} from 'vitest';
import {
	isKeptResult,
	keepResults,
	minResultChars,
	ResultVault,
	resultContent,
	vaultDirectories,
} from '../../source/transcript/result-vault.js';
import type {ToolResult} from '../../source/transcript/types.js';

const vaults: ResultVault[] = [];
function openVault(directory?: string | readonly string[]): ResultVault {
	const vault = ResultVault.open(directory);
	vaults.push(vault);
	return vault;
}

afterEach(() => {
	for (const vault of vaults.splice(0)) {
		vault.close();
	}
});

const lines = Array.from({length: 300}, (_, index) => `\tconst value${index} = '日本語 ${index} 🎉';`);

/** A read's result as replay builds it: the model's numbered text and the details' lines. */
function readResult(tag: string): ToolResult {
	return {
		content: [{type: 'text', text: lines.map((line, index) => `${index + 1}\t${line} ${tag}`).join('\n')}],
		details: {
			tool: 'read',
			kind: 'text',
			path: `/work/${tag}.ts`,
			displayPath: `${tag}.ts`,
			lines: lines.map((line) => `${line} ${tag}`),
			firstLine: 1,
			linesShown: lines.length,
			truncation: undefined,
			clippedLines: [],
			outline: [{kind: 'function', name: 'main', startLine: 1, endLine: 3, depth: 0}],
		} as unknown as ToolResult['details'],
		isError: false,
	};
}

test('a large result is written out and reads back equal, text, lines and all', () => {
	const vault = openVault();
	const original = readResult('a');
	const kept = vault.keep(original);
	expect(kept).not.toBe(original);
	expect(isKeptResult(kept)).toBe(true);
	expect(vault.kept).toBe(1);
	expect(vault.written).toBeGreaterThan(minResultChars);
	expect(kept.isError).toBe(false);
	expect(kept.content).toEqual(original.content);
	expect(kept.details).toEqual(original.details);
	// A spread or JSON of the kept result reads it back whole, as for a result in memory.
	expect({...kept}).toEqual(original);
	expect(JSON.parse(JSON.stringify(kept))).toEqual(JSON.parse(JSON.stringify(original)));
});

test('ASCII text is written a byte a character, and text with any other character two bytes a character', () => {
	const vault = openVault();
	const ascii = 'const answer = 42;\n'.repeat(200);
	// Its first non-ASCII character far from the start: the prefix alone cannot tell.
	const accented = `${'x'.repeat(1000)}é${'y'.repeat(2999)}`;
	const keptAscii = vault.keep({content: [{type: 'text', text: ascii}], isError: false});
	expect(vault.written).toBe(ascii.length);
	const keptAccented = vault.keep({content: [{type: 'text', text: accented}], isError: false});
	expect(vault.written).toBe(ascii.length + 2 * accented.length);
	expect(keptAscii.content).toEqual([{type: 'text', text: ascii}]);
	expect(keptAccented.content).toEqual([{type: 'text', text: accented}]);
});

test('small results stay in memory as they are', () => {
	const vault = openVault();
	const small: ToolResult = {content: [{type: 'text', text: 'Tests: 42 passed'}], isError: false};
	expect(vault.keep(small)).toBe(small);
	expect(isKeptResult(small)).toBe(false);
	expect(vault.kept).toBe(0);
	expect(vault.written).toBe(0);
});

test('lone surrogates and lines with breaks are kept and come back exact', () => {
	const vault = openVault();
	const lone = `${'x'.repeat(3000)}\uD800 and \uDFFF${'y'.repeat(3000)}`;
	const original: ToolResult = {
		content: [
			{type: 'text', text: lone},
			{type: 'text', text: 'z'.repeat(4000)},
		],
		details: {
			tool: 'logged',
			agent: 'codex',
			value: {chunks: ['a\nb'.repeat(400), 'c'.repeat(600)], nested: {deep: [[['q'.repeat(700)]]]}},
		},
		isError: true,
	};
	const kept = vault.keep(original);
	expect(isKeptResult(kept)).toBe(true);
	expect(kept.content[0]).toEqual({type: 'text', text: lone});
	expect(kept.content).toEqual(original.content);
	expect(kept.details).toEqual(original.details);
	expect(kept.isError).toBe(true);
});

test('image blocks (base64 data) are kept and read back', () => {
	const vault = openVault();
	const data = Buffer.alloc(30_000, 7).toString('base64');
	const original: ToolResult = {content: [{type: 'image', data, mimeType: 'image/png'}], isError: false};
	const kept = vault.keep(original);
	expect(isKeptResult(kept)).toBe(true);
	expect(kept.content).toEqual(original.content);
});

test('many results read back in any order, past what the cache holds', () => {
	const vault = openVault();
	const originals = Array.from({length: 60}, (_, index) => readResult(`file${index}`));
	const kept = originals.map((result) => vault.keep(result));
	expect(vault.kept).toBe(60);
	for (const index of [59, 0, 31, 0, 12, 45, 59, 3]) {
		expect(kept[index]?.content).toEqual(originals[index]?.content);
		expect(kept[index]?.details).toEqual(originals[index]?.details);
	}
});

test('the temporary file is gone from its folder as soon as it is open', () => {
	const base = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-test-'));
	try {
		const vault = openVault(base);
		expect(vault.active).toBe(true);
		const kept = vault.keep(readResult('b'));
		expect(fs.readdirSync(base)).toEqual([]);
		expect(kept.content).toEqual(readResult('b').content);
	} finally {
		fs.rmSync(base, {recursive: true, force: true});
	}
});

test('a vault that cannot make its file keeps every result in memory', () => {
	const missing = path.join(os.tmpdir(), `no-such-folder-${process.pid}`, 'deeper');
	const vault = openVault(missing);
	expect(vault.active).toBe(false);
	const original = readResult('c');
	expect(vault.keep(original)).toBe(original);
});

test('a result that can no longer be read back says so instead of throwing', () => {
	const vault = openVault();
	const kept = vault.keep(readResult('d'));
	vault.close();
	const [block] = kept.content;
	expect(block?.type).toBe('text');
	expect(block?.type === 'text' ? block.text : '').toMatch(/could not read this result back .*closed/);
});

test('keepResults keeps finished calls’ results and leaves other events and kept results as they are', () => {
	const vault = openVault();
	const result = readResult('e');
	const user = {type: 'user-text', id: 'u', text: 'x'.repeat(5000)} as const;
	const [first, second] = keepResults([user, {type: 'tool-end', id: 't', result}], vault);
	expect(first).toBe(user);
	expect(second?.type === 'tool-end' && isKeptResult(second.result)).toBe(true);
	const kept = second?.type === 'tool-end' ? second.result : undefined;
	expect(kept?.content).toEqual(result.content);
	// Kept twice (a follow that hands the same events on): not written again.
	const written = vault.written;
	const [again] = keepResults([{type: 'tool-end', id: 't', result: kept ?? result}], vault);
	expect(again?.type === 'tool-end' ? again.result : undefined).toBe(kept);
	expect(vault.written).toBe(written);
});

test('resultContent reads a kept result’s content alone, and gives a result in memory its own', () => {
	const vault = openVault();
	const originals = Array.from({length: 40}, (_, index) => readResult(`s${index}`));
	const kept = originals.map((result) => vault.keep(result));
	// Out of the cache's reach, read from the file; then through the cache once loaded whole.
	for (const index of [0, 39, 7]) {
		const result = kept[index];
		expect(result === undefined ? undefined : resultContent(result)).toEqual(originals[index]?.content);
	}

	const small: ToolResult = {content: [{type: 'text', text: 'ok'}], isError: false};
	expect(resultContent(small)).toBe(small.content);
	const onlyContent: ToolResult = {content: [{type: 'text', text: 'c'.repeat(9000)}], isError: false};
	const keptContent = vault.keep(onlyContent);
	expect(isKeptResult(keptContent)).toBe(true);
	expect(resultContent(keptContent)).toEqual(onlyContent.content);
});

test('lines ending and starting in halves of a surrogate pair come back as the same two lines', () => {
	const vault = openVault();
	const lines = [`${'a'.repeat(600)}\uD83D`, `\uDE00${'b'.repeat(600)}`, 'c'.repeat(3000)];
	const original: ToolResult = {
		content: [{type: 'text', text: 'd'.repeat(3000)}],
		details: {tool: 'logged', agent: 'pi', value: {lines}},
		isError: false,
	};
	const kept = vault.keep(original);
	expect(isKeptResult(kept)).toBe(true);
	expect(kept.details).toEqual(original.details);
});

test('the vault goes to the cache folder before the temporary one, and a folder on tmpfs (in memory) last', () => {
	const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-cache-'));
	try {
		const folders = vaultDirectories({XDG_CACHE_HOME: cache});
		expect(folders[0]).toBe(cache);
		expect(folders).toContain(os.tmpdir());
		if (fs.existsSync('/dev/shm') && fs.statfsSync('/dev/shm').type === 0x01_02_19_94) {
			expect(vaultDirectories({XDG_CACHE_HOME: '/dev/shm'}).at(-1)).toBe('/dev/shm');
		}

		// A folder that cannot take the file is passed over for the next.
		const vault = openVault([path.join(cache, 'missing', 'deeper'), cache]);
		expect(vault.active).toBe(true);
		expect(vault.keep(readResult('f')).content).toEqual(readResult('f').content);
		expect(fs.readdirSync(cache)).toEqual([]);
	} finally {
		fs.rmSync(cache, {recursive: true, force: true});
	}
});
