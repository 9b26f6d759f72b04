import {isUtf8 as isUtf8Buffer} from 'node:buffer';
import path from 'node:path';
import {completeUtf8Length} from './line-source.js';
import type {TextEncoding} from './types.js';

/** Bytes looked at to tell text from binary. */
export const sniffBytes = 8192;

export type Sniffed =
	| {readonly type: 'text'; readonly encoding: TextEncoding; readonly bomBytes: number}
	| {
			readonly type: 'binary';
			/** `ZIP archive`, `PNG image`: what the bytes or the name say; undefined when only "binary". */
			readonly kind: string | undefined;
			readonly advice: string;
	  };

type Signature = {
	readonly magic: readonly number[];
	readonly offset?: number;
	readonly kind: string;
	readonly advice: string;
};

/** .xlsx and .jar files (and .docx ones the Word reader did not claim) are ZIPs: unzip lists them all the same. */
const zipAdvice =
	'List its contents with a shell command such as `unzip -l` (.xlsx and .jar files are ZIPs too).';

/**
Formats recognised from their first bytes, so a renamed file is still named right. Images and PDFs
are not here: formats/image.ts and formats/pdf.ts claim them by their bytes before this check runs.
*/
const signatures: readonly Signature[] = [
	{magic: [0x50, 0x4b, 0x03, 0x04], kind: 'ZIP archive', advice: zipAdvice},
	{
		magic: [0x1f, 0x8b],
		kind: 'gzip archive',
		advice: 'Look inside with `zcat file | head` or `tar -tzf file`.',
	},
	{
		magic: [0x7f, 0x45, 0x4c, 0x46],
		kind: 'ELF executable or library',
		advice: 'Inspect it with `file`, `readelf -h` or `strings`.',
	},
	{
		magic: [0x53, 0x51, 0x4c, 0x69, 0x74, 0x65],
		kind: 'SQLite database',
		advice: 'Query it with `sqlite3 file .schema`.',
	},
	{magic: [0xca, 0xfe, 0xba, 0xbe], kind: 'Java class file', advice: 'Inspect it with `javap -c`.'},
	{magic: [0x00, 0x61, 0x73, 0x6d], kind: 'WebAssembly module', advice: 'Inspect it with `wasm-objdump -x`.'},
];

/** Extensions that name binary formats; used with the bytes, never alone against valid text. */
const binaryExtensions: Readonly<Record<string, string>> = {
	so: 'shared library',
	o: 'object file',
	a: 'static library',
	dll: 'Windows library',
	exe: 'Windows executable',
	dylib: 'macOS library',
	class: 'Java class file',
	jar: 'Java archive',
	pyc: 'Python bytecode',
	wasm: 'WebAssembly module',
	zip: 'ZIP archive',
	gz: 'gzip archive',
	tgz: 'gzip archive',
	bz2: 'bzip2 archive',
	xz: 'xz archive',
	zst: 'zstd archive',
	'7z': '7-Zip archive',
	tar: 'tar archive',
	png: 'PNG image',
	jpg: 'JPEG image',
	jpeg: 'JPEG image',
	gif: 'GIF image',
	webp: 'WebP image',
	bmp: 'BMP image',
	ico: 'icon',
	pdf: 'PDF document',
	docx: 'Word document',
	xlsx: 'Excel workbook',
	pptx: 'PowerPoint deck',
	sqlite: 'SQLite database',
	db: 'database file',
	mp3: 'audio file',
	mp4: 'video file',
	woff: 'font',
	woff2: 'font',
	ttf: 'font',
	otf: 'font',
};

function matches(bytes: Uint8Array, signature: Signature): boolean {
	const offset = signature.offset ?? 0;
	return signature.magic.every((byte, index) => bytes[offset + index] === byte);
}

/** Valid UTF-8, allowing a sequence cut off by the end of the sample. */
function isUtf8(sample: Uint8Array): boolean {
	return isUtf8Buffer(sample.subarray(0, completeUtf8Length(sample)));
}

/** Share of bytes in the sample that no text file has: C0 controls other than whitespace, ESC and form feed. */
function controlShare(sample: Uint8Array): number {
	let controls = 0;
	for (const byte of sample) {
		if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1b) {
			controls++;
		}
	}

	return sample.length === 0 ? 0 : controls / sample.length;
}

function extensionOf(filePath: string): string {
	const name = path.basename(filePath).toLowerCase();
	const dot = name.lastIndexOf('.');
	return dot > 0 ? name.slice(dot + 1) : '';
}

/** Decides from a file's first bytes (and, for undecodable bytes, its extension) whether it is text. */
export function sniff(sample: Uint8Array, filePath: string): Sniffed {
	const extension = extensionOf(filePath);
	if (sample[0] === 0xff && sample[1] === 0xfe) {
		return {type: 'text', encoding: 'utf-16le', bomBytes: 2};
	}

	if (sample[0] === 0xfe && sample[1] === 0xff) {
		return {type: 'text', encoding: 'utf-16be', bomBytes: 2};
	}

	const bomBytes = sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf ? 3 : 0;
	const signature = signatures.find((candidate) => matches(sample, candidate));
	// A text file may start with "BM" or a gzip-like byte pair; trust short magics only with other evidence.
	const strongSignature = signature && (signature.magic.length >= 3 || !isUtf8(sample));
	if (signature && strongSignature) {
		return {type: 'binary', kind: signature.kind, advice: signature.advice};
	}

	const namedKind = binaryExtensions[extension];
	const text = sample.subarray(bomBytes);
	const hasNul = text.includes(0);
	if (hasNul || controlShare(text) > 0.1 || (namedKind !== undefined && !isUtf8(text))) {
		return {
			type: 'binary',
			kind: namedKind,
			advice:
				'Inspect it with a shell command such as `file`, `xxd | head` or `strings`, or with a tool made for its format.',
		};
	}

	return {type: 'text', encoding: 'utf-8', bomBytes};
}
