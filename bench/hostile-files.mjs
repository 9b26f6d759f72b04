/*
The hostile files of issue 13, generated on demand: each one is a way to make a reader scan, allocate or
wait without end. `writeHostileFiles(dir, {large})` writes them into `dir` and returns the cases to read, each
with the read parameters and what a good answer is (`error`: a clear error; `capped`: capped output).
Sparse files cost no disk (ftruncate); the rest stay under 200 MB in all (`large`: the notebook
of the issue, 20 M output lines in 120 MB, instead of 4 M in 24 MB). Used by
test/hostile/suite.test.ts (bounds only) and bench/hostile.mjs (the figures).
Usage as a script: node bench/hostile-files.mjs <dir>  (prints the cases as JSON)
*/
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import zlib from 'node:zlib';

const gib = 1024 ** 3;
const mib = 1024 ** 2;

function sparse(file, text, size) {
	const descriptor = fs.openSync(file, 'w');
	if (text !== '') {
		fs.writeSync(descriptor, text);
	}

	fs.ftruncateSync(descriptor, size);
	fs.closeSync(descriptor);
}

/** Writes `count` copies of `piece` in 1 MB writes, so no generator holds the whole file. */
function repeated(file, piece, count, {head = '', tail = ''} = {}) {
	const descriptor = fs.openSync(file, 'w');
	fs.writeSync(descriptor, head);
	const perWrite = Math.max(1, Math.floor(mib / piece.length));
	const block = piece.repeat(perWrite);
	let left = count;
	while (left >= perWrite) {
		fs.writeSync(descriptor, block);
		left -= perWrite;
	}

	fs.writeSync(descriptor, piece.repeat(left) + tail);
	fs.closeSync(descriptor);
}

/** A ZIP of deflated entries (name, bytes). */
function deflatedZip(entries) {
	const locals = [];
	const centrals = [];
	let offset = 0;
	for (const [name, data] of entries) {
		const packed = zlib.deflateRawSync(data);
		const nameBytes = Buffer.from(name);
		const crc = zlib.crc32(data);
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4);
		local.writeUInt16LE(8, 8);
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(packed.length, 18);
		local.writeUInt32LE(data.length, 22);
		local.writeUInt16LE(nameBytes.length, 26);
		locals.push(local, nameBytes, packed);
		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4);
		central.writeUInt16LE(20, 6);
		central.writeUInt16LE(8, 10);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(packed.length, 20);
		central.writeUInt32LE(data.length, 24);
		central.writeUInt16LE(nameBytes.length, 28);
		central.writeUInt32LE(offset, 42);
		centrals.push(central, nameBytes);
		offset += 30 + nameBytes.length + packed.length;
	}

	const centralBytes = Buffer.concat(centrals);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(entries.length, 8);
	end.writeUInt16LE(entries.length, 10);
	end.writeUInt32LE(centralBytes.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, centralBytes, end]);
}

/** A Word file of `paragraphs` short numbered paragraphs: small packed, under the ZIP ratio check. */
export function wordBomb(paragraphs) {
	const body = Array.from(
		{length: paragraphs},
		(_, index) => `<w:p><w:r><w:t>p${index}</w:t></w:r></w:p>`,
	).join('');
	const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
	return deflatedZip([
		[
			'[Content_Types].xml',
			Buffer.from(
				'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
			),
		],
		[
			'_rels/.rels',
			Buffer.from(
				'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
			),
		],
		['word/document.xml', Buffer.from(xml)],
	]);
}

/**
A one-page PDF whose deflated content stream draws `lines` short text lines: a few hundred KB packed,
tens of MB of operators, under any size check. `pages` repeats that page (all share one stream);
`oneLine` draws every piece on one baseline, so the page is a single endless line.
*/
export function pdfBomb(lines, {pages = 1, oneLine = false} = {}) {
	// Absolute positions cycling down the page, so every line is on it and pdf.js extracts it.
	const operators = Array.from({length: lines}, (_, index) =>
		oneLine
			? `1 0 0 1 ${72 + (index % 40) * 12} 700 Tm (l${index}) Tj`
			: `1 0 0 1 72 ${740 - (index % 50) * 14} Tm (l${index}) Tj`,
	).join('\n');
	const stream = zlib.deflateSync(Buffer.from(`BT\n/F1 12 Tf\n${operators}\nET`, 'latin1'));
	const kids = Array.from({length: pages}, (_, index) => `${5 + index} 0 R`).join(' ');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
		Buffer.concat([
			Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
			stream,
			Buffer.from('\nendstream', 'latin1'),
		]),
		...Array.from(
			{length: pages},
			() =>
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 4 0 R >>',
		),
	];
	const parts = [Buffer.from('%PDF-1.4\n', 'latin1')];
	let length = parts[0].length;
	const offsets = [];
	for (const [index, object] of objects.entries()) {
		offsets.push(length);
		const body = Buffer.concat([
			Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
			typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
			Buffer.from('\nendobj\n', 'latin1'),
		]);
		parts.push(body);
		length += body.length;
	}

	const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
	for (const offset of offsets) {
		xref.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
	}

	xref.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
	parts.push(Buffer.from(xref.join(''), 'latin1'));
	return Buffer.concat(parts);
}

/** The cases: name, file (relative to `dir`), read params, and the kind of answer expected. */
export function writeHostileFiles(dir, {large = false} = {}) {
	fs.mkdirSync(dir, {recursive: true});
	const at = (name) => path.join(dir, name);
	const text = `${Array.from({length: 600}, (_, index) => `line ${index + 1} before the hole`).join('\n')}\n`;
	sparse(at('sparse-text.log'), text, 64 * gib);
	sparse(at('sparse-empty.img'), '', 64 * gib);
	// Text, then a hole, then text again at the very end: the tail meets text, the forward scan the hole.
	sparse(at('sparse-tail-text.log'), text, 32 * gib);
	fs.appendFileSync(at('sparse-tail-text.log'), 'the last line\n');
	repeated(at('one-line.txt'), 'a', 64 * mib);
	repeated(at('carriage-returns.txt'), '\r', mib, {head: 'start\n'});
	repeated(at('short-lines.txt'), 'x\n', 4 * mib);
	// Nesting: a notebook that is one JSON array 100,000 levels deep.
	repeated(at('deep.ipynb'), '[', 100_000, {head: '{"cells":', tail: `${']'.repeat(100_000)}}`});
	// Many cells of nothing: 50,000 markdown cells.
	repeated(at('many-cells.ipynb'), '{"cell_type":"markdown","source":"x"},', 50_000, {
		head: '{"nbformat":4,"metadata":{},"cells":[',
		tail: '{"cell_type":"markdown","source":"end"}]}',
	});
	// One output of `outputLines` short lines: JSON.parse would build every one of them.
	const outputLines = large ? 20_000_000 : 4_000_000;
	repeated(at('long-output.ipynb'), '"l\\n",', outputLines - 1, {
		head: '{"nbformat":4,"metadata":{},"cells":[{"cell_type":"code","source":["print(1)"],"execution_count":1,"outputs":[{"output_type":"stream","name":"stdout","text":[',
		tail: '"l\\n"]}]}]}',
	});
	if (large) {
		// The Word bomb: 2 M paragraphs, 4.9 MB packed (the suite has its own test of it).
		fs.writeFileSync(at('bomb.docx'), wordBomb(2_000_000));
		// PDF bombs: one page of 2 M text lines (5 MB packed), and one page of a single endless line.
		fs.writeFileSync(at('bomb.pdf'), pdfBomb(2_000_000));
		fs.writeFileSync(at('line-bomb.pdf'), pdfBomb(2_000_000, {oneLine: true}));
	}

	fs.symlinkSync('/dev/zero', at('zero.txt'));
	execFileSync('mkfifo', [at('pipe.txt')]);
	const bombs = large
		? [
				{name: 'Word file of 2 M paragraphs (4.9 MB)', file: 'bomb.docx', params: {}, expect: 'capped'},
				{
					name: 'Word file of 2 M paragraphs: tail 10',
					file: 'bomb.docx',
					params: {tail: 10},
					expect: 'capped',
				},
				{name: 'PDF page of 2 M lines (5 MB)', file: 'bomb.pdf', params: {}, expect: 'capped'},
				{name: 'PDF page of one endless line (5 MB)', file: 'line-bomb.pdf', params: {}, expect: 'capped'},
			]
		: [];
	return [
		...bombs,
		{name: 'sparse 64 GB, 15 KB of text: whole read', file: 'sparse-text.log', params: {}, expect: 'capped'},
		{
			name: 'sparse 64 GB, 15 KB of text: offset 1,000,000',
			file: 'sparse-text.log',
			params: {offset: 1_000_000},
			expect: 'capped',
		},
		{
			name: 'sparse 64 GB, 15 KB of text: tail 20',
			file: 'sparse-text.log',
			params: {tail: 20},
			expect: 'capped',
		},
		{
			name: 'sparse 64 GB, 15 KB of text: limit 5000',
			file: 'sparse-text.log',
			params: {limit: 5000},
			expect: 'capped',
		},
		{
			name: 'sparse 32 GB, text at both ends: tail 5',
			file: 'sparse-tail-text.log',
			params: {tail: 5},
			expect: 'capped',
		},
		{name: 'sparse 64 GB, all NUL', file: 'sparse-empty.img', params: {}, expect: 'error'},
		{name: 'one 64 MB line', file: 'one-line.txt', params: {}, expect: 'capped'},
		{name: 'one 64 MB line: tail 3', file: 'one-line.txt', params: {tail: 3}, expect: 'capped'},
		{
			name: '1 M carriage returns: tail 10',
			file: 'carriage-returns.txt',
			params: {tail: 10},
			expect: 'capped',
		},
		{
			name: '1 M carriage returns: offset 900,000',
			file: 'carriage-returns.txt',
			params: {offset: 900_000},
			expect: 'capped',
		},
		{name: '4 M short lines: whole read', file: 'short-lines.txt', params: {}, expect: 'capped'},
		{name: 'notebook nested 100,000 deep', file: 'deep.ipynb', params: {}, expect: 'error'},
		{name: 'notebook of 50,000 cells', file: 'many-cells.ipynb', params: {}, expect: 'capped'},
		{
			name: `notebook with one output of ${large ? '20' : '4'} M lines`,
			file: 'long-output.ipynb',
			params: {},
			expect: 'capped',
		},
		{name: '/dev/zero behind a link', file: 'zero.txt', params: {}, expect: 'error'},
		{name: 'a FIFO with no writer', file: 'pipe.txt', params: {}, expect: 'error'},
	];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const [dir] = process.argv.slice(2);
	if (dir === undefined) {
		throw new Error('usage: node bench/hostile-files.mjs <dir>');
	}

	process.stdout.write(`${JSON.stringify(writeHostileFiles(dir))}\n`);
}
