// node scripts/make-document-fixtures.mjs: writes the small PDF, DOCX and notebook fixtures under
// fixtures/documents/. Everything is written by hand (PDF objects with exact xref offsets, a stored
// ZIP), so no library is needed and the bytes are the same on every run. The bench imports
// `makePdf` to build its 300-page file.
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import process from 'node:process';
import {fileURLToPath} from 'node:url';
import {crc32, deflateSync} from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'fixtures', 'documents');

/** Escapes text for a PDF literal string. */
function pdfString(text) {
	return `(${text.replaceAll('\\', '\\\\').replaceAll('(', '\\(').replaceAll(')', '\\)')})`;
}

/**
A valid PDF with one page per entry of `pages` (each an array of text lines, Helvetica 12 pt).
`trailerExtra` is added to the trailer dictionary and `extraObjects` appended (numbered after the others).
*/
export function makePdf(pages, {trailerExtra = '', extraObjects = []} = {}) {
	const objects = [];
	const pageCount = pages.length;
	// 1: catalog, 2: page tree, 3: font, then a page and its content stream per page.
	const kids = pages.map((_, index) => `${4 + index * 2} 0 R`).join(' ');
	objects.push('<< /Type /Catalog /Pages 2 0 R >>');
	objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pageCount} >>`);
	objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
	for (const [index, lines] of pages.entries()) {
		const contentNumber = 5 + index * 2;
		objects.push(
			`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentNumber} 0 R >>`,
		);
		const body = [
			'BT',
			'/F1 12 Tf',
			'14 TL',
			'72 740 Td',
			...lines.map((line) => `${pdfString(line)} Tj T*`),
			'ET',
		].join('\n');
		objects.push(`<< /Length ${Buffer.byteLength(body, 'latin1')} >>\nstream\n${body}\nendstream`);
	}

	objects.push(...extraObjects);
	let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
	const offsets = [];
	for (const [index, object] of objects.entries()) {
		offsets.push(Buffer.byteLength(out, 'latin1'));
		out += `${index + 1} 0 obj\n${object}\nendobj\n`;
	}

	const xrefAt = Buffer.byteLength(out, 'latin1');
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const offset of offsets) {
		out += `${String(offset).padStart(10, '0')} 00000 n \n`;
	}

	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

/** A ZIP archive of stored (uncompressed) entries: enough for a DOCX. */
function makeZip(entries) {
	const locals = [];
	const centrals = [];
	let offset = 0;
	for (const [name, text] of entries) {
		const data = Buffer.from(text, 'utf8');
		const nameBytes = Buffer.from(name, 'utf8');
		const crc = crc32(data);
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4);
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(data.length, 18);
		local.writeUInt32LE(data.length, 22);
		local.writeUInt16LE(nameBytes.length, 26);
		locals.push(local, nameBytes, data);
		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4);
		central.writeUInt16LE(20, 6);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(data.length, 20);
		central.writeUInt32LE(data.length, 24);
		central.writeUInt16LE(nameBytes.length, 28);
		central.writeUInt32LE(offset, 42);
		centrals.push(central, nameBytes);
		offset += 30 + nameBytes.length + data.length;
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

const wordNs = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

function paragraph(text, {style, list} = {}) {
	const props = [
		style ? `<w:pStyle w:val="${style}"/>` : '',
		list ? `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${list}"/></w:numPr>` : '',
	].join('');
	return `<w:p>${props ? `<w:pPr>${props}</w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
}

function table(rows) {
	const cells = (row) => row.map((cell) => `<w:tc>${paragraph(cell)}</w:tc>`).join('');
	return `<w:tbl>${rows.map((row) => `<w:tr>${cells(row)}</w:tr>`).join('')}</w:tbl>`;
}

function makeDocx() {
	const body = [
		paragraph('Quarterly report', {style: 'Heading1'}),
		paragraph('Sales grew in every region &amp; the team doubled.'),
		paragraph('Highlights', {style: 'Heading2'}),
		paragraph('New office in Lyon', {list: 1}),
		paragraph('Two product launches', {list: 1}),
		paragraph('Next steps', {style: 'Heading2'}),
		paragraph('Hire a designer', {list: 2}),
		paragraph('Open the Berlin store', {list: 2}),
		table([
			['Region', 'Q1', 'Q2'],
			['North', '120', '135'],
			['South', '98', '101'],
		]),
		paragraph('End of report.'),
	].join('');
	const level = (format, text) =>
		`<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${format}"/><w:lvlText w:val="${text}"/></w:lvl>`;
	const style = (id, name) =>
		`<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/></w:style>`;
	return makeZip([
		[
			'[Content_Types].xml',
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>',
		],
		[
			'_rels/.rels',
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
		],
		[
			'word/_rels/document.xml.rels',
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>',
		],
		[
			'word/document.xml',
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${wordNs}><w:body>${body}</w:body></w:document>`,
		],
		[
			'word/styles.xml',
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles ${wordNs}>${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}</w:styles>`,
		],
		[
			'word/numbering.xml',
			`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering ${wordNs}><w:abstractNum w:abstractNumId="0">${level('bullet', '•')}</w:abstractNum><w:abstractNum w:abstractNumId="1">${level('decimal', '%1.')}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>`,
		],
	]);
}

/** A tiny solid-colour RGB PNG, `size` pixels square. */
function makePng(size, [red, green, blue]) {
	const chunk = (type, data) => {
		const length = Buffer.alloc(4);
		length.writeUInt32BE(data.length);
		const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
		const crc = Buffer.alloc(4);
		crc.writeUInt32BE(crc32(typed));
		return Buffer.concat([length, typed, crc]);
	};

	const header = Buffer.alloc(13);
	header.writeUInt32BE(size, 0);
	header.writeUInt32BE(size, 4);
	header.set([8, 2, 0, 0, 0], 8);
	const row = Buffer.from([0, ...Array.from({length: size}, () => [red, green, blue]).flat()]);
	const pixels = deflateSync(Buffer.concat(Array.from({length: size}, () => row)));
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', pixels),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

function lines(text) {
	const parts = text.split('\n');
	return parts.map((part, index) => (index < parts.length - 1 ? `${part}\n` : part));
}

function makeNotebook() {
	const png = makePng(4, [200, 30, 30]).toString('base64');
	const cells = [
		{cell_type: 'markdown', metadata: {}, source: lines('# Analysis\n\nLoad the data and plot it.')},
		{
			cell_type: 'code',
			execution_count: 1,
			metadata: {},
			source: lines("x = 42\nprint('hello', x)"),
			outputs: [{output_type: 'stream', name: 'stdout', text: ['hello 42\n']}],
		},
		{
			cell_type: 'code',
			execution_count: 2,
			metadata: {},
			source: lines('x * 2'),
			outputs: [
				{output_type: 'execute_result', execution_count: 2, metadata: {}, data: {'text/plain': ['84']}},
			],
		},
		{
			cell_type: 'code',
			execution_count: 3,
			metadata: {},
			source: lines('plot(x)'),
			outputs: [
				{
					output_type: 'display_data',
					metadata: {},
					data: {'image/png': png, 'text/plain': ['<Figure size 4x4>']},
				},
			],
		},
		{cell_type: 'raw', metadata: {}, source: lines('raw text stays as is')},
		{
			cell_type: 'code',
			execution_count: 4,
			metadata: {},
			source: lines('1 / 0'),
			outputs: [
				{
					output_type: 'error',
					ename: 'ZeroDivisionError',
					evalue: 'division by zero',
					traceback: ['\u001b[0;31mZeroDivisionError\u001b[0m: division by zero'],
				},
			],
		},
	];
	return `${JSON.stringify(
		{
			cells,
			metadata: {
				kernelspec: {display_name: 'Python 3', language: 'python', name: 'python3'},
				language_info: {name: 'python'},
			},
			nbformat: 4,
			nbformat_minor: 5,
		},
		undefined,
		1,
	)}\n`;
}

/** The 3-page PDF's pages: a few lines each, so tests can tell pages apart. */
function threePages() {
	return [1, 2, 3].map((page) => [
		`Page ${page} title`,
		`This is the text of page ${page}.`,
		`It has a second sentence on page ${page}.`,
	]);
}

async function main() {
	await mkdir(outDir, {recursive: true});
	const threePage = makePdf(threePages());
	// The standard security handler with an /O and /U that no empty password matches: a password is needed.
	const encrypted = makePdf([['Secret text']], {
		trailerExtra: `/Encrypt 6 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>] `,
		extraObjects: [
			`<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -44 >>`,
		],
	});
	const files = {
		'three-pages.pdf': threePage,
		'encrypted.pdf': encrypted,
		// Cut inside the first page object: no page tree, no xref, no trailer.
		'damaged.pdf': threePage.subarray(0, 120),
		'report.docx': makeDocx(),
		'analysis.ipynb': makeNotebook(),
	};
	for (const [name, bytes] of Object.entries(files)) {
		await writeFile(path.join(outDir, name), bytes);
	}

	process.stdout.write(`Wrote ${Object.keys(files).length} files to ${path.relative(root, outDir)}/\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	await main();
}
