/*
Word bombs under the ZIP ratio check (a few MB packed, millions of paragraphs) are bounded by what a
read will show, not by the clock: before mammoth converts a document, its body is cut after the first
`maxParagraphs` top-level paragraphs (outside tables, content controls and text boxes, so the XML stays
well formed), and the part is packed again (stored, no compression). The part is inflated as a stream
and left as soon as enough paragraphs are in, so the paragraphs past the cut are never unpacked. Plain JavaScript: it runs in the document worker (extract-worker.js).
*/

/** Containers whose paragraphs are not top level: a cut inside one would leave it open. */
const containers = /<(\/?)w:(tbl|sdt|txbxContent)[\s>]|<\/w:p>/g;

/** `xml` cut after `maxParagraphs` top-level paragraphs, and how many it kept; undefined when it has fewer. */
export function cutParagraphs(xml, maxParagraphs) {
	let depth = 0;
	let kept = 0;
	let cutAt = -1;
	containers.lastIndex = 0;
	for (let match = containers.exec(xml); match !== null; match = containers.exec(xml)) {
		if (match[2] === undefined) {
			if (depth === 0 && ++kept === maxParagraphs) {
				cutAt = match.index + match[0].length;
				break;
			}
		} else if (match[1] === '/') {
			depth = Math.max(0, depth - 1);
		} else if (!match[0].endsWith('/>')) {
			depth++;
		}
	}

	if (cutAt === -1) {
		return undefined;
	}

	return {xml: `${xml.slice(0, cutAt)}</w:body></w:document>`, kept};
}

/**
The Word file in `data` with its body cut after `maxParagraphs` top-level paragraphs, as a Buffer for
mammoth, and how many it kept; the file as it is when it is shorter or its main part is not where Word puts it.
*/
export async function boundedWord(data, maxParagraphs) {
	const whole = {buffer: Buffer.from(data), cut: undefined};
	if (!Number.isSafeInteger(maxParagraphs) || maxParagraphs < 1) {
		return whole;
	}

	const {default: JSZip} = await import('jszip');
	const zip = await JSZip.loadAsync(data);
	const part = zip.file('word/document.xml');
	if (part === null) {
		return whole;
	}

	// Inflated as a stream and left once enough paragraphs are in: a bomb's millions are never unpacked.
	const cut = await new Promise((resolve, reject) => {
		const decoder = new TextDecoder();
		const stream = part.internalStream('uint8array');
		let xml = '';
		let tried = 0;
		stream.on('data', (chunk) => {
			xml += decoder.decode(chunk, {stream: true});
			// Looked for each time the text doubles, so the scans cost about one pass in all.
			if (xml.length >= 2 * tried) {
				tried = xml.length;
				const found = cutParagraphs(xml, maxParagraphs);
				if (found !== undefined) {
					stream.pause();
					resolve(found);
				}
			}
		});
		stream.on('error', reject);
		stream.on('end', () => {
			resolve(cutParagraphs(xml, maxParagraphs));
		});
		stream.resume();
	});
	if (cut === undefined) {
		return whole;
	}

	zip.file('word/document.xml', cut.xml);
	const buffer = await zip.generateAsync({type: 'nodebuffer', compression: 'STORE'});
	return {buffer, cut: {kept: cut.kept}};
}

/** Longest tag the scan looks for (`<w:txbxContent `): a chunk's last characters wait for the next chunk. */
const longestTag = 16;

/**
The body's last `keep` top-level paragraphs of `xml`, streamed: the part before the first paragraph,
then a ring of the last `keep` pieces that each end at a top-level paragraph's end, then what follows
the last one (section properties, the closing tags). Only the ring and one unfinished piece are held.
*/
class TailRing {
	constructor(keep) {
		this.keep = keep;
		this.ring = [];
		this.next = 0;
		this.total = 0;
		this.head = undefined;
		this.pending = '';
		this.scanFrom = 0;
		this.depth = 0;
	}

	add(text, final) {
		this.pending += text;
		if (this.head === undefined) {
			const body = this.pending.search(/<w:body[\s>]/);
			const bodyEnd = body === -1 ? -1 : this.pending.indexOf('>', body);
			if (bodyEnd === -1) {
				return;
			}

			this.head = this.pending.slice(0, bodyEnd + 1);
			this.pending = this.pending.slice(bodyEnd + 1);
		}

		const safeEnd = final ? this.pending.length : Math.max(0, this.pending.length - longestTag);
		let pieceStart = 0;
		containers.lastIndex = this.scanFrom;
		let resumeAt = safeEnd;
		for (let match = containers.exec(this.pending); match !== null; match = containers.exec(this.pending)) {
			if (match.index >= safeEnd) {
				break;
			}

			resumeAt = Math.max(safeEnd, match.index + match[0].length);
			if (match[2] === undefined) {
				if (this.depth === 0) {
					const end = match.index + match[0].length;
					this.push(this.pending.slice(pieceStart, end));
					pieceStart = end;
				}
			} else if (match[1] === '/') {
				this.depth = Math.max(0, this.depth - 1);
			} else if (!match[0].endsWith('/>')) {
				this.depth++;
			}
		}

		this.pending = this.pending.slice(pieceStart);
		this.scanFrom = Math.max(0, resumeAt - pieceStart);
	}

	push(piece) {
		this.total++;
		if (this.ring.length < this.keep) {
			this.ring.push(piece);
		} else {
			this.ring[this.next] = piece;
			this.next = (this.next + 1) % this.keep;
		}
	}

	/** The cut document, or undefined when the body has no more than `keep` paragraphs (or no body). */
	cut() {
		if (this.head === undefined || this.total <= this.keep) {
			return undefined;
		}

		const pieces = [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)];
		return {xml: this.head + pieces.join('') + this.pending, kept: this.keep, total: this.total};
	}
}

/**
The Word file in `data` with its body cut to the last `keepParagraphs` top-level paragraphs, for a tail:
the part is inflated as a stream and only the last paragraphs are held, so a bomb's millions cost one
pass, never a conversion. The file as it is when it is shorter.
*/
export async function lastParagraphsWord(data, keepParagraphs) {
	const whole = {buffer: Buffer.from(data), cut: undefined};
	if (!Number.isSafeInteger(keepParagraphs) || keepParagraphs < 1) {
		return whole;
	}

	const {default: JSZip} = await import('jszip');
	const zip = await JSZip.loadAsync(data);
	const part = zip.file('word/document.xml');
	if (part === null) {
		return whole;
	}

	const ring = new TailRing(keepParagraphs);
	await new Promise((resolve, reject) => {
		const decoder = new TextDecoder();
		const stream = part.internalStream('uint8array');
		stream.on('data', (chunk) => {
			ring.add(decoder.decode(chunk, {stream: true}), false);
		});
		stream.on('error', reject);
		stream.on('end', () => {
			ring.add(decoder.decode(), true);
			resolve(undefined);
		});
		stream.resume();
	});
	const cut = ring.cut();
	if (cut === undefined) {
		return whole;
	}

	zip.file('word/document.xml', cut.xml);
	const buffer = await zip.generateAsync({type: 'nodebuffer', compression: 'STORE'});
	return {buffer, cut: {kept: cut.kept, total: cut.total, from: 'end'}};
}
