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
