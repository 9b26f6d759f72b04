#!/usr/bin/env node
import {execFileSync} from 'node:child_process';
// Generates the edge-case corpus for the read-tool comparison.
// Usage: node gen-corpus.mjs [outDir]   (default: ./work/corpus)
// Deterministic: same bytes every run (seeded PRNG), except the FIFO which is (re)created.
// Writes <outDir>/manifest.json with facts the cases need (line counts, sizes).
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const withBig = args.includes('--big'); // the 200 MB log is written only when asked for (its cases are off by default)
const out = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(here, 'work', 'corpus'));
fs.mkdirSync(out, {recursive: true});
const manifest = {};
const w = (rel, data) => {
	const p = path.join(out, rel);
	fs.mkdirSync(path.dirname(p), {recursive: true});
	fs.writeFileSync(p, data);
	const st = fs.statSync(p);
	manifest[rel] = {bytes: st.size};
	return p;
};

// Seeded PRNG (mulberry32) so binary files are reproducible.
function prng(seed) {
	return () => {
		seed |= 0;
		seed = (seed + 0x6d2b79f5) | 0;
		let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}
const rnd = prng(42);
const randBytes = (n) => {
	const b = Buffer.alloc(n);
	for (let i = 0; i < n; i++) b[i] = Math.floor(rnd() * 256);
	return b;
};

// 1. small TypeScript file (with a tab-indented line and a trailing newline)
w(
	'small.ts',
	`// A small TypeScript module used by the read-tool comparison.
export interface User {
  id: number;
  name: string;
  email?: string;
}

export function greet(user: User): string {
\treturn \`Hello, \${user.name}!\`; // tab-indented on purpose
}

export const users: User[] = [
  { id: 1, name: "Ada" },
  { id: 2, name: "Grace", email: "grace@example.com" },
];

export default greet;
`,
);

// 2. 5,000-line file, short lines (total < 50 KB... ~110 KB), so 2000-line caps bite before byte caps.
{
	const lines = [];
	for (let i = 1; i <= 5000; i++) lines.push(`const value_${String(i).padStart(4, '0')} = ${i};`);
	w('lines-5000.ts', `${lines.join('\n')}\n`);
	manifest['lines-5000.ts'].lines = 5000;
}

// 3. one 300 KB line (minified JS), no trailing newline
{
	let s = '!function(){';
	let i = 0;
	while (s.length < 300 * 1024 - 20) {
		s += `var a${i}=function(b){return b*${i}+${i % 7}};`;
		i++;
	}
	s += '}();';
	w('minified.min.js', s);
}

// 4. 60 KB of short lines (~40 bytes each): under 2000 lines, over 50 KB
{
	const lines = [];
	let size = 0,
		i = 1;
	while (size < 60 * 1024) {
		const l = `short line ${String(i).padStart(5, '0')}: the quick brown fox`;
		lines.push(l);
		size += l.length + 1;
		i++;
	}
	w('short-lines-60k.txt', `${lines.join('\n')}\n`);
	manifest['short-lines-60k.txt'].lines = lines.length;
}

// 5. empty file
w('empty.txt', '');

// 6. CRLF line endings
w(
	'crlf.txt',
	`${['first line (CRLF)', 'second line\twith tab', '', 'fourth line after an empty one', 'last line'].join(
		'\r\n',
	)}\r\n`,
);

// 7. UTF-8 multibyte text (Chinese) with one line > 2000 characters
{
	const base = '读取工具应该正确处理多字节字符。这是一个很长的中文句子，用于测试行长度截断。';
	let long = '';
	while ([...long].length < 2600) long += base;
	const text = `${['# 中文测试文件', '第一行：你好，世界！', long, '最后一行：完。'].join('\n')}\n`;
	w('chinese-long-line.md', text);
	manifest['chinese-long-line.md'].longLineChars = [...long].length;
	manifest['chinese-long-line.md'].longLineBytes = Buffer.byteLength(long);
}

// 8. invalid UTF-8 bytes embedded in ASCII text (does NOT start with a BOM-like sequence)
w(
	'invalid-utf8.txt',
	Buffer.concat([
		Buffer.from('valid ascii line\nbad bytes here: ['),
		Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x82]),
		Buffer.from('] end\nlone continuation: '),
		Buffer.from([0x80, 0x80]),
		Buffer.from(' and overlong: '),
		Buffer.from([0xc0, 0xaf]),
		Buffer.from('\nlast line ok\n'),
	]),
);

// 9. UTF-16LE with BOM
w(
	'utf16le-bom.txt',
	Buffer.concat([
		Buffer.from([0xff, 0xfe]),
		Buffer.from('Hello from UTF-16LE\nSecond line: café ü 中文\nThird line\n', 'utf16le'),
	]),
);

// 10. PNG images, written by hand (zlib + CRC). small: 64x48 RGB gradient. large: 4000x3000 gradient (resizing path).
function crc32(buf) {
	let c,
		crc = 0xffffffff;
	for (let n = 0; n < buf.length; n++) {
		c = (crc ^ buf[n]) & 0xff;
		for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
		crc = (crc >>> 8) ^ c;
	}
	return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
	const len = Buffer.alloc(4);
	len.writeUInt32BE(data.length);
	const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(td));
	return Buffer.concat([len, td, crc]);
}
function png(width, height, pixel) {
	const raw = Buffer.alloc((width * 3 + 1) * height);
	let o = 0;
	for (let y = 0; y < height; y++) {
		raw[o++] = 0;
		for (let x = 0; x < width; x++) {
			const [r, g, b] = pixel(x, y);
			raw[o++] = r;
			raw[o++] = g;
			raw[o++] = b;
		}
	}
	const ihdr = Buffer.alloc(13);
	ihdr.writeUInt32BE(width, 0);
	ihdr.writeUInt32BE(height, 4);
	ihdr[8] = 8;
	ihdr[9] = 2;
	ihdr[10] = 0;
	ihdr[11] = 0;
	ihdr[12] = 0;
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', ihdr),
		chunk('IDAT', zlib.deflateSync(raw, {level: 9})),
		chunk('IEND', Buffer.alloc(0)),
	]);
}
w(
	'image.png',
	png(64, 48, (x, y) => [x * 4, y * 5, 128]),
);
w(
	'large-image.png',
	png(4000, 3000, (x, y) => [(x >> 4) & 255, (y >> 4) & 255, ((x ^ y) >> 5) & 255]),
);

// 11. binary files: a fake ELF shared object and random bytes
w(
	'libfake.so',
	Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(8), randBytes(4096)]),
);
w('random.bin', randBytes(8192));

// 12. a directory (with a couple of entries)
w('src/index.ts', "export * from './utils';\n");
w('src/utils.ts', 'export const add = (a: number, b: number) => a + b;\n');
w('src/nested/deep.ts', 'export const deep = true;\n');

// 13. near-miss sibling: utils.ts exists at top level, util.ts is requested
w(
	'utils.ts',
	'export function clamp(n: number, lo: number, hi: number) {\n  return Math.min(hi, Math.max(lo, n));\n}\n',
);

// 14. FIFO (named pipe) — reading it blocks until a writer appears
{
	const p = path.join(out, 'fifo');
	try {
		fs.rmSync(p, {force: true});
	} catch {}
	execFileSync('mkfifo', [p]);
	manifest['fifo'] = {kind: 'fifo'};
}

// 15. SKILL.md and AGENTS.md (in subfolders, so no agent auto-loads them from its cwd)
w(
	'skills/demo-skill/SKILL.md',
	`---
name: demo-skill
description: Demonstrates how a read tool treats a SKILL.md file. Use when testing skill loading.
---

# Demo skill

1. Read the input file.
2. Summarize it in one sentence.
`,
);
w(
	'pkg/AGENTS.md',
	`# AGENTS.md

- Run \`npm test\` before committing.
- Never edit generated files under dist/.
`,
);

// 16. Jupyter notebook
w(
	'notebook.ipynb',
	`${JSON.stringify(
		{
			cells: [
				{
					cell_type: 'markdown',
					id: 'md1',
					metadata: {},
					source: ['# Demo notebook\n', 'Some *markdown* text.'],
				},
				{
					cell_type: 'code',
					execution_count: 1,
					id: 'code1',
					metadata: {},
					outputs: [{name: 'stdout', output_type: 'stream', text: ['hello 42\n']}],
					source: ['x = 42\n', "print('hello', x)"],
				},
				{
					cell_type: 'code',
					execution_count: 2,
					id: 'code2',
					metadata: {},
					outputs: [
						{data: {'text/plain': ['3']}, execution_count: 2, metadata: {}, output_type: 'execute_result'},
					],
					source: ['1 + 2'],
				},
			],
			metadata: {
				kernelspec: {display_name: 'Python 3', language: 'python', name: 'python3'},
				language_info: {name: 'python'},
			},
			nbformat: 4,
			nbformat_minor: 5,
		},
		null,
		1,
	)}\n`,
);

// 17. Minimal one-page PDF with text, hand-written with a correct xref table
{
	const content = 'BT /F1 24 Tf 72 720 Td (Hello PDF from the read-tool corpus) Tj ET';
	const objs = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
		`<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
	];
	const pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets = [];
	const bin = (s) => Buffer.from(s, 'latin1');
	let buf = bin(pdf);
	objs.forEach((o, i) => {
		offsets.push(buf.length);
		buf = Buffer.concat([buf, bin(`${i + 1} 0 obj\n${o}\nendobj\n`)]);
	});
	const xrefAt = buf.length;
	let xref =
		`xref\n0 ${objs.length + 1}\n0000000000 65535 f \n` +
		offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
	xref += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
	w('tiny.pdf', Buffer.concat([buf, bin(xref)]));
}

// 18. a small file whose last line has no final newline (12 lines)
w('no-final-newline.ts', Array.from({length: 12}, (_, i) => `export const n${i + 1} = ${i + 1};`).join('\n'));

// 19. 200 MB log file (about 2.1M lines), written in chunks. Skipped if already the right size, or unless --big.
if (withBig) {
	const rel = 'big.log';
	const p = path.join(out, rel);
	const target = 200 * 1024 * 1024;
	const metaP = path.join(out, '.big.log.lines');
	if (!(fs.existsSync(p) && fs.statSync(p).size >= target && fs.existsSync(metaP))) {
		const fd = fs.openSync(p, 'w');
		let size = 0,
			i = 0;
		const levels = ['INFO', 'DEBUG', 'WARN', 'INFO', 'ERROR'];
		while (size < target) {
			const parts = [];
			for (let k = 0; k < 10000 && size < target; k++, i++) {
				const t = new Date(Date.UTC(2026, 0, 1) + i * 37).toISOString();
				const l = `${t} ${levels[i % 5].padEnd(5)} [worker-${i % 8}] req=${String(i).padStart(8, '0')} path=/api/v1/items/${i % 997} status=200 took=${i % 113}ms\n`;
				parts.push(l);
				size += l.length;
			}
			fs.writeSync(fd, parts.join(''));
		}
		fs.closeSync(fd);
		fs.writeFileSync(metaP, String(i));
	}
	manifest[rel] = {bytes: fs.statSync(p).size, lines: Number(fs.readFileSync(metaP, 'utf8'))};
}

fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`corpus written to ${out}`);
for (const [k, v] of Object.entries(manifest)) console.log(`  ${k.padEnd(28)} ${JSON.stringify(v)}`);
