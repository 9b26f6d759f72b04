/*
The benchmark's input: a large file of source-like lines (indentation, identifiers, strings, comments),
made once from a fixed seed and cached under .bench/, so every run and every machine reads the same text.
*/
import fs from 'node:fs';
import path from 'node:path';

/** Bump when the generator changes, so a stale cached file is never reused. */
const generatorVersion = 1;

/** xorshift32: tiny, deterministic, and good enough to vary text. */
function createRandom(seed) {
	let state = seed >>> 0 || 1;
	return () => {
		state ^= state << 13;
		state >>>= 0;
		state ^= state >>> 17;
		state ^= state << 5;
		state >>>= 0;
		return state / 0x1_00_00_00_00;
	};
}

const words = [
	'user',
	'value',
	'result',
	'index',
	'options',
	'buffer',
	'config',
	'request',
	'response',
	'items',
	'count',
	'path',
	'name',
	'line',
	'offset',
	'limit',
	'cache',
	'reader',
	'stream',
	'token',
	'node',
	'parent',
	'child',
	'error',
	'message',
	'total',
	'state',
	'handler',
	'context',
	'entry',
];
const methods = [
	'map',
	'filter',
	'push',
	'slice',
	'get',
	'set',
	'has',
	'join',
	'split',
	'trim',
	'parse',
	'format',
];
const prose = [
	'the',
	'file',
	'is',
	'read',
	'once',
	'when',
	'we',
	'keep',
	'only',
	'what',
	'a',
	'caller',
	'needs',
];

function createLineMaker(random) {
	const pick = (list) => list[Math.floor(random() * list.length)];
	const capitalised = (word) => word[0].toUpperCase() + word.slice(1);
	const identifier = () => {
		const roll = random();
		if (roll < 0.3) return pick(words);
		if (roll < 0.8) return pick(words) + capitalised(pick(words));
		return pick(words) + capitalised(pick(words)) + capitalised(pick(words));
	};
	const phrase = (count) => Array.from({length: count}, () => pick(prose)).join(' ');
	const expression = () => {
		const roll = random();
		if (roll < 0.3) return identifier();
		if (roll < 0.55) return `${identifier()}.${pick(methods)}(${identifier()})`;
		if (roll < 0.7) return String(Math.floor(random() * 10_000));
		if (roll < 0.85) return `'${phrase(1 + Math.floor(random() * 4))}'`;
		return `${identifier()} + ${identifier()}`;
	};

	let depth = 0;
	const opening = (text) => {
		depth++;
		return text;
	};

	/** One line without its newline; the indentation follows the braces it opened and closed. */
	return () => {
		const indent = '\t'.repeat(depth);
		const roll = random();
		if (roll < 0.04) return '';
		if (roll < 0.14 && depth > 0) {
			depth--;
			return `${'\t'.repeat(depth)}}`;
		}

		if (roll < 0.3) return `${indent}const ${identifier()} = ${expression()} ?? ${expression()};`;
		if (roll < 0.4) return `${indent}${identifier()}.${pick(methods)}(${expression()}, ${expression()});`;
		if (roll < 0.48) return `${indent}return ${expression()};`;
		if (roll < 0.56 && depth < 6)
			return opening(`${indent}if (${identifier()} !== undefined && ${identifier()} === ${expression()}) {`);
		if (roll < 0.62 && depth < 6) return opening(`${indent}for (const ${identifier()} of ${identifier()}) {`);
		if (roll < 0.67 && depth === 0) {
			return opening(`export function ${identifier()}(${identifier()}, ${identifier()}, ${identifier()}) {`);
		}

		if (roll < 0.8) return `${indent}// ${capitalised(phrase(5 + Math.floor(random() * 12)))}.`;
		if (roll < 0.86) return `${indent}'${phrase(2 + Math.floor(random() * 5))}',`;
		if (roll < 0.9)
			return `import {${identifier()}, ${identifier()}} from './${pick(words)}/${pick(words)}.js';`;
		if (roll < 0.95) return `${indent}throw new Error('${capitalised(phrase(4))}.');`;
		return `${indent}let ${identifier()} = ${expression()};`;
	};
}

/** Writes about `targetBytes` of lines (never more; whole lines only, all ASCII). */
function writeSourceFile(filePath, targetBytes) {
	const makeLine = createLineMaker(createRandom(0x5eed));
	const partial = `${filePath}.partial`;
	const fd = fs.openSync(partial, 'w');
	let written = 0;
	let chunk = [];
	let chunkBytes = 0;
	for (;;) {
		const line = `${makeLine()}\n`;
		if (written + chunkBytes + line.length > targetBytes) break;
		chunk.push(line);
		chunkBytes += line.length;
		if (chunkBytes >= 8 * 1024 * 1024) {
			fs.writeSync(fd, chunk.join(''));
			written += chunkBytes;
			chunk = [];
			chunkBytes = 0;
		}
	}

	fs.writeSync(fd, chunk.join(''));
	fs.closeSync(fd);
	fs.renameSync(partial, filePath);
}

/** Newlines in the file: every generated line ends with one. */
function countLines(filePath) {
	const buffer = Buffer.alloc(16 * 1024 * 1024);
	const fd = fs.openSync(filePath, 'r');
	let lines = 0;
	for (;;) {
		const read = fs.readSync(fd, buffer, 0, buffer.length, null);
		if (read === 0) break;
		for (let at = buffer.indexOf(10); at !== -1 && at < read; at = buffer.indexOf(10, at + 1)) lines++;
	}

	fs.closeSync(fd);
	return lines;
}

/** The cached file for this size (made on first use) and its line count; reading it also warms the page cache. */
export function sourceFile(directory, targetBytes) {
	fs.mkdirSync(directory, {recursive: true});
	const filePath = path.join(directory, `source-v${generatorVersion}-${targetBytes}.txt`);
	if (!fs.existsSync(filePath)) {
		console.error(`Making ${filePath} (${(targetBytes / 2 ** 20).toFixed(0)} MiB), once...`);
		writeSourceFile(filePath, targetBytes);
	}

	return {filePath, bytes: fs.statSync(filePath).size, lines: countLines(filePath)};
}
